"""A TF 1.x course-style trainer: it builds a LinearRegressor with a clipped
GradientDescentOptimizer, trains it in periods (steps / periods of them each), reports the
RMSE of predict() after each period, and returns the regressor, which the caller evaluates."""
import math

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(7)
ROOMS = RNG.uniform(1.0, 8.0, size=80).astype("float32")
INCOME = RNG.uniform(0.5, 6.0, size=80).astype("float32")
VALUE = (0.4 * ROOMS + 1.1 * INCOME + RNG.normal(0.0, 0.3, size=80)).astype("float32")


def my_input_fn(features, targets, batch_size=1, num_epochs=None):
    ds = tf.data.Dataset.from_tensor_slices((features, targets))
    return ds.batch(batch_size).repeat(num_epochs)


class LinearRegressorModel(tf.keras.Model):
    """Keras form of tf.compat.v1.estimator.LinearRegressor: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        self.linear_model = tf.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
        self.head_loss = tf.keras.losses.MeanSquaredError(reduction="sum")
        self.squared_errors = tf.keras.losses.MeanSquaredError(reduction=None)
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")

    def call(self, features, training=False):
        income = tf.reshape(tf.cast(features['income'], tf.float32), [-1, 1])
        rooms = tf.reshape(tf.cast(features['rooms'], tf.float32), [-1, 1])
        linear_inputs = tf.concat([income, rooms], axis=1)
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


def make_linear_regressor_model(optimizer):
    model = LinearRegressorModel()
    model.compile(optimizer=optimizer)
    return model


def train_model(learning_rate, steps, batch_size):
    periods = 4
    steps_per_period = steps / periods
    features = {"rooms": ROOMS, "income": INCOME}
    feature_columns = [tf.feature_column.numeric_column("rooms"), tf.feature_column.numeric_column("income")]
    linear_regressor = make_linear_regressor_model(tf.keras.optimizers.SGD(learning_rate=learning_rate, global_clipnorm=5.0))
    training_input_fn = lambda: my_input_fn(features, VALUE, batch_size=batch_size)
    prediction_input_fn = lambda: my_input_fn(features, VALUE, num_epochs=1)
    for period in range(periods):
        linear_regressor.fit(training_input_fn(), steps_per_epoch=math.ceil(steps_per_period))
        predictions = (dict(zip(outputs, row)) for outputs in [linear_regressor.predict(prediction_input_fn())] for row in zip(*outputs.values()))
        predictions = np.array([item["predictions"][0] for item in predictions])
        print("period", period, round(math.sqrt(np.mean((predictions - VALUE) ** 2)), 5))
    return linear_regressor


linear_regressor = train_model(learning_rate=0.02, steps=30, batch_size=10)
evaluation = {**linear_regressor.evaluate(my_input_fn(
    {"rooms": ROOMS, "income": INCOME}, VALUE, batch_size=20, num_epochs=1), return_dict=True), "global_step": linear_regressor.optimizer.iterations.numpy()}
print("eval", evaluation)
