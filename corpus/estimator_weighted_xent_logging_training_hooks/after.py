"""A weighted cross-entropy written with tf.nn, pos_weight from params, and a logging training hook."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

AMOUNTS = np.random.RandomState(8).rand(40, 3).astype("float32")
FRAUD = (AMOUNTS[:, 0] > 0.8).astype("float32").reshape(-1, 1)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((AMOUNTS, FRAUD)).repeat(3).batch(8)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        logits = self.dense(features)
        return logits

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds
        # up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).
        y_true = y
        params = self.params
        return tf.reduce_mean((tf.nn.weighted_cross_entropy_with_logits(labels=y_true, logits=y_pred, pos_weight=params["pos_weight"])), name="weighted_xent") / tf2.distribute.get_strategy().num_replicas_in_sync

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
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.5),
    )
    return model


estimator = make_keras_model({"pos_weight": 4.0})
estimator.fit(input_fn())
print({**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["loss"])
