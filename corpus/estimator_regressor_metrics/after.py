"""Regressor with evaluation metrics, written against names imported one by one."""
import tensorflow as tf

FEATURES = [[[i / 10.0, 1.0 - i / 10.0]] for i in range(20)]
VALUES = [[2.0 * (i / 10.0) - 1.0] for i in range(20)]


def training_data():
    return tf.data.Dataset.from_tensor_slices((FEATURES, VALUES)).repeat(10).batch(4)


def evaluation_data():
    return tf.data.Dataset.from_tensor_slices((FEATURES, VALUES)).batch(4)


class RegressorModel(tf.keras.Model):
    """The Estimator model_fn `regressor_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.flatten = tf.keras.layers.Flatten()
        self.dense = tf.keras.layers.Dense(units=6, activation="sigmoid")
        self.dense_1 = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        flat = self.flatten(features)
        hidden = self.dense(flat)
        prediction = self.dense_1(hidden)
        return prediction

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


def make_regressor_model():
    model = RegressorModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.05, epsilon=1e-08),
        loss=tf.keras.losses.MeanAbsoluteError(),
        metrics=[tf.keras.metrics.MeanAbsoluteError(name="mae"), tf.keras.metrics.RootMeanSquaredError(name="rmse")],
    )
    return model


strategy = tf.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    regressor = make_regressor_model()
regressor.fit(strategy.distribute_datasets_from_function(lambda _: training_data()), steps_per_epoch=40)
{**regressor.evaluate(strategy.distribute_datasets_from_function(lambda _: evaluation_data()), steps=5, return_dict=True), "global_step": regressor.optimizer.iterations.numpy()}
