"""TF 1.12 style: the strategy reaches the Estimator through a DistributeConfig."""
import tensorflow as tf

READINGS = [[0.1 * i, 0.05 * (i % 4)] for i in range(24)]
LEVELS = [[0.6 * a + 0.4 * b] for a, b in READINGS]


def input_fn():
    return tf.data.Dataset.from_tensor_slices((READINGS, LEVELS)).repeat(2).batch(6)


class LevelModel(tf.keras.Model):
    """The Estimator model_fn `level_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=6, activation="relu")
        self.dense_1 = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        hidden = self.dense(features)
        level = self.dense_1(hidden)
        return level

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

    def fit(self, *args, **kwargs):
        # Keras counts one optimizer iteration more when a dataset runs out under a strategy or
        # is of unknown length (no weight changes); Estimator's global_step counted real steps.
        last = {}
        record = tf.keras.callbacks.LambdaCallback(
            on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
        history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
        if "step" in last:
            self.optimizer.iterations.assign(last["step"])
        return history


def make_level_model():
    model = LevelModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


mirrored = tf.distribute.MirroredStrategy(["/gpu:0", "/gpu:1"])
tf.keras.utils.set_random_seed(3)
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with mirrored.scope():
    estimator = make_level_model()
estimator.fit(mirrored.distribute_datasets_from_function(lambda _: input_fn()))
print({**estimator.evaluate(mirrored.distribute_datasets_from_function(lambda _: input_fn()), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
