"""The canned model gets its optimizer from a function of no arguments that decays the
learning rate by the global step, as the DNNRegressor docs showed with a lambda."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

SIZE = 48
X = {"x": np.linspace(0.0, 1.0, SIZE, dtype=np.float32), "w": np.linspace(1.0, 2.0, SIZE, dtype=np.float32)}
Y = (2.0 * X["x"] - X["w"] + 1.0).astype(np.float32)


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat(epochs).batch(12)


columns = [tf.feature_column.numeric_column("x"), tf.feature_column.numeric_column("w")]


class LinearRegressorModel(tf2.keras.Model):
    """Keras form of tf.compat.v1.estimator.LinearRegressor: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        self.linear_model = tf2.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
        self.head_loss = tf2.keras.losses.MeanSquaredError(reduction="sum")
        self.squared_errors = tf2.keras.losses.MeanSquaredError(reduction=None)
        self.average_loss = tf2.keras.metrics.Mean(name="average_loss")
        self.label_mean = tf2.keras.metrics.Mean(name="label/mean")
        self.prediction_mean = tf2.keras.metrics.Mean(name="prediction/mean")

    def call(self, features, training=False):
        w = tf2.reshape(tf2.cast(features['w'], tf2.float32), [-1, 1])
        x = tf2.reshape(tf2.cast(features['x'], tf2.float32), [-1, 1])
        linear_inputs = tf2.concat([w, x], axis=1)
        linear_logits = self.linear_model(linear_inputs)
        return linear_logits

    def labels_of(self, y):
        return tf2.reshape(tf2.cast(y, tf2.float32), [-1, 1])

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
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        return {"predictions": logits}

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf2.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss, sample_weight=tf2.minimum(tf2.shape(y_pred)[0], 1))
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
            data_batch = tf2.nest.map_structure(
                lambda x: local(x)[0] if isinstance(x, tf2.distribute.DistributedValues) else x, first)
            iterator = None
        super()._maybe_symbolic_build(iterator=iterator, data_batch=data_batch)


def make_linear_regressor_model():
    model = LinearRegressorModel()
    model.compile(optimizer=tf2.keras.optimizers.SGD(learning_rate=tf2.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=0.02, decay_steps=5, decay_rate=0.5, staircase=True)))
    return model


regressor = make_linear_regressor_model()
regressor.fit(input_fn(4))
print("eval", {**regressor.evaluate(input_fn(1), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
