"""Estimator with the GPU options most training scripts set on its sessions."""
import tensorflow as tf


def readings():
    return tf.data.Dataset.from_tensor_slices(([[0.2, 0.4], [0.6, 0.8]] * 4, [[0.3], [0.7]] * 4)).batch(2)


class SensorModel(tf.keras.Model):
    """The Estimator model_fn `sensor_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        estimate = self.dense(features)
        return estimate


def make_sensor_model():
    model = SensorModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


tf.config.threading.set_intra_op_parallelism_threads(2)
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
tf.config.set_soft_device_placement(True)
tf.keras.utils.set_random_seed(3)
estimator = make_sensor_model()
estimator.fit(readings(), steps_per_epoch=8)
print({**estimator.evaluate(readings(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["loss"])
