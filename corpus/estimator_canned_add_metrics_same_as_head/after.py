"""A V1 canned classifier given add_metrics with a metric_fn that computes the head's own
precision-recall AUC again (TF1 replaced the head's metric with this very same one) and one
metric of its own."""
import numpy as np
import tensorflow as tf

POINTS = np.random.RandomState(21).rand(40, 2).astype(np.float32)
LABELS = (POINTS[:, 0] + 0.3 * POINTS[:, 1] > 0.6).astype(np.int64)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, LABELS)).batch(10)


def metric_fn(labels, predictions):
    return {
        "auc_precision_recall": tf.compat.v1.metrics.auc(labels, predictions["logistic"], curve="PR"),
        "mean_probability": tf.compat.v1.metrics.mean(predictions["logistic"]),
    }




class LinearClassifierModel(tf.keras.Model):
    """Keras form of tf.compat.v1.estimator.LinearClassifier: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        self.linear_model = tf.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
        self.head_loss = tf.keras.losses.BinaryCrossentropy(from_logits=True, reduction="sum")
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.accuracy = tf.keras.metrics.Accuracy(name="accuracy")
        self.precision = tf.keras.metrics.Precision(name="precision")
        self.recall = tf.keras.metrics.Recall(name="recall")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.auc = tf.keras.metrics.AUC(name="auc")
        self.auc_pr = tf.keras.metrics.AUC(curve="PR", name="auc_precision_recall")
        self.added_mean_probability = tf.keras.metrics.Mean(name="mean_probability")

    def call(self, features, training=False):
        x = tf.reshape(tf.cast(features['x'], tf.float32), [-1, 2])
        linear_inputs = tf.concat([x], axis=1)
        linear_logits = self.linear_model(linear_inputs)
        return linear_logits

    def labels_of(self, y):
        return tf.reshape(tf.cast(y, tf.float32), [-1, 1])

    def example_weights(self, features):
        return None

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # loss_reduction SUM (V1 default); example weights from weight_column
        return self.head_loss(self.labels_of(y), y_pred, sample_weight=self.example_weights(x))

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        labels, weights = self.labels_of(y), self.example_weights(x)
        class_ids = tf.cast(y_pred > 0, tf.float32)  # argmax([0, logit])
        logistic = tf.sigmoid(y_pred)
        self.average_loss.update_state(tf.keras.losses.binary_crossentropy(labels, y_pred, from_logits=True), sample_weight=weights)
        for metric in (self.accuracy, self.precision, self.recall):
            metric.update_state(labels, class_ids, sample_weight=weights)
        self.prediction_mean.update_state(logistic, sample_weight=weights)
        self.label_mean.update_state(labels, sample_weight=weights)
        self.auc.update_state(labels, logistic, sample_weight=weights)
        self.auc_pr.update_state(labels, logistic, sample_weight=weights)
        # the metrics tf.estimator.add_metrics added, under their keys
        self.added_mean_probability.update_state(tf.sigmoid(y_pred))
        results = self.get_metrics_result()
        # the head's accuracy of always predicting the majority label
        results["accuracy_baseline"] = tf.maximum(results["label/mean"], 1 - results["label/mean"])
        return results

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        two_class_logits = tf.concat([tf.zeros_like(logits), logits], axis=-1)
        probabilities = tf.nn.softmax(two_class_logits)
        class_ids = tf.argmax(two_class_logits, axis=-1)[:, None]
        batch = tf.shape(logits)[0]
        return {
            "logits": logits,
            "logistic": tf.sigmoid(logits),
            "probabilities": probabilities,
            "class_ids": class_ids,
            "classes": tf.strings.as_string(class_ids),
            "all_class_ids": tf.tile(tf.range(2)[None, :], [batch, 1]),
            "all_classes": tf.tile(tf.constant([[b'0', b'1']]), [batch, 1]),
        }

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))
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


def make_linear_classifier_model():
    model = LinearClassifierModel()
    model.compile(optimizer=tf.keras.optimizers.Ftrl(learning_rate=0.2))
    return model


classifier = make_linear_classifier_model()
classifier.fit(input_fn(), steps_per_epoch=8)
print("eval", {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
