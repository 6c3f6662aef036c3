"""A custom model_fn evaluated on 20 examples in batches of 8: the last batch is short, and
evaluate()'s loss is the mean of the three batch losses, each batch counted once."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(3)
X = RNG.rand(20, 3).astype("float32")
Y = (X @ np.array([1.0, -2.0, 0.5], "float32") + 0.3 * RNG.rand(20).astype("float32")).astype("float32")


def input_fn(repeat):
    data = tf.data.Dataset.from_tensor_slices(({"x": X}, Y))
    return data.repeat().batch(8) if repeat else data.batch(8)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=4, activation="relu", kernel_initializer=tf.keras.initializers.Constant(value=0.3))
        self.dense_1 = tf.keras.layers.Dense(units=1, kernel_initializer=tf.keras.initializers.Constant(value=-0.2))

    def call(self, features, training=False):
        hidden = self.dense(features["x"])
        output = tf.squeeze(self.dense_1(hidden), 1)
        return tf.expand_dims(output, -1)

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
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.05),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(True), steps_per_epoch=6)
print("eval", {**estimator.evaluate(input_fn(False), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
