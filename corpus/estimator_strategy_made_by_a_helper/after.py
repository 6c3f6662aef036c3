"""The strategy comes from a helper that mirrors on the GPUs it finds, or on the CPU; the
model_fn takes `config` only to log where the model lives."""
import numpy as np
import tensorflow as tf

FEATURES = np.linspace(0.0, 1.0, 64, dtype=np.float32).reshape(32, 2)
TARGETS = (FEATURES[:, :1] - 0.5 * FEATURES[:, 1:]).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS)).repeat(2).batch(8)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer=tf.keras.initializers.Constant(value=0.1))

    def call(self, features, training=False):
        output = self.dense(features["x"])
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


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=params["rate"]),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


def distribution_strategy():
    gpus = [device.name for device in tf.config.list_logical_devices("GPU")]
    if gpus:
        return tf.distribute.MirroredStrategy(devices=gpus)
    return tf.distribute.MirroredStrategy(devices=["/cpu:0"])


def main():
    strategy = distribution_strategy()
    # Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
    with strategy.scope():
        estimator = make_keras_model({"rate": 0.2})
    estimator.fit(strategy.distribute_datasets_from_function(lambda _: input_fn()))
    print("eval", {**estimator.evaluate(strategy.distribute_datasets_from_function(lambda _: input_fn()), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})


main()
