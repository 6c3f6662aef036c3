"""Binary metrics on probabilities thresholded at a hyperparameter, the model giving logits."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(11)
POINTS = RNG.randn(64, 3).astype("float32")
LABELS = (POINTS[:, 0] + 0.5 * POINTS[:, 1] > 0.3).astype("float32")
KERNEL = (RNG.randn(3, 1) * 0.3).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, LABELS)).repeat().batch(16)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL))

    def call(self, features, training=False):
        logits = self.dense(features["x"])[:, 0]
        return tf2.expand_dims(logits, -1)

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


class KerasModelSigmoidBinaryAccuracy(tf2.keras.metrics.BinaryAccuracy):
    """Keras's BinaryAccuracy on the sigmoid of the logits: the model_fn thresholded probabilities."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return super().update_state(y_true, tf2.sigmoid(y_pred), sample_weight)


class KerasModelSigmoidPrecision(tf2.keras.metrics.Precision):
    """Keras's Precision on the sigmoid of the logits: the model_fn thresholded probabilities."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return super().update_state(y_true, tf2.sigmoid(y_pred), sample_weight)


class KerasModelSigmoidRecall(tf2.keras.metrics.Recall):
    """Keras's Recall on the sigmoid of the logits: the model_fn thresholded probabilities."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return super().update_state(y_true, tf2.sigmoid(y_pred), sample_weight)


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.5),
        loss=tf2.keras.losses.BinaryCrossentropy(from_logits=True),
        metrics=[KerasModelSigmoidBinaryAccuracy(name="accuracy", threshold=params["threshold"]), KerasModelSigmoidPrecision(name="precision", thresholds=params["threshold"]), KerasModelSigmoidRecall(name="recall", thresholds=0.7), tf2.keras.metrics.BinaryAccuracy(name="logit_accuracy", threshold=-0.5)],
    )
    return model


estimator = make_keras_model({"threshold": 0.35})
estimator.fit(input_fn(), steps_per_epoch=6)
result = {**estimator.evaluate(input_fn(), steps=4, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
