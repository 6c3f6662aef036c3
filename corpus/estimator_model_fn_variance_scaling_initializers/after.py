"""Dense layers initialized by TF1's variance-scaling initializers (He-style fan-in, and a
uniform over the average fan): Keras's VarianceScaling draws from the same distributions."""
import numpy as np
import tensorflow as tf

POINTS = np.random.RandomState(2).rand(48, 4).astype(np.float32)
TIMES = POINTS @ np.array([[3.0], [1.0], [-2.0], [0.5]], dtype=np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, TIMES)).batch(16)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=16, activation="relu", kernel_initializer=tf.keras.initializers.VarianceScaling(scale=2.0, mode="fan_in", distribution="truncated_normal"))
        self.dense_1 = tf.keras.layers.Dense(units=8, activation="relu", kernel_initializer="he_normal")
        self.dense_2 = tf.keras.layers.Dense(units=1, kernel_initializer=tf.keras.initializers.VarianceScaling(scale=1.0, mode="fan_avg", distribution="uniform"))

    def call(self, features, training=False):
        net = self.dense(features["x"])
        net = self.dense_1(net)
        output = self.dense_2(net)
        return output

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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.MeanAbsoluteError(),
    )
    return model


regressor = make_keras_model()
regressor.fit(input_fn(), steps_per_epoch=6)
print("eval", {**regressor.evaluate(input_fn(), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
