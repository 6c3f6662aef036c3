"""Weight decay written by hand: the penalty sums l2_loss over every trainable variable whose
name does not mention a bias, and is added only when the hyperparameter asks for it."""
import tensorflow.compat.v1 as tf
import tensorflow as tf2

HPARAMS = {"hidden": [16, 8], "weight_decay": 0.01, "learning_rate": 0.1}
POINTS = [[(i % 8) / 8.0, (i // 8) / 4.0] for i in range(32)]
TARGETS = [[1.0 + p[0] - 2.0 * p[1]] for p in POINTS]


def make_dataset(batch_size, epochs=1):
    return tf.data.Dataset.from_tensor_slices((POINTS, TARGETS)).repeat(epochs).batch(batch_size)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = []
        for i, units in enumerate(params["hidden"]):
            self.dense.append(tf2.keras.layers.Dense(units=units, activation="relu", kernel_regularizer=(tf2.keras.regularizers.L2(0.5 * (params["weight_decay"])) if params["weight_decay"] > 0 else None)))
        self.dense_1 = tf2.keras.layers.Dense(units=1, kernel_regularizer=(tf2.keras.regularizers.L2(0.5 * (params["weight_decay"])) if params["weight_decay"] > 0 else None))

    def call(self, features, training=False):
        params = self.params
        net = features
        for (i, units), dense_layer in zip(enumerate(params["hidden"]), self.dense):
            net = dense_layer(net)
        prediction = self.dense_1(net)
        return prediction

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


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=params["learning_rate"]),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


strategy = tf2.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    estimator = make_keras_model(HPARAMS)
estimator.fit(strategy.distribute_datasets_from_function(lambda _: make_dataset(4, epochs=4)))
metrics = {**estimator.evaluate(strategy.distribute_datasets_from_function(lambda _: make_dataset(4)), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("evaluation loss:", metrics["loss"])
