"""Per-example weights from the features, some of them zero (padding rows): TF1's default
reduction divides the weighted sum by the number of non-zero weights, not by the batch."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(21)
TOKENS = rng.normal(size=(60, 5)).astype(np.float32)
TAGS = (TOKENS[:, 1] - TOKENS[:, 4] > 0).astype(np.int32) + (TOKENS[:, 0] > 1.0).astype(np.int32)
MASK = (np.arange(60) % 4 != 3).astype(np.float32)  # every fourth row is padding
HIDDEN_INIT = np.sin(np.arange(40)).reshape(5, 8).astype(np.float32) * 0.4
OUTPUT_INIT = np.cos(np.arange(24)).reshape(8, 3).astype(np.float32) * 0.4


def input_fn():
    features = {"tokens": TOKENS, "mask": MASK}
    return tf.data.Dataset.from_tensor_slices((features, TAGS)).repeat(2).batch(12)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=8, activation="relu", kernel_initializer=tf2.keras.initializers.Constant(value=HIDDEN_INIT))
        self.dense_1 = tf2.keras.layers.Dense(units=3, kernel_initializer=tf2.keras.initializers.Constant(value=OUTPUT_INIT))

    def call(self, features, training=False):
        hidden = self.dense(features["tokens"])
        logits = self.dense_1(hidden)
        return logits

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds
        # up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).
        y_true = y
        losses = tf2.nn.sparse_softmax_cross_entropy_with_logits(labels=tf2.cast(tf2.reshape(y_true, tf2.shape(y_pred)[:-1]), tf2.int32), logits=y_pred)
        weights = tf2.cast(x["mask"], losses.dtype)
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
        optimizer=tf2.keras.optimizers.Adam(learning_rate=0.05, epsilon=1e-08),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


tagger = make_keras_model()
tagger.fit(input_fn())
print("eval", {**tagger.evaluate(input_fn(), return_dict=True), "global_step": tagger.optimizer.iterations.numpy()})
