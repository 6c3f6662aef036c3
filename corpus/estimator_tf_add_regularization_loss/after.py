"""tf.add of the data loss and the regularization loss, with a regularizer bound in the model_fn."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(7).randn(64, 5).astype("float32")
TARGETS = (FEATURES @ np.array([0.5, -1.0, 0.3, 0.0, 2.0], dtype="float32"))[:, None]


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat().batch(16)


class RegressionModel(tf.keras.Model):
    """The Estimator model_fn `regression_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = []
        for units in params["hidden"]:
            self.dense.append(tf.keras.layers.Dense(units=units, activation="relu", kernel_regularizer=tf.keras.regularizers.l2(params["l2"])))
        self.dense_1 = tf.keras.layers.Dense(units=1, kernel_regularizer=tf.keras.regularizers.l2(params["l2"]))

    def call(self, features, training=False):
        params = self.params
        net = features
        for units, dense_layer in zip(params["hidden"], self.dense):
            net = dense_layer(net)
        output = self.dense_1(net)
        return output

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


def make_regression_model(params):
    model = RegressionModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.05),
        loss=tf.keras.losses.MeanSquaredError(),
        metrics=[tf.keras.metrics.RootMeanSquaredError(name="rmse")],
    )
    return model


regressor = make_regression_model({"l2": 0.001, "hidden": [16, 8]})
regressor.fit(input_fn(), steps_per_epoch=40)
print({**regressor.evaluate(input_fn(), steps=4, return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
