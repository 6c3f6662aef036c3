"""The course shapes around a canned regressor: feature columns as a set over the columns of
the examples a trainer is given, an input_fn that rebinds its `features` parameter and
returns a one-shot iterator's next element, a trainer that returns its regressor, and a
numeric column whose shape is written as arithmetic."""
import math

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(40)
EXAMPLES = {"rooms": RNG.uniform(1.0, 6.0, 60).astype("float32"),
            "income": RNG.uniform(0.5, 4.0, 60).astype("float32")}
TARGETS = (0.3 * EXAMPLES["rooms"] + 0.8 * EXAMPLES["income"]).astype("float32")
POINTS = RNG.uniform(-1.0, 1.0, (60, 4)).astype("float32")


def my_input_fn(features, targets, batch_size=1, num_epochs=None):
    features = {key: np.array(value) for key, value in dict(features).items()}
    ds = tf.data.Dataset.from_tensor_slices((features, targets))
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
        for i, key in enumerate(self.feature_keys):  # training_examples
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


def make_linear_regressor_model(feature_keys, optimizer):
    model = LinearRegressorModel(feature_keys)
    model.compile(optimizer=optimizer)
    return model


def train_model(learning_rate, steps, batch_size, training_examples, training_targets):
    periods = 3
    regressor = make_linear_regressor_model(training_examples, tf.keras.optimizers.SGD(learning_rate=learning_rate))
    for period in range(periods):
        regressor.fit(my_input_fn(training_examples, training_targets, batch_size=batch_size), steps_per_epoch=steps // periods)
        predictions = (dict(zip(outputs, row)) for outputs in [regressor.predict(my_input_fn(training_examples, training_targets,
                                                                     num_epochs=1))] for row in zip(*outputs.values()))
        predictions = np.array([item["predictions"][0] for item in predictions])
        print("period", period, round(math.sqrt(np.mean((predictions - training_targets) ** 2)), 5))
    return regressor


regressor = train_model(0.002, 30, 10, EXAMPLES, TARGETS)
print("eval", {**regressor.evaluate(my_input_fn(EXAMPLES, TARGETS, batch_size=20, num_epochs=1), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})



class LinearRegressorKerasModel(tf.keras.Model):
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
        p = tf.reshape(tf.cast(features['p'], tf.float32), [-1, 4])
        linear_inputs = tf.concat([p], axis=1)
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


def make_linear_regressor_keras_model():
    model = LinearRegressorKerasModel()
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.01))
    return model


wide = make_linear_regressor_keras_model()
wide.fit(my_input_fn({"p": POINTS}, POINTS.sum(axis=1), batch_size=12), steps_per_epoch=5)
print("eval", {**wide.evaluate(my_input_fn({"p": POINTS}, POINTS.sum(axis=1), batch_size=30,
                                                         num_epochs=1), return_dict=True), "global_step": wide.optimizer.iterations.numpy()})
