"""Weights of shape (batch, 1) on the element-wise loss of a (batch, 3) output: TF1 broadcast
them over the three columns and counted every non-zero element of the broadcast weights."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(9)
INPUTS = rng.normal(size=(40, 3)).astype(np.float32)
TARGETS = (INPUTS @ np.array([[1.0, 0.5, 0.0], [0.0, -1.0, 0.5], [0.5, 0.0, -0.5]], np.float32)).astype(np.float32)
RELIABLE = (np.arange(40) % 5 != 0).astype(np.float32)
KERNEL = np.linspace(-0.5, 0.5, 9).reshape(3, 3).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": INPUTS, "w": RELIABLE}, TARGETS)).repeat(3).batch(8)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=3, kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL))

    def call(self, features, training=False):
        outputs = self.dense(features["x"])
        return outputs

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds
        # up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).
        y_true = y
        losses = tf2.math.squared_difference(y_pred, tf2.cast(tf2.reshape(y_true, tf2.shape(y_pred)), y_pred.dtype))
        weights = tf2.cast(tf.expand_dims(x["w"], 1), losses.dtype)
        # TF1 took a squeezable last dimension off the weights, then broadcast them to the losses
        weights = (tf2.reshape(weights, tf2.shape(losses)) if weights.shape.rank == losses.shape.rank + 1 else tf2.broadcast_to(weights, tf2.shape(losses)))
        # tf.losses' default reduction: over the number of non-zero weights
        return tf2.math.divide_no_nan(tf2.reduce_sum(losses * weights), tf2.cast(tf2.math.count_nonzero(weights), losses.dtype)) / tf2.distribute.get_strategy().num_replicas_in_sync

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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.1),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn())
print("eval", {**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
