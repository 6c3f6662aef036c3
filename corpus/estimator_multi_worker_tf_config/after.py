"""Each worker of the job runs this file; TF_CONFIG (set by the cluster) says which one it is."""
import tensorflow as tf

SAMPLES = [[float(i % 7), float(i % 3)] for i in range(42)]
TARGETS = [[2.0 * a - b] for a, b in SAMPLES]


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((SAMPLES, TARGETS)).shuffle(42, seed=5).repeat().batch(7)


class LinearModel(tf.keras.Model):
    """The Estimator model_fn `linear_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        estimate = self.dense(features)
        return estimate

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


def make_linear_model():
    model = LinearModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.005),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


strategy = tf.distribute.experimental.MultiWorkerMirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    estimator = make_linear_model()
estimator.fit(strategy.distribute_datasets_from_function(lambda _: train_input_fn()), steps_per_epoch=300)
{**estimator.evaluate(train_input_fn(), steps=5, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
