"""Metrics Keras spells otherwise: mean_relative_error, mean_per_class_accuracy, mean_iou and
the confusion counts of a thresholded output."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(31)
POINTS = RNG.randn(60, 4).astype("float32")
CLASSES = (np.abs(POINTS[:, 0] * 2).astype("int32") % 4).astype("int32")
TARGETS = (POINTS[:, 1] * 3.0 + 4.0).astype("float32")
W_CLASS = (RNG.randn(4, 4) * 0.5).astype("float32")
W_VALUE = (RNG.randn(4, 1) * 0.5).astype("float32")


def classes_input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, CLASSES)).repeat().batch(12)


def values_input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, TARGETS)).repeat().batch(12)


class ClassifierModel(tf2.keras.Model):
    """The Estimator model_fn `classifier_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=params["classes"], kernel_initializer=tf2.keras.initializers.Constant(value=W_CLASS))

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


class ClassifierModelMeanPerClassAccuracy(tf2.keras.metrics.Metric):
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


def make_classifier_model(params):
    model = ClassifierModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.2),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[ClassifierModelMeanPerClassAccuracy(params["classes"], name="per_class"), tf2.keras.metrics.MeanIoU(num_classes=4, sparse_y_pred=False, name="iou")],
    )
    return model


class RegressorModel(tf2.keras.Model):
    """The Estimator model_fn `regressor_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=W_VALUE))

    def call(self, features, training=False):
        output = self.dense(features)
        prediction = tf.reshape(output, [-1])
        return tf2.expand_dims(prediction, -1)

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


def make_regressor_model():
    model = RegressorModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.05),
        loss=tf2.keras.losses.MeanSquaredError(),
        metrics=[tf2.keras.metrics.MeanMetricWrapper(lambda y_true, y_pred: (lambda labels: tf2.where(tf2.equal(labels, 0.0), tf2.zeros_like(labels), tf2.abs(labels - y_pred) / labels))(tf2.reshape(tf2.cast(y_true, y_pred.dtype), tf2.shape(y_pred))), name="relative")],
    )
    return model


class DetectorModel(tf2.keras.Model):
    """The Estimator model_fn `detector_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=W_VALUE))

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


class DetectorModelSigmoidTruePositives(tf2.keras.metrics.TruePositives):
    """Keras's TruePositives on the sigmoid of the logits: the model_fn thresholded probabilities."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return super().update_state(y_true, tf2.sigmoid(y_pred), sample_weight)


def make_detector_model():
    model = DetectorModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.2),
        loss=tf2.keras.losses.BinaryCrossentropy(from_logits=True),
        metrics=[DetectorModelSigmoidTruePositives(name="found", thresholds=0.4), tf2.keras.metrics.FalseNegatives(name="missed", thresholds=0.0)],
    )
    return model


def flags_input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, (CLASSES[:, None] > 1).astype("float32"))).repeat().batch(12)


classifier = make_classifier_model({"classes": 4})
classifier.fit(classes_input_fn(), steps_per_epoch=10)
result = {**classifier.evaluate(classes_input_fn(), steps=5, return_dict=True), "global_step": classifier.optimizer.iterations.numpy()}
print("CLASSIFIER", {key: round(float(value), 6) for key, value in sorted(result.items())})
regressor = make_regressor_model()
regressor.fit(values_input_fn(), steps_per_epoch=10)
result = {**regressor.evaluate(values_input_fn(), steps=5, return_dict=True), "global_step": regressor.optimizer.iterations.numpy()}
print("REGRESSOR", {key: round(float(value), 6) for key, value in sorted(result.items())})
detector = make_detector_model()
detector.fit(flags_input_fn(), steps_per_epoch=10)
result = {**detector.evaluate(flags_input_fn(), steps=5, return_dict=True), "global_step": detector.optimizer.iterations.numpy()}
print("DETECTOR", {key: round(float(value), 6) for key, value in sorted(result.items())})
