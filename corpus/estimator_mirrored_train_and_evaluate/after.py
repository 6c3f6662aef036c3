"""Fit y = 0.5 * (a + b) on every local device, the TF1 Estimator way."""
import tensorflow.compat.v1 as tf1
import tensorflow as tf

POINTS = [[i / 8.0, (i % 5) / 4.0] for i in range(16)]
TARGETS = [[0.5 * (a + b)] for a, b in POINTS]
HELD_OUT = [[0.3, 0.6], [0.9, 0.1], [0.4, 0.4], [0.2, 0.8]]
HELD_OUT_TARGETS = [[0.5 * (a + b)] for a, b in HELD_OUT]


def train_input_fn():
    dataset = tf1.data.Dataset.from_tensor_slices((POINTS, TARGETS))
    return dataset.repeat(8).batch(2)


def eval_input_fn():
    return tf1.data.Dataset.from_tensor_slices((HELD_OUT, HELD_OUT_TARGETS)).batch(2)


# One hidden layer, then a linear output.
class RegressionModel(tf.keras.Model):
    """The Estimator model_fn `regression_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=8, activation="tanh")
        self.dense_1 = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        hidden = self.dense(features)
        output = self.dense_1(hidden)
        return output

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


def make_regression_model():
    model = RegressionModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adagrad(learning_rate=0.1, epsilon=0.0),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


strategy = tf.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    regressor = make_regression_model()

regressor.fit(strategy.distribute_datasets_from_function(lambda _: train_input_fn()))
{**regressor.evaluate(strategy.distribute_datasets_from_function(lambda _: eval_input_fn()), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()}
