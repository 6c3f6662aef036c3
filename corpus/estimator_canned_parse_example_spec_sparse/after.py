"""tf.Examples parsed with the columns' own parse spec: the categorical features come back as
SparseTensors (VarLenFeature), some rows without a value, as a TFRecord pipeline gives them
to a canned linear classifier."""
import os
import tempfile

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(14)
PLATFORMS = ["android", "ios", "web"]
path = os.path.join(tempfile.mkdtemp(), "installs.tfrecord")
with tf.io.TFRecordWriter(path) as writer:
    for i in range(40):
        platform = PLATFORMS[RNG.randint(3)]
        feature = {"hours": tf.train.Feature(float_list=tf.train.FloatList(value=[RNG.rand() * 4])),
                   "region": tf.train.Feature(int64_list=tf.train.Int64List(value=[RNG.randint(5)]))}
        if i % 7:  # every seventh example has no platform
            feature["platform"] = tf.train.Feature(bytes_list=tf.train.BytesList(value=[platform.encode()]))
        label = int(platform == "ios" or RNG.rand() < 0.2)
        feature["installed"] = tf.train.Feature(int64_list=tf.train.Int64List(value=[label]))
        writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())

columns = [
    tf.feature_column.numeric_column("hours"),
    tf.feature_column.categorical_column_with_vocabulary_list("platform", PLATFORMS),
    tf.feature_column.categorical_column_with_identity("region", num_buckets=5),
]
spec = tf.feature_column.make_parse_example_spec(columns + [tf.feature_column.numeric_column("installed", dtype=tf.int64)])


def input_fn():
    def parse(serialized):
        parsed = tf.io.parse_example(serialized, spec)
        return parsed, parsed.pop("installed")

    return tf.data.TFRecordDataset(path).batch(10).map(parse)




class LinearClassifierModel(tf.keras.Model):
    """Keras form of tf.estimator.LinearClassifier: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        # tf.feature_column.categorical_column_with_vocabulary_list("platform", PLATFORMS)
        self.platform_lookup = tf.keras.layers.StringLookup(vocabulary=['android', 'ios', 'web'], num_oov_indices=1, mask_token=None)
        # tf.feature_column.categorical_column_with_vocabulary_list("platform", PLATFORMS)
        self.platform_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=3, output_mode="count")
        # tf.feature_column.categorical_column_with_identity("region", num_buckets=5)
        self.region_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=5, output_mode="count")
        self.linear_model = tf.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
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
        # Variable-length features arrive as SparseTensors: dense, with '' or -1 where a row has no value,
        # which the columns read as no id, as TF1's did.
        features = {key: tf.sparse.to_dense(value, default_value='' if value.dtype == tf.string else -1)
                    if isinstance(value, tf.SparseTensor) else value for key, value in features.items()}
        hours = tf.reshape(tf.cast(features['hours'], tf.float32), [-1, 1])
        raw_platform = tf.reshape(features['platform'], [tf.shape(features['platform'])[0], -1])
        platform_ids = self.platform_lookup(raw_platform) - 1
        platform_ids = tf.where(raw_platform == "", tf.constant(-1, tf.int64), platform_ids)
        platform_present = tf.cast(platform_ids >= 0, tf.float32)
        platform_linear_counts = self.platform_linear_counts(tf.maximum(platform_ids, 0), count_weights=tf.ones_like(platform_ids, tf.float32) * platform_present)
        raw_region = tf.reshape(features['region'], [tf.shape(features['region'])[0], -1])
        region_ids = tf.cast(raw_region, tf.int64)
        region_present = tf.cast(region_ids >= 0, tf.float32)
        region_linear_counts = self.region_linear_counts(tf.maximum(region_ids, 0), count_weights=tf.ones_like(region_ids, tf.float32) * region_present)
        linear_inputs = tf.concat([hours, platform_linear_counts, region_linear_counts], axis=1)
        linear_logits = self.linear_model(linear_inputs)
        return linear_logits

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

    def fit(self, *args, **kwargs):
        # Keras counts one optimizer iteration more when a dataset runs out under a strategy or
        # is of unknown length (no weight changes); Estimator's global_step counted real steps.
        last = {}
        record = tf.keras.callbacks.LambdaCallback(
            on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
        history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
        if "step" in last:
            self.optimizer.iterations.assign(last["step"])
        return history


def make_linear_classifier_model():
    model = LinearClassifierModel()
    model.compile(optimizer=tf.keras.optimizers.Ftrl(learning_rate=0.2))
    return model


classifier = make_linear_classifier_model()
classifier.fit(input_fn(), steps_per_epoch=8)
print("eval", {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
