"""The getting-started linear model whose train op groups the update with the step
increment, trained for a number of steps on an endless input, then again on an input that
runs out before the steps asked for."""
import numpy as np
import tensorflow as tf

x_train = np.array([1.0, 2.0, 3.0, 4.0], np.float64)
y_train = np.array([0.0, -1.0, -2.0, -3.0], np.float64)
x_eval = np.array([2.0, 5.0, 8.0, 1.0], np.float64)
y_eval = np.array([-1.01, -4.1, -7.0, 0.0], np.float64)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__(autocast=False)
        self.W = self.add_weight(shape=[1], initializer="zeros", dtype=tf.float64, name="W")
        self.b = self.add_weight(shape=[1], initializer="zeros", dtype=tf.float64, name="b")

    def call(self, features, training=False):
        W = self.W
        b = self.b
        y = W * features["x"] + b
        return y

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds
        # up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).
        y_true = y
        return tf.reduce_sum(tf.square((y_pred - y_true))) / tf.distribute.get_strategy().num_replicas_in_sync

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

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        y = self(features, training=False)
        return y


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.01),
    )
    return model


estimator = make_keras_model()
steps_before = estimator.optimizer.iterations.numpy()
estimator.fit(tf.data.Dataset.from_tensor_slices(({"x": x_train}, y_train)).repeat().batch(4), steps_per_epoch=25)
# TF1's train op advanced the global step beside the update: when the input ran out, its last run advanced it once more.
if estimator.optimizer.iterations.numpy() - steps_before < 25:
    estimator.optimizer.iterations.assign_add(1)
print("after 25", {**estimator.evaluate(tf.data.Dataset.from_tensor_slices(({"x": x_train}, y_train)).repeat().batch(4), steps=3, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
steps_before = estimator.optimizer.iterations.numpy()
estimator.fit(tf.data.Dataset.from_tensor_slices(({"x": x_eval}, y_eval)).repeat(5).batch(2), steps_per_epoch=100)
# TF1's train op advanced the global step beside the update: when the input ran out, its last run advanced it once more.
if estimator.optimizer.iterations.numpy() - steps_before < 100:
    estimator.optimizer.iterations.assign_add(1)
print("after short", {**estimator.evaluate(tf.data.Dataset.from_tensor_slices(({"x": x_train}, y_train)).repeat().batch(4), steps=3, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
