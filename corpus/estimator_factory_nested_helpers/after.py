"""Soil moisture classes from sensor readings. The model_fn comes from a factory over a
settings object, and the factory also defines the network and loss helpers it calls."""
import collections

import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

LEVELS = ["dry", "moist", "wet"]
Settings = collections.namedtuple("Settings", ["units", "smoothing", "rate"])

rng = np.random.RandomState(12)
READINGS = rng.uniform(-1.0, 1.0, size=(90, 4)).astype(np.float32)
LEVEL_IDS = np.digitize(READINGS.mean(axis=1), [-0.15, 0.15]).astype(np.int64)
HIDDEN_INIT = np.linspace(-0.5, 0.5, 24).reshape(4, 6).astype(np.float32)
OUTPUT_INIT = np.sin(np.arange(18)).reshape(6, 3).astype(np.float32) * 0.4


def make_model_fn(settings):
    def network(readings):
        hidden = tf.layers.dense(readings, settings.units, activation=tf.nn.relu,
                                 kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
        return tf.layers.dense(hidden, len(LEVELS), kernel_initializer=tf.constant_initializer(OUTPUT_INIT))

    def smoothed_loss(labels, logits):
        targets = tf.one_hot(labels, depth=len(LEVELS))
        return tf.losses.softmax_cross_entropy(targets, logits, label_smoothing=settings.smoothing)

    class KerasModel(tf2.keras.Model):
        """The Estimator model_fn `model_fn` as a Keras model."""

        def __init__(self):
            super().__init__()
            self.dense = tf2.keras.layers.Dense(units=settings.units, activation="relu", kernel_initializer=tf2.keras.initializers.Constant(value=HIDDEN_INIT))
            self.dense_1 = tf2.keras.layers.Dense(units=len(LEVELS), kernel_initializer=tf2.keras.initializers.Constant(value=OUTPUT_INIT))

        def call(self, features, training=False):
            network1_hidden = self.dense(features["readings"])
            logits = self.dense_1(network1_hidden)
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

        def predict_step(self, data):
            features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
            logits = self(features, training=False)
            levels = tf.argmax(logits, axis=1)
            return {"level": levels}


    class KerasModelMeanPerClassAccuracy(tf2.keras.metrics.Metric):
        """TF1's tf.metrics.mean_per_class_accuracy, which Keras has no metric for: per class, the
    share of its examples predicted right; their mean over num_classes (a class never seen
    counts 0)."""

        def __init__(self, num_classes, name=None):
            super().__init__(name=name)
            self.num_classes = num_classes
            self.total = self.add_variable(shape=(num_classes,), initializer="zeros", name="total")
            self.correct = self.add_variable(shape=(num_classes,), initializer="zeros", name="correct")

        def update_state(self, y_true, y_pred, sample_weight=None):
            labels = tf2.reshape(tf2.cast(y_true, tf2.int64), [-1])
            predictions = tf2.reshape(tf2.argmax(y_pred, axis=-1), [-1])
            right = tf2.cast(tf2.equal(predictions, labels), self.dtype)
            self.total.assign_add(tf2.math.unsorted_segment_sum(tf2.ones_like(right), labels, self.num_classes))
            self.correct.assign_add(tf2.math.unsorted_segment_sum(right, labels, self.num_classes))

        def result(self):
            return tf2.reduce_mean(tf2.math.divide_no_nan(self.correct, self.total))


    def make_keras_model():
        model = KerasModel()
        model.compile(
            optimizer=tf2.keras.optimizers.SGD(learning_rate=settings.rate),
            loss=lambda y_true, y_pred: tf2.keras.losses.categorical_crossentropy(tf2.one_hot(tf2.cast(tf2.reshape(y_true, [-1]), tf2.int32), len(LEVELS)), y_pred, from_logits=True, label_smoothing=settings.smoothing),
            metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy"), KerasModelMeanPerClassAccuracy(len(LEVELS), name="per_level")],
        )
        return model

    return make_keras_model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, LEVEL_IDS)).repeat(8).batch(15)


soil = make_model_fn(Settings(units=6, smoothing=0.1, rate=1.0))()
soil.fit(input_fn())
print("eval", {**soil.evaluate(input_fn(), steps=4, return_dict=True), "global_step": soil.optimizer.iterations.numpy()})
