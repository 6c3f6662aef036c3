"""The Machine Learning Crash Course notebook shape, saved as a script for TF 1.x: an input
function over a dict of columns built with the private `tensorflow.python.data` Dataset, a
set of numeric columns made from the keys the program has, and a LinearRegressor whose
GradientDescentOptimizer is clipped by tf.contrib.estimator.clip_gradients_by_norm, trained
in periods."""
import numpy as np
import tensorflow as tf
from tensorflow.python.data import Dataset

RNG = np.random.RandomState(21)
EXAMPLES = {"rooms": RNG.uniform(1.0, 8.0, 60), "income": RNG.uniform(0.5, 9.0, 60)}
TARGETS = 30.0 * EXAMPLES["income"] + 4.0 * EXAMPLES["rooms"] + RNG.normal(0.0, 5.0, 60)


def my_input_fn(features, targets, batch_size=1, shuffle=False, num_epochs=None):
    features = {key: np.array(value) for key, value in dict(features).items()}
    ds = Dataset.from_tensor_slices((features, targets))
    ds = ds.batch(batch_size).repeat(num_epochs)
    # Keras iterates the Dataset itself: the one-shot iterator gave the Estimator the same elements.
    return ds


def construct_feature_columns(input_features):
    return set([tf.feature_column.numeric_column(my_feature) for my_feature in input_features])


class LinearRegressorModel(tf.keras.Model):
    """Keras form of tf.compat.v1.estimator.LinearRegressor: the same layers, initial values, head and optimizer."""

    def __init__(self, feature_keys):
        super().__init__()
        self.feature_keys = list(feature_keys)
        linear_column_names = [] + [key for key in self.feature_keys]
        if len(set(linear_column_names)) != len(linear_column_names):
            raise ValueError("Duplicate feature column name found for columns: %s" % linear_column_names)
        self.linear_model = tf.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
        self.head_loss = tf.keras.losses.MeanSquaredError(reduction="sum")
        self.squared_errors = tf.keras.losses.MeanSquaredError(reduction=None)
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")

    def call(self, features, training=False):
        linear_columns = dict()
        for i, key in enumerate(self.feature_keys):  # EXAMPLES
            feature_keys_each = tf.reshape(tf.cast(features[key], tf.float32), [-1, 1])
            linear_columns[key] = feature_keys_each
        linear_inputs = tf.concat([linear_columns[name] for name in sorted(linear_columns)], axis=1)
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


def make_linear_regressor_model(feature_keys):
    model = LinearRegressorModel(feature_keys)
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.002, global_clipnorm=5.0))
    return model




linear_regressor = make_linear_regressor_model(EXAMPLES)
for period in range(3):
    linear_regressor.fit(my_input_fn(EXAMPLES, TARGETS, batch_size=10), steps_per_epoch=5)
    predictions = (dict(zip(outputs, row)) for outputs in [linear_regressor.predict(my_input_fn(EXAMPLES, TARGETS, num_epochs=1))] for row in zip(*outputs.values()))
    predictions = np.array([item["predictions"][0] for item in predictions])
    print("period", period, "rmse", round(float(np.sqrt(np.mean((predictions - TARGETS) ** 2))), 4))
