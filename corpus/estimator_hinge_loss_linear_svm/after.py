"""A linear support-vector classifier: one logit trained on the hinge loss, with its
accuracy read on the sign of the logit."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(5)
POINTS = rng.normal(size=(80, 2)).astype(np.float32)
SIDE = (POINTS[:, 0] - 0.7 * POINTS[:, 1] > 0.1).astype(np.float32).reshape(-1, 1)
START = np.array([[0.3], [-0.2]], dtype=np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"point": POINTS}, SIDE)).repeat(2).batch(10)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=START))

    def call(self, features, training=False):
        logit = self.dense(features["point"])
        return logit

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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf2.keras.losses.Hinge(),
        metrics=[tf2.keras.metrics.BinaryAccuracy(name="accuracy", threshold=0.0)],
    )
    return model


svm = make_keras_model()
svm.fit(input_fn())
print("eval", {**svm.evaluate(input_fn(), return_dict=True), "global_step": svm.optimizer.iterations.numpy()})
