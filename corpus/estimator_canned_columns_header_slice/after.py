"""Feature names read from a CSV header without its label column (`HEADER[:-1]`), each
numeric column with its own scale by position."""
import numpy as np
import tensorflow as tf

HEADER = ["rooms", "age", "distance", "price"]
FEATURES = HEADER[:-1]
LABEL = HEADER[-1]
SCALES = [10.0, 50.0, 5.0]
DATA = np.random.RandomState(4).rand(40, 4).astype(np.float32) * np.array([10.0, 50.0, 5.0, 1.0], dtype=np.float32)


def input_fn():
    features = {name: DATA[:, i] for i, name in enumerate(FEATURES)}
    return tf.data.Dataset.from_tensor_slices((features, DATA[:, 3])).batch(8)


columns = [tf.feature_column.numeric_column(name, normalizer_fn=lambda x, s=SCALES[i]: x / s)
           for i, name in enumerate(FEATURES)]


class LinearRegressorModel(tf.keras.Model):
    """Keras form of tf.estimator.LinearRegressor: the same layers, initial values, head and optimizer."""

    def __init__(self, feature_columns):
        super().__init__()
        tf1_columns = {column.name: column for column in feature_columns}
        # tf.feature_column.numeric_column(name, normalizer_fn=lambda x, s=SCALES[i]: x / s)
        self.age_normalizer = tf.keras.layers.Lambda(tf1_columns['age'].normalizer_fn)
        # tf.feature_column.numeric_column(name, normalizer_fn=lambda x, s=SCALES[i]: x / s)
        self.distance_normalizer = tf.keras.layers.Lambda(tf1_columns['distance'].normalizer_fn)
        # tf.feature_column.numeric_column(name, normalizer_fn=lambda x, s=SCALES[i]: x / s)
        self.rooms_normalizer = tf.keras.layers.Lambda(tf1_columns['rooms'].normalizer_fn)
        self.linear_model = tf.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
        self.head_loss = tf.keras.losses.MeanSquaredError(reduction="sum_over_batch_size")
        self.squared_errors = tf.keras.losses.MeanSquaredError(reduction=None)
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")

    def call(self, features, training=False):
        age = tf.reshape(tf.cast(self.age_normalizer(features['age']), tf.float32), [-1, 1])
        distance = tf.reshape(tf.cast(self.distance_normalizer(features['distance']), tf.float32), [-1, 1])
        rooms = tf.reshape(tf.cast(self.rooms_normalizer(features['rooms']), tf.float32), [-1, 1])
        linear_inputs = tf.concat([age, distance, rooms], axis=1)
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
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.2))
    return model


regressor = make_linear_regressor_model(columns)
regressor.fit(input_fn(), steps_per_epoch=5)
print("eval", {**regressor.evaluate(input_fn(), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
