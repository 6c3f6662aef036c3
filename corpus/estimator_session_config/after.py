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

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        replicas = tf.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)


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
