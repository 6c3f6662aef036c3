"""MirroredStrategy in RunConfig(train_distribute, eval_distribute) and the value of train_and_evaluate."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

DIGITS = np.random.RandomState(9).rand(8, 6, 6, 1).astype("float32")
LABELS = np.array([1, 0, 1, 1, 0, 0, 1, 0], dtype="int32")


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((DIGITS, LABELS)).repeat().batch(2)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((DIGITS, LABELS)).batch(4)


class CnnModel(tf2.keras.Model):
    """The Estimator model_fn `cnn_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.conv2d = tf2.keras.layers.Conv2D(filters=3, kernel_size=(2, 2), activation="relu")
        self.average_pooling2d = tf2.keras.layers.AveragePooling2D(pool_size=(2, 2), strides=(2, 2))
        self.flatten = tf2.keras.layers.Flatten()
        self.dense = tf2.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        net = self.conv2d(features)
        net = self.average_pooling2d(net)
        logits = self.dense(self.flatten(net))
        return logits

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


def make_cnn_model():
    model = CnnModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.2),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


strategy = tf2.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    estimator = make_cnn_model()
estimator.fit(strategy.distribute_datasets_from_function(lambda _: train_input_fn()), steps_per_epoch=6)
metrics, exports = ({**estimator.evaluate(strategy.distribute_datasets_from_function(lambda _: eval_input_fn()), steps=2, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}, [])
print("accuracy", metrics["accuracy"], "step", metrics["global_step"], "exports", exports)
