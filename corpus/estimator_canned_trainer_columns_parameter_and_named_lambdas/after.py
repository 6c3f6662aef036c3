"""A course-style trainer given its feature columns (`feature_columns=construct_feature_columns()`
at its one call), a cross of two bucketized columns written as a set, and input_fns bound to
names as lambdas over a function that returns a one-shot iterator's element."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(50)
EXAMPLES = {"lat": RNG.uniform(0.0, 4.0, 120).astype("float32"), "lon": RNG.uniform(0.0, 4.0, 120).astype("float32")}
TARGETS = ((EXAMPLES["lat"] > 2.0) ^ (EXAMPLES["lon"] > 2.0)).astype("int32")


def my_input_fn(features, targets, batch_size=1, num_epochs=None):
    features = {key: np.array(value) for key, value in dict(features).items()}
    ds = tf.data.Dataset.from_tensor_slices((features, targets))
    ds = ds.batch(batch_size).repeat(num_epochs)
    # Keras iterates the Dataset itself: the one-shot iterator gave the Estimator the same elements.
    return ds


def construct_feature_columns():
    lat = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("lat"), boundaries=[1.0, 2.0, 3.0])
    lon = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("lon"), boundaries=[1.0, 2.0, 3.0])
    lat_x_lon = tf.feature_column.crossed_column(set([lat, lon]), hash_bucket_size=1000)
    return set([lat, lon, lat_x_lon])


class LinearClassifierModel(tf.keras.Model):
    """Keras form of tf.compat.v1.estimator.LinearClassifier: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        # tf.feature_column.bucketized_column(tf.feature_column.numeric_column("lat"), boundaries=[1.0, 2.0, 3.0])
        self.lat_bucketized = tf.keras.layers.Discretization(bin_boundaries=[1.0, 2.0, 3.0])
        # tf.feature_column.bucketized_column(tf.feature_column.numeric_column("lat"), boundaries=[1.0, 2.0, 3.0])
        self.lat_bucketized_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=4, output_mode="count")
        # tf.feature_column.bucketized_column(tf.feature_column.numeric_column("lon"), boundaries=[1.0, 2.0, 3.0])
        self.lon_bucketized = tf.keras.layers.Discretization(bin_boundaries=[1.0, 2.0, 3.0])
        # tf.feature_column.crossed_column(set([lat, lon]), hash_bucket_size=1000)
        self.lat_bucketized_X_lon_bucketized_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=1000, output_mode="count")
        # tf.feature_column.bucketized_column(tf.feature_column.numeric_column("lon"), boundaries=[1.0, 2.0, 3.0])
        self.lon_bucketized_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=4, output_mode="count")
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

    def call(self, features, training=False):
        lat = tf.reshape(tf.cast(features['lat'], tf.float32), [-1, 1])
        lat_bucketized_ids = tf.cast(self.lat_bucketized(lat), tf.int64)
        lat_bucketized_present = tf.cast(lat_bucketized_ids >= 0, tf.float32)
        lat_bucketized_linear_counts = self.lat_bucketized_linear_counts(tf.maximum(lat_bucketized_ids, 0), count_weights=tf.ones_like(lat_bucketized_ids, tf.float32) * lat_bucketized_present)
        lat_bucketized_at = tf.where(lat_bucketized_ids >= 0)
        lat_bucketized_sparse = tf.SparseTensor(lat_bucketized_at, tf.gather_nd(lat_bucketized_ids, lat_bucketized_at), tf.shape(lat_bucketized_ids, out_type=tf.int64))
        lon = tf.reshape(tf.cast(features['lon'], tf.float32), [-1, 1])
        lon_bucketized_ids = tf.cast(self.lon_bucketized(lon), tf.int64)
        lon_bucketized_at = tf.where(lon_bucketized_ids >= 0)
        lon_bucketized_sparse = tf.SparseTensor(lon_bucketized_at, tf.gather_nd(lon_bucketized_ids, lon_bucketized_at), tf.shape(lon_bucketized_ids, out_type=tf.int64))
        lat_bucketized_X_lon_bucketized_ids = tf.sparse.to_dense(tf.sparse.cross_hashed([lat_bucketized_sparse, lon_bucketized_sparse], num_buckets=1000), default_value=-1)
        lat_bucketized_X_lon_bucketized_present = tf.cast(lat_bucketized_X_lon_bucketized_ids >= 0, tf.float32)
        lat_bucketized_X_lon_bucketized_linear_counts = self.lat_bucketized_X_lon_bucketized_linear_counts(tf.maximum(lat_bucketized_X_lon_bucketized_ids, 0), count_weights=tf.ones_like(lat_bucketized_X_lon_bucketized_ids, tf.float32) * lat_bucketized_X_lon_bucketized_present)
        lon_bucketized_present = tf.cast(lon_bucketized_ids >= 0, tf.float32)
        lon_bucketized_linear_counts = self.lon_bucketized_linear_counts(tf.maximum(lon_bucketized_ids, 0), count_weights=tf.ones_like(lon_bucketized_ids, tf.float32) * lon_bucketized_present)
        linear_inputs = tf.concat([lat_bucketized_linear_counts, lat_bucketized_X_lon_bucketized_linear_counts, lon_bucketized_linear_counts], axis=1)
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


def make_linear_classifier_model(optimizer):
    model = LinearClassifierModel()
    model.compile(optimizer=optimizer)
    return model


def train_model(learning_rate, steps, batch_size, feature_columns):
    classifier = make_linear_classifier_model(tf.keras.optimizers.Ftrl(learning_rate=learning_rate))
    training_input_fn = lambda: my_input_fn(EXAMPLES, TARGETS, batch_size=batch_size)
    predict_input_fn = lambda: my_input_fn(EXAMPLES, TARGETS, num_epochs=1)
    classifier.fit(training_input_fn(), steps_per_epoch=steps)
    probabilities = np.array([item["probabilities"][1] for item in (dict(zip(outputs, row)) for outputs in [classifier.predict(predict_input_fn())] for row in zip(*outputs.values()))])
    print("mean probability", round(float(probabilities.mean()), 5))
    return classifier


classifier = train_model(learning_rate=0.5, steps=30, batch_size=12, feature_columns=construct_feature_columns())
eval_input_fn = lambda: my_input_fn(EXAMPLES, TARGETS, batch_size=40, num_epochs=1)
print("eval", {**classifier.evaluate(eval_input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
