"""A linear model written with raw variables, whose train op groups the update with an
increment of the global step, as the early getting-started guides wrote it."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

X_TRAIN = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], np.float32)
Y_TRAIN = np.array([0.1, -0.9, -2.2, -2.8, -4.1, -5.0], np.float32)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.slope = self.add_weight(shape=[1], initializer="zeros", dtype=tf.float32, name="slope")
        self.offset = self.add_weight(shape=[1], initializer="zeros", dtype=tf.float32, name="offset")

    def call(self, features, training=False):
        slope = self.slope
        offset = self.offset
        line = slope * features["x"] + offset
        return line

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds
        # up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).
        y_true = y
        return tf.reduce_sum(tf.square((y_pred - y_true))) / tf2.distribute.get_strategy().num_replicas_in_sync

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

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        line = self(features, training=False)
        return line


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.005),
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X_TRAIN}, Y_TRAIN)).repeat(20).batch(3)


estimator = make_keras_model()
estimator.fit(input_fn())
# TF1's train op advanced the global step beside the update: when the input ran out, its last run advanced it once more.
estimator.optimizer.iterations.assign_add(1)
print("eval", {**estimator.evaluate(input_fn(), steps=2, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
