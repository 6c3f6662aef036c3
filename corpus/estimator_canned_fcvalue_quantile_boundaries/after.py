"""Bucket boundaries computed from the training data before the Estimator is built: by a
helper, bound to a name, and for a two-value numeric column; a cross of two of them."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(11)
rows = 400
trips = {"distance": rng.gamma(2.0, 3.0, rows).astype(np.float32),
         "hour": rng.randint(0, 24, rows).astype(np.float32),
         "pickup": rng.uniform(-1.0, 1.0, (rows, 2)).astype(np.float32)}
fare = (2.5 + 1.2 * trips["distance"] + 0.3 * (trips["hour"] > 17) + trips["pickup"][:, 0]).astype(np.float32)


def edges_at_quantiles(values, count):
    """count - 1 interior quantiles of the data, as plain floats."""
    return [float(q) for q in np.quantile(values, np.arange(1, count) / count)]


hour_edges = sorted({float(h) for h in np.percentile(trips["hour"], [25, 50, 75])})
distance = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("distance"),
                                               boundaries=edges_at_quantiles(trips["distance"], 8))
hour = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("hour"), boundaries=hour_edges)
pickup = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("pickup", shape=(2,)),
                                             boundaries=edges_at_quantiles(trips["pickup"].ravel(), 4))
columns = [distance, hour, pickup, tf.feature_column.crossed_column([distance, hour], hash_bucket_size=50)]



class LinearRegressorModel(tf.keras.Model):
    """Keras form of tf.estimator.LinearRegressor: the same layers, initial values, head and optimizer."""

    def __init__(self, feature_columns):
        super().__init__()
        tf1_columns = {column.name: column for column in feature_columns}
        # tf.feature_column.bucketized_column(tf.feature_column.numeric_column("distance"), boundaries=edges_at_quantiles(trips["distance"], 8))
        self.distance_bucketized = tf.keras.layers.Discretization(bin_boundaries=list(tf1_columns['distance_bucketized'].boundaries))
        # tf.feature_column.bucketized_column(tf.feature_column.numeric_column("distance"), boundaries=edges_at_quantiles(trips["distance"], 8))
        self.distance_bucketized_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=tf1_columns['distance_bucketized'].num_buckets, output_mode="count")
        # tf.feature_column.bucketized_column(tf.feature_column.numeric_column("hour"), boundaries=hour_edges)
        self.hour_bucketized = tf.keras.layers.Discretization(bin_boundaries=list(tf1_columns['distance_bucketized_X_hour_bucketized'].keys[1].boundaries))
        # tf.feature_column.crossed_column([distance, hour], hash_bucket_size=50)
        self.distance_bucketized_X_hour_bucketized_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=50, output_mode="count")
        # tf.feature_column.bucketized_column(tf.feature_column.numeric_column("hour"), boundaries=hour_edges)
        self.hour_bucketized_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=tf1_columns['hour_bucketized'].num_buckets, output_mode="count")
        # tf.feature_column.bucketized_column(tf.feature_column.numeric_column("pickup", shape=(2,)), boundaries=edges_at_quantiles(trips["pickup"].ravel(), 4))
        self.pickup_bucketized = tf.keras.layers.Discretization(bin_boundaries=list(tf1_columns['pickup_bucketized'].boundaries))
        self.pickup_bucketized_per_value = len(tf1_columns['pickup_bucketized'].boundaries) + 1
        # tf.feature_column.bucketized_column(tf.feature_column.numeric_column("pickup", shape=(2,)), boundaries=edges_at_quantiles(trips["pickup"].ravel(), 4))
        self.pickup_bucketized_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=tf1_columns['pickup_bucketized'].num_buckets, output_mode="count")
        self.linear_model = tf.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
        self.head_loss = tf.keras.losses.MeanSquaredError(reduction="sum_over_batch_size")
        self.squared_errors = tf.keras.losses.MeanSquaredError(reduction=None)
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")

    def call(self, features, training=False):
        distance = tf.reshape(tf.cast(features['distance'], tf.float32), [-1, 1])
        distance_bucketized_ids = tf.cast(self.distance_bucketized(distance), tf.int64)
        distance_bucketized_present = tf.cast(distance_bucketized_ids >= 0, tf.float32)
        distance_bucketized_linear_counts = self.distance_bucketized_linear_counts(tf.maximum(distance_bucketized_ids, 0), count_weights=tf.ones_like(distance_bucketized_ids, tf.float32) * distance_bucketized_present)
        distance_bucketized_at = tf.where(distance_bucketized_ids >= 0)
        distance_bucketized_sparse = tf.SparseTensor(distance_bucketized_at, tf.gather_nd(distance_bucketized_ids, distance_bucketized_at), tf.shape(distance_bucketized_ids, out_type=tf.int64))
        hour = tf.reshape(tf.cast(features['hour'], tf.float32), [-1, 1])
        hour_bucketized_ids = tf.cast(self.hour_bucketized(hour), tf.int64)
        hour_bucketized_at = tf.where(hour_bucketized_ids >= 0)
        hour_bucketized_sparse = tf.SparseTensor(hour_bucketized_at, tf.gather_nd(hour_bucketized_ids, hour_bucketized_at), tf.shape(hour_bucketized_ids, out_type=tf.int64))
        distance_bucketized_X_hour_bucketized_ids = tf.sparse.to_dense(tf.sparse.cross_hashed([distance_bucketized_sparse, hour_bucketized_sparse], num_buckets=50), default_value=-1)
        distance_bucketized_X_hour_bucketized_present = tf.cast(distance_bucketized_X_hour_bucketized_ids >= 0, tf.float32)
        distance_bucketized_X_hour_bucketized_linear_counts = self.distance_bucketized_X_hour_bucketized_linear_counts(tf.maximum(distance_bucketized_X_hour_bucketized_ids, 0), count_weights=tf.ones_like(distance_bucketized_X_hour_bucketized_ids, tf.float32) * distance_bucketized_X_hour_bucketized_present)
        hour_bucketized_present = tf.cast(hour_bucketized_ids >= 0, tf.float32)
        hour_bucketized_linear_counts = self.hour_bucketized_linear_counts(tf.maximum(hour_bucketized_ids, 0), count_weights=tf.ones_like(hour_bucketized_ids, tf.float32) * hour_bucketized_present)
        pickup = tf.reshape(tf.cast(features['pickup'], tf.float32), [-1, 2])
        pickup_bucketized_ids = tf.cast(self.pickup_bucketized(pickup), tf.int64) + tf.range(2, dtype=tf.int64) * self.pickup_bucketized_per_value
        pickup_bucketized_present = tf.cast(pickup_bucketized_ids >= 0, tf.float32)
        pickup_bucketized_linear_counts = self.pickup_bucketized_linear_counts(tf.maximum(pickup_bucketized_ids, 0), count_weights=tf.ones_like(pickup_bucketized_ids, tf.float32) * pickup_bucketized_present)
        linear_inputs = tf.concat([distance_bucketized_linear_counts, distance_bucketized_X_hour_bucketized_linear_counts, hour_bucketized_linear_counts, pickup_bucketized_linear_counts], axis=1)
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


def make_linear_regressor_model(feature_columns):
    model = LinearRegressorModel(feature_columns)
    model.compile(optimizer=tf.keras.optimizers.Ftrl(learning_rate=0.2))
    return model


tf.keras.utils.set_random_seed(5)
regressor = make_linear_regressor_model(columns)
batches = lambda: tf.data.Dataset.from_tensor_slices((trips, fare)).repeat().batch(40)
regressor.fit(batches(), steps_per_epoch=60)
scores = {**regressor.evaluate(tf.data.Dataset.from_tensor_slices((trips, fare)).batch(100), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()}
print("FINAL", {k: round(float(scores[k]), 6) for k in ("average_loss", "loss", "global_step")})
first = next((dict(zip(outputs, row)) for outputs in [regressor.predict(tf.data.Dataset.from_tensor_slices(trips).batch(100))] for row in zip(*outputs.values())))
print("PRED", sorted(first), round(float(first["predictions"][0]), 5))
