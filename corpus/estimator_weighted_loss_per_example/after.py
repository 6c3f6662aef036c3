"""A loss weighted per example by a feature of the batch (weights=...): TF1's reduction, written out."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

X = np.random.RandomState(25).rand(8, 3).astype("float32")
W = np.array([1.0, 2.0, 1.0, 0.5, 1.0, 3.0, 1.0, 1.0], dtype="float32")
Y = np.array([0, 1, 2, 1, 0, 2, 1, 0], dtype="int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X, "weight": W}, Y)).repeat().batch(4)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=3)

    def call(self, features, training=False):
        logits = self.dense(features["x"])
        return logits

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds
        # up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).
        y_true = y
        losses = tf2.nn.sparse_softmax_cross_entropy_with_logits(labels=tf2.cast(tf2.reshape(y_true, tf2.shape(y_pred)[:-1]), tf2.int32), logits=y_pred)
        weights = tf2.cast(x["weight"], losses.dtype)
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
        optimizer=tf2.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=4)
