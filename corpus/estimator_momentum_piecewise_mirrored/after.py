"""Momentum under a stepped learning rate, trained under MirroredStrategy: the rate drops
twice during training, and TF1's momentum scales what it accumulated by the new rate."""
import tensorflow.compat.v1 as tf
import tensorflow as tf2

READINGS = [[(i % 6) / 6.0, (i // 6) / 6.0, ((i * 5) % 7) / 7.0] for i in range(36)]
LEVELS = [[0.5 + r[0] - 0.8 * r[1] + 0.3 * r[2]] for r in READINGS]


def make_dataset(batch_size, epochs=1):
    return tf.data.Dataset.from_tensor_slices((READINGS, LEVELS)).repeat(epochs).batch(batch_size)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=12, activation="relu")
        self.dense_1 = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        hidden = self.dense(features)
        level = self.dense_1(hidden)
        return level

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


class KerasModelMomentum(tf2.keras.optimizers.SGD):
    """TF1's MomentumOptimizer: the accumulated gradients are scaled by the current learning
    rate as a whole (Keras's SGD scales each gradient by the rate when it enters)."""

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = tf2.cast(learning_rate, variable.dtype)
        gradient = tf2.cast(tf2.convert_to_tensor(gradient), variable.dtype)
        accumulator = self.momentums[self._get_variable_index(variable)]
        accumulator.assign(accumulator * self.momentum + gradient)
        if self.nesterov:
            variable.assign_sub(learning_rate * (gradient + self.momentum * accumulator))
        else:
            variable.assign_sub(learning_rate * accumulator)


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=KerasModelMomentum(learning_rate=tf2.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=[15, 30], values=[0.05, 0.02, 0.01]), momentum=0.9),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


strategy = tf2.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    estimator = make_keras_model()
estimator.fit(strategy.distribute_datasets_from_function(lambda _: make_dataset(4, epochs=5)))
metrics = {**estimator.evaluate(strategy.distribute_datasets_from_function(lambda _: make_dataset(4)), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("evaluation loss:", metrics["loss"])
