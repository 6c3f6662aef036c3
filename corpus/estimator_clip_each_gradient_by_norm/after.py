"""Gradients unpacked from compute_gradients, each clipped to a norm the params give,
then zipped back for apply_gradients."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(2)
PIXELS = rng.uniform(size=(72, 5)).astype(np.float32)
SCORES = (PIXELS.sum(axis=1, keepdims=True) * 3.0 - 4.0).astype(np.float32)
HIDDEN_INIT = np.linspace(-0.6, 0.6, 40).reshape(5, 8).astype(np.float32)
OUT_INIT = np.cos(np.arange(8)).reshape(8, 1).astype(np.float32)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=8, activation="relu", kernel_initializer=tf2.keras.initializers.Constant(value=HIDDEN_INIT))
        self.dense_1 = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=OUT_INIT))

    def call(self, features, training=False):
        net = self.dense(features["pixels"])
        score = self.dense_1(net)
        return score

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf2.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        replicas = tf2.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf2.minimum(tf2.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=params["rate"], momentum=0.9, clipnorm=params["max_norm"]),
        loss=tf2.keras.losses.MeanAbsoluteError(),
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"pixels": PIXELS}, SCORES)).repeat(2).batch(12)


regressor = make_keras_model({"rate": 0.05, "max_norm": 0.25})
regressor.fit(input_fn())
print("eval", {**regressor.evaluate(input_fn(), steps=4, return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
