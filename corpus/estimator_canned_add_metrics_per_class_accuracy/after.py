"""Three grades of coffee beans from a linear classifier, with the mean per-class accuracy
added to its evaluation through tf.estimator.add_metrics."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(14)
DENSITY = rng.normal(0.7, 0.1, size=240).astype(np.float32)
MOISTURE = rng.normal(11.0, 1.5, size=240).astype(np.float32)
GRADES = np.digitize(DENSITY * 10 - (MOISTURE - 11.0), [6.5, 7.5]).astype(np.int64)


def per_grade(labels, predictions):
    return {"mean_per_class_accuracy": tf.compat.v1.metrics.mean_per_class_accuracy(
        labels=labels, predictions=predictions["class_ids"], num_classes=3)}


def input_fn():
    features = {"density": DENSITY, "moisture": MOISTURE}
    return tf.data.Dataset.from_tensor_slices((features, GRADES)).batch(24)


columns = [tf.feature_column.numeric_column("density"),
           tf.feature_column.numeric_column("moisture", normalizer_fn=lambda x: (x - 11.0) / 1.5)]


class LinearClassifierModel(tf.keras.Model):
    """Keras form of tf.estimator.LinearClassifier: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        # tf.feature_column.numeric_column("moisture", normalizer_fn=lambda x: (x - 11.0) / 1.5)
        self.moisture_normalizer = tf.keras.layers.Lambda(lambda x: (x - 11.0) / 1.5)
        self.linear_model = tf.keras.layers.Dense(3, kernel_initializer="zeros", name="linear_model")
        self.head_loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum_over_batch_size")
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.accuracy = tf.keras.metrics.Accuracy(name="accuracy")
        self.added_mean_per_class_accuracy = LinearClassifierModelMeanPerClassAccuracy(3, name="mean_per_class_accuracy")

    def call(self, features, training=False):
        density = tf.reshape(tf.cast(features['density'], tf.float32), [-1, 1])
        moisture = tf.reshape(tf.cast(self.moisture_normalizer(features['moisture']), tf.float32), [-1, 1])
        linear_inputs = tf.concat([density, moisture], axis=1)
        linear_logits = self.linear_model(linear_inputs)
        return linear_logits

    def labels_of(self, y):
        return tf.reshape(tf.cast(y, tf.int64), [-1, 1])

    def example_weights(self, features):
        return None

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # loss_reduction SUM_OVER_BATCH_SIZE (V2 default); example weights from weight_column
        return self.head_loss(self.labels_of(y), y_pred, sample_weight=self.example_weights(x))

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        labels, weights = self.labels_of(y), self.example_weights(x)
        self.average_loss.update_state(tf.keras.losses.sparse_categorical_crossentropy(labels, y_pred, from_logits=True), sample_weight=weights)
        class_ids = tf.argmax(y_pred, axis=-1)[:, None]
        self.accuracy.update_state(labels, class_ids, sample_weight=weights)
        # the metrics tf.estimator.add_metrics added, under their keys
        self.added_mean_per_class_accuracy.update_state(labels, tf.one_hot(tf.reshape(tf.argmax(y_pred, axis=-1)[:, None], [-1]), 3))
        return self.get_metrics_result()

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        probabilities = tf.nn.softmax(logits)
        class_ids = tf.argmax(logits, axis=-1)[:, None]
        batch = tf.shape(logits)[0]
        return {
            "logits": logits,
            "probabilities": probabilities,
            "class_ids": class_ids,
            "classes": tf.strings.as_string(class_ids),
            "all_class_ids": tf.tile(tf.range(3)[None, :], [batch, 1]),
            "all_classes": tf.tile(tf.constant([[b'0', b'1', b'2']]), [batch, 1]),
        }

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

    def _maybe_symbolic_build(self, iterator=None, data_batch=None):
        # A private Keras 3 hook, overridden because no public one runs before it: under a
        # tf.distribute strategy fit() builds the model from the MEAN of the first distributed
        # batch, which fails on string features or labels (AddN of strings). One replica's
        # batch has the same structure, shapes and dtypes; the rest is Keras's own build.
        if iterator is not None and self._distribute_strategy is not None:
            for _, _, it in iterator:
                first = next(it)
                break
            local = self.distribute_strategy.experimental_local_results
            data_batch = tf.nest.map_structure(
                lambda x: local(x)[0] if isinstance(x, tf.distribute.DistributedValues) else x, first)
            iterator = None
        super()._maybe_symbolic_build(iterator=iterator, data_batch=data_batch)


class LinearClassifierModelMeanPerClassAccuracy(tf.keras.metrics.Metric):
    """TF1's tf.metrics.mean_per_class_accuracy, which Keras has no metric for: per class, the
    share of its examples predicted right; their mean over num_classes (a class never seen
    counts 0)."""

    def __init__(self, num_classes, name=None):
        super().__init__(name=name)
        self.num_classes = num_classes
        self.total = self.add_variable(shape=(num_classes,), initializer="zeros", name="total")
        self.correct = self.add_variable(shape=(num_classes,), initializer="zeros", name="correct")

    def update_state(self, y_true, y_pred, sample_weight=None):
        labels = tf.reshape(tf.cast(y_true, tf.int64), [-1])
        predictions = tf.reshape(tf.argmax(y_pred, axis=-1), [-1])
        right = tf.cast(tf.equal(predictions, labels), self.dtype)
        self.total.assign_add(tf.math.unsorted_segment_sum(tf.ones_like(right), labels, self.num_classes))
        self.correct.assign_add(tf.math.unsorted_segment_sum(right, labels, self.num_classes))

    def result(self):
        return tf.reduce_mean(tf.math.divide_no_nan(self.correct, self.total))


def make_linear_classifier_model():
    model = LinearClassifierModel()
    model.compile(optimizer=tf.keras.optimizers.Ftrl(learning_rate=0.2))
    return model


classifier = make_linear_classifier_model()
classifier.fit(input_fn(), steps_per_epoch=30)
print("eval", {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
