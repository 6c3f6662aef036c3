"""Logistic regression on tf.get_variable weights, with an l2_loss penalty added by hand."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

INPUTS = np.random.RandomState(4).randn(80, 3).astype("float32")
OUTCOMES = (INPUTS[:, 0] - INPUTS[:, 2] > 0).astype("float32").reshape(-1, 1)
L2 = 0.01


def input_fn():
    return tf.data.Dataset.from_tensor_slices((INPUTS, OUTCOMES)).repeat().batch(20)


class LogregModel(tf2.keras.Model):
    """The Estimator model_fn `logreg_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.weights_1 = self.add_weight(shape=[3, 1], initializer="zeros", regularizer=tf2.keras.regularizers.L2(0.5 * (L2)), name="weights")
        self.bias = self.add_weight(shape=[1], initializer="zeros", name="bias")

    def call(self, features, training=False):
        weights = self.weights_1
        bias = self.bias
        logits = tf.matmul(features, weights) + bias
        return logits

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


def make_logreg_model():
    model = LogregModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.5),
        loss=tf2.keras.losses.BinaryCrossentropy(from_logits=True),
    )
    return model


estimator = make_logreg_model()
estimator.fit(input_fn(), steps_per_epoch=25)
print({**estimator.evaluate(input_fn(), steps=4, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["loss"])
