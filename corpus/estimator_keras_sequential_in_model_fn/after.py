"""A tf.keras.Sequential made in the model_fn and called with the mode as its training
flag: the Keras model makes it once, in __init__, and calls it."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(9)
ROWS = rng.normal(size=(60, 5)).astype(np.float32)
TARGET = (ROWS[:, :1] * 2.0 - ROWS[:, 1:2] + 0.3 * ROWS[:, 4:]).astype(np.float32)
FIRST = np.linspace(-0.5, 0.5, 30).reshape(5, 6).astype(np.float32)
SECOND = np.cos(np.arange(6)).reshape(6, 1).astype(np.float32)


class RegressionModel(tf.keras.Model):
    """The Estimator model_fn `regression_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.net = tf.keras.Sequential([
            tf.keras.layers.Dense(6, activation="tanh", kernel_initializer=tf.keras.initializers.Constant(FIRST)),
            tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(SECOND)),
        ])

    def call(self, features, training=False):
        net = self.net
        prediction = net(features["rows"], training=training)
        return prediction

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

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        prediction = self(features, training=False)
        return {"value": prediction}


def make_regression_model(params):
    model = RegressionModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=params["rate"]),
        loss=tf.keras.losses.MeanSquaredError(),
        metrics=[tf.keras.metrics.RootMeanSquaredError(name="rmse")],
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"rows": ROWS}, TARGET)).repeat(2).batch(10)


regressor = make_regression_model({"rate": 0.05})
regressor.fit(input_fn())
print("eval", {**regressor.evaluate(input_fn(), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
