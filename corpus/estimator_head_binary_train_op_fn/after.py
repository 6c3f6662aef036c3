"""A model_fn that hands its logits to a binary head with a train_op_fn, as the text
classification blog post wrote it: the head's loss, metrics and predictions become the
Keras model's, as a canned classifier's are."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(12)
SIGNALS = rng.normal(size=(120, 4)).astype(np.float32)
CLICKED = (SIGNALS[:, 0] - 0.5 * SIGNALS[:, 2] + 0.3 * rng.normal(size=120) > 0).astype(np.int64)
HIDDEN = np.linspace(-0.4, 0.4, 24).reshape(4, 6).astype(np.float32)
OUT = np.cos(np.arange(6)).reshape(6, 1).astype(np.float32) * 0.5


class ClickModel(tf.keras.Model):
    """The Estimator model_fn `click_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=6, activation="relu", kernel_initializer=tf.keras.initializers.Constant(value=HIDDEN))
        self.dense_1 = tf.keras.layers.Dense(units=1, kernel_initializer=tf.keras.initializers.Constant(value=OUT))
        self.head_loss = tf.keras.losses.BinaryCrossentropy(from_logits=True, reduction="sum_over_batch_size")
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.accuracy = tf.keras.metrics.Accuracy(name="accuracy")
        self.precision = tf.keras.metrics.Precision(name="precision")
        self.recall = tf.keras.metrics.Recall(name="recall")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.auc = tf.keras.metrics.AUC(name="auc")
        self.auc_pr = tf.keras.metrics.AUC(curve="PR", name="auc_precision_recall")

    def call(self, features, training=False):
        hidden = self.dense(features["signals"])
        logits = self.dense_1(hidden)
        return logits

    def labels_of(self, y):
        return tf.reshape(tf.cast(y, tf.float32), [-1, 1])

    def example_weights(self, features):
        return None

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # loss_reduction SUM_OVER_BATCH_SIZE (V2 default); example weights from weight_column
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
        replicas = tf.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)


def make_click_model(params):
    model = ClickModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=params["learning_rate"], epsilon=1e-08),
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"signals": SIGNALS}, CLICKED)).repeat(2).batch(16)


classifier = make_click_model({"learning_rate": 0.02})
classifier.fit(input_fn())
results = {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()}
print("eval", {key: round(float(value), 5) for key, value in sorted(results.items())})
print("keys", sorted(next((dict(zip(outputs, row)) for outputs in [classifier.predict(input_fn())] for row in zip(*outputs.values())))))
