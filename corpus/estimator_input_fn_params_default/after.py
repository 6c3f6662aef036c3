"""input_fns whose `params` and `mode` have defaults: the Estimator passed both by name
anyway, so the batch size comes from the Estimator's params and the mode decides the
repeat."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(8).rand(24, 2).astype(np.float32)
TARGETS = FEATURES.sum(axis=1, keepdims=True) - 0.5


def input_fn(mode=None, params=None):
    batch_size = params["batch_size"] if params else 1
    dataset = tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS))
    if mode == "train":
        dataset = dataset.repeat()
    return dataset.batch(batch_size)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer="zeros")

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


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=params["learning_rate"]),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


estimator = make_keras_model({"batch_size": 6, "learning_rate": 0.1})
estimator.fit(input_fn(mode="train", params={"batch_size": 6, "learning_rate": 0.1}), steps_per_epoch=5)
print("eval", {**estimator.evaluate(input_fn(mode="eval", params={"batch_size": 6, "learning_rate": 0.1}), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
