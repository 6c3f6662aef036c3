"""A binary model on a (batch,) logit, its loss weighted per example with Reduction.MEAN
(the weighted sum over the sum of the weights), and an L2 kernel regularizer counted through
get_regularization_loss, under MirroredStrategy."""
import tensorflow.compat.v1 as tf
import tensorflow as tf2

POINTS = [[(i % 6) / 6.0, (i // 6) / 4.0] for i in range(24)]
OUTCOMES = [float(p[0] + p[1] > 0.8) for p in POINTS]
IMPORTANCE = [1.0 + (i % 3) for i in range(24)]


def make_dataset(epochs):
    features = {"point": POINTS, "importance": IMPORTANCE}
    return tf.data.Dataset.from_tensor_slices((features, OUTCOMES)).repeat(epochs).batch(4)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=6, activation="tanh", kernel_regularizer=tf.keras.regularizers.l2(0.01))
        self.dense_1 = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        hidden = self.dense(features["point"])
        logit = tf.squeeze(self.dense_1(hidden), axis=1)
        return tf2.expand_dims(logit, -1)

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds
        # up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).
        y_true = y
        targets = tf2.cast(tf2.reshape(y_true, tf2.shape(y_pred[:, 0])), y_pred[:, 0].dtype)
        losses = tf2.nn.sigmoid_cross_entropy_with_logits(labels=targets, logits=y_pred[:, 0])
        weights = tf2.cast(x["importance"], losses.dtype)
        # TF1 took a squeezable last dimension off the weights, then broadcast them to the losses
        weights = (tf2.reshape(weights, tf2.shape(losses)) if weights.shape.rank == losses.shape.rank + 1 else tf2.broadcast_to(weights, tf2.shape(losses)))
        # Reduction.MEAN: over the sum of the weights
        return (tf2.math.divide_no_nan(tf2.reduce_sum(losses * weights), tf2.reduce_sum(weights)) + sum(self.losses)) / tf2.distribute.get_strategy().num_replicas_in_sync

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

    def fit(self, *args, **kwargs):
        # Keras counts one optimizer iteration more when a dataset runs out under a strategy or
        # is of unknown length (no weight changes); Estimator's global_step counted real steps.
        last = {}
        record = tf2.keras.callbacks.LambdaCallback(
            on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
        history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
        if "step" in last:
            self.optimizer.iterations.assign(last["step"])
        return history


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.5),
    )
    return model


strategy = tf2.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    estimator = make_keras_model()
estimator.fit(strategy.distribute_datasets_from_function(lambda _: make_dataset(10)))
print("evaluation loss:", {**estimator.evaluate(strategy.distribute_datasets_from_function(lambda _: make_dataset(1)), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["loss"])
