"""Training and evaluation each given a MirroredStrategy of their own, as tutorials write
the RunConfig: both replicate over the same devices the same way."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(7)
x_train = rng.uniform(-1.0, 1.0, (96, 3)).astype(np.float32)
y_train = (x_train @ np.array([[0.5], [-1.0], [2.0]], np.float32) + 0.25).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": x_train}, y_train)).repeat(2).batch(8)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        prediction = self.dense(features["x"])
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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf.keras.losses.MeanSquaredError(),
        metrics=[tf.keras.metrics.MeanAbsoluteError(name="mae")],
    )
    return model


strategy = tf.distribute.MirroredStrategy()
tf.keras.utils.set_random_seed(3)
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    estimator = make_keras_model()
estimator.fit(strategy.distribute_datasets_from_function(lambda _: input_fn()))
scores = {**estimator.evaluate(strategy.distribute_datasets_from_function(lambda _: input_fn()), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("FINAL", {k: round(float(v), 6) for k, v in sorted(scores.items())})
