"""Fit a small regression with the two-step optimizer calls many TF1 tutorials show."""
import tensorflow.compat.v1 as tf
import tensorflow as tf2

POINTS = [[i / 10.0, (i % 4) / 3.0] for i in range(20)]
TARGETS = [[0.3 * a - 0.7 * b + 0.1] for a, b in POINTS]


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, TARGETS)).repeat(10).batch(4)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=params["units"], activation="relu")
        self.dense_1 = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        hidden = self.dense(features)
        predictions = self.dense_1(hidden)
        return predictions

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
        predictions = self(features, training=False)
        return {"y": predictions}

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


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=params["learning_rate"], epsilon=1e-08),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


strategy = tf2.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    estimator = make_keras_model({"units": 8, "learning_rate": 0.01})
estimator.fit(strategy.distribute_datasets_from_function(lambda _: train_input_fn()))
print({**estimator.evaluate(train_input_fn(), steps=5, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
