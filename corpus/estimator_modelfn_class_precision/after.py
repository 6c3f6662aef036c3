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
