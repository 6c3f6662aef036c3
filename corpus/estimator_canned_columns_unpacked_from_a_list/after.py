"""Columns defined the course-lab way, several names unpacked from one written list, then
bucketized and crossed into a linear model."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(12)
FEATURES = {
    "plurality": RNG.choice(["single", "twins"], size=40),
    "mother_age": RNG.uniform(18.0, 44.0, size=40).astype("float32"),
    "weeks": RNG.uniform(30.0, 42.0, size=40).astype("float32"),
}
WEIGHT = (0.1 * FEATURES["weeks"] - 0.5 * (FEATURES["plurality"] == "twins")).astype("float32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices((FEATURES, WEIGHT)).repeat(epochs).batch(8)


def wide_columns():
    plurality, mother_age, weeks = [
        tf.feature_column.categorical_column_with_vocabulary_list("plurality", ["single", "twins"]),
        tf.feature_column.numeric_column("mother_age"),
        tf.feature_column.numeric_column("weeks"),
    ]
    age_buckets = tf.feature_column.bucketized_column(mother_age, boundaries=[25.0, 30.0, 35.0])
    return [plurality, age_buckets, weeks,
            tf.feature_column.crossed_column([plurality, age_buckets], hash_bucket_size=16)]




class LinearRegressorModel(tf.keras.Model):
    """Keras form of tf.estimator.LinearRegressor: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        # tf.feature_column.bucketized_column(mother_age, boundaries=[25.0, 30.0, 35.0])
        self.mother_age_bucketized = tf.keras.layers.Discretization(bin_boundaries=[25.0, 30.0, 35.0])
        # tf.feature_column.bucketized_column(mother_age, boundaries=[25.0, 30.0, 35.0])
        self.mother_age_bucketized_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=4, output_mode="count")
        # tf.feature_column.categorical_column_with_vocabulary_list("plurality", ["single", "twins"])
        self.plurality_lookup = tf.keras.layers.StringLookup(vocabulary=['single', 'twins'], num_oov_indices=1, mask_token=None)
        # tf.feature_column.crossed_column([plurality, age_buckets], hash_bucket_size=16)
        self.mother_age_bucketized_X_plurality_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=16, output_mode="count")
        # tf.feature_column.categorical_column_with_vocabulary_list("plurality", ["single", "twins"])
        self.plurality_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=2, output_mode="count")
        self.linear_model = tf.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
        self.head_loss = tf.keras.losses.MeanSquaredError(reduction="sum_over_batch_size")
        self.squared_errors = tf.keras.losses.MeanSquaredError(reduction=None)
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")

    def call(self, features, training=False):
        mother_age = tf.reshape(tf.cast(features['mother_age'], tf.float32), [-1, 1])
        mother_age_bucketized_ids = tf.cast(self.mother_age_bucketized(mother_age), tf.int64)
        mother_age_bucketized_present = tf.cast(mother_age_bucketized_ids >= 0, tf.float32)
        mother_age_bucketized_linear_counts = self.mother_age_bucketized_linear_counts(tf.maximum(mother_age_bucketized_ids, 0), count_weights=tf.ones_like(mother_age_bucketized_ids, tf.float32) * mother_age_bucketized_present)
        raw_plurality = tf.reshape(features['plurality'], [tf.shape(features['plurality'])[0], -1])
        plurality_ids = self.plurality_lookup(raw_plurality) - 1
        plurality_ids = tf.where(raw_plurality == "", tf.constant(-1, tf.int64), plurality_ids)
        plurality_at = tf.where(plurality_ids >= 0)
        plurality_sparse = tf.SparseTensor(plurality_at, tf.gather_nd(plurality_ids, plurality_at), tf.shape(plurality_ids, out_type=tf.int64))
        mother_age_bucketized_at = tf.where(mother_age_bucketized_ids >= 0)
        mother_age_bucketized_sparse = tf.SparseTensor(mother_age_bucketized_at, tf.gather_nd(mother_age_bucketized_ids, mother_age_bucketized_at), tf.shape(mother_age_bucketized_ids, out_type=tf.int64))
        mother_age_bucketized_X_plurality_ids = tf.sparse.to_dense(tf.sparse.cross_hashed([plurality_sparse, mother_age_bucketized_sparse], num_buckets=16), default_value=-1)
        mother_age_bucketized_X_plurality_present = tf.cast(mother_age_bucketized_X_plurality_ids >= 0, tf.float32)
        mother_age_bucketized_X_plurality_linear_counts = self.mother_age_bucketized_X_plurality_linear_counts(tf.maximum(mother_age_bucketized_X_plurality_ids, 0), count_weights=tf.ones_like(mother_age_bucketized_X_plurality_ids, tf.float32) * mother_age_bucketized_X_plurality_present)
        plurality_present = tf.cast(plurality_ids >= 0, tf.float32)
        plurality_linear_counts = self.plurality_linear_counts(tf.maximum(plurality_ids, 0), count_weights=tf.ones_like(plurality_ids, tf.float32) * plurality_present)
        weeks = tf.reshape(tf.cast(features['weeks'], tf.float32), [-1, 1])
        linear_inputs = tf.concat([mother_age_bucketized_linear_counts, mother_age_bucketized_X_plurality_linear_counts, plurality_linear_counts, weeks], axis=1)
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
        self.average_loss.update_state(self.squared_errors(labels, y_pred), sample_weight=weights)
        self.label_mean.update_state(labels, sample_weight=weights)
        self.prediction_mean.update_state(y_pred, sample_weight=weights)
        return self.get_metrics_result()

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        return {"predictions": logits}

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


def make_linear_regressor_model():
    model = LinearRegressorModel()
    model.compile(optimizer=tf.keras.optimizers.SGD(0.0002))
    return model


regressor = make_linear_regressor_model()
regressor.fit(input_fn(2))
print("eval", {**regressor.evaluate(input_fn(1), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
