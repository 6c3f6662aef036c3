"""Precision and recall of one class of a softmax classifier, given to tf.metrics as two
boolean tensors, and an accuracy on class ids cast to float."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(81)
POINTS = RNG.randn(45, 4).astype("float32")
CLASSES = np.argmax(POINTS[:, :3] + 0.3 * RNG.randn(45, 3), axis=1).astype("int64")
KERNEL = (RNG.randn(4, 3) * 0.5).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, CLASSES)).repeat().batch(9)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=3, kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL))

    def call(self, features, training=False):
        logits = self.dense(features)
        return logits


class KerasModelFirstPrecision(tf2.keras.metrics.Precision):
    """Keras's Precision of what the model_fn gave tf.metrics.precision under "first_precision"."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        labels = tf.equal(y_true, 0)
        predictions = tf.equal((tf.argmax(y_pred, axis=1)), 0)
        return super().update_state(tf2.cast(labels, tf2.bool), tf2.cast(predictions, tf2.bool), sample_weight)


class KerasModelFirstRecall(tf2.keras.metrics.Recall):
    """Keras's Recall of what the model_fn gave tf.metrics.recall under "first_recall"."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        labels = tf.equal(y_true, 0)
        predictions = tf.equal((tf.argmax(y_pred, axis=1)), 0)
        return super().update_state(tf2.cast(labels, tf2.bool), tf2.cast(predictions, tf2.bool), sample_weight)


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.3),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[KerasModelFirstPrecision(name="first_precision", thresholds=0.5), KerasModelFirstRecall(name="first_recall", thresholds=0.5), tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=10)
result = {**estimator.evaluate(input_fn(), steps=5, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
