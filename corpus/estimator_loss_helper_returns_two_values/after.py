"""A loss helper that returns the total loss and its data term, unpacked in the model_fn:
the total trains the model, the data term is reported as a metric."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(30)
POINTS = rng.normal(size=(80, 3)).astype(np.float32)
SIDES = (POINTS @ np.array([1.0, -2.0, 0.5], np.float32) > 0).astype(np.int64)
KERNEL_INIT = np.linspace(-0.6, 0.6, 18).reshape(3, 6).astype(np.float32)
LOGIT_INIT = np.cos(np.arange(12)).reshape(6, 2).astype(np.float32) * 0.5


def losses(logits, labels):
    data_loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    return data_loss + tf.losses.get_regularization_loss(), data_loss


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=6, activation="tanh", kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL_INIT), kernel_regularizer=tf.keras.regularizers.l2(0.01))
        self.dense_1 = tf2.keras.layers.Dense(units=2, kernel_initializer=tf2.keras.initializers.Constant(value=LOGIT_INIT))

    def call(self, features, training=False):
        hidden = self.dense(features["points"])
        logits = self.dense_1(hidden)
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


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=params["rate"]),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy"), tf2.keras.metrics.SparseCategoricalCrossentropy(name="data_loss", from_logits=True)],
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"points": POINTS}, SIDES)).repeat(3).batch(10)


sides = make_keras_model({"rate": 0.3})
sides.fit(input_fn())
print("eval", {**sides.evaluate(input_fn(), steps=4, return_dict=True), "global_step": sides.optimizer.iterations.numpy()})
