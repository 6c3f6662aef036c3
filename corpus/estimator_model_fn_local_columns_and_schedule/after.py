"""The model_fn builds its own feature columns from the module's feature names, and its
learning-rate steps from locals: both are read where the Keras model needs them."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

FEATURES = ["depth", "width", "slope"]
rng = np.random.RandomState(12)
DATA = {name: rng.uniform(0.0, 1.0, 64).astype(np.float32) for name in FEATURES}
FLOW = (DATA["depth"] * DATA["width"] + 0.3 * DATA["slope"]).reshape(-1, 1).astype(np.float32)
HIDDEN_INIT = np.linspace(-0.5, 0.5, 24).reshape(3, 8).astype(np.float32)
OUTPUT_INIT = np.linspace(0.4, -0.3, 8).reshape(8, 1).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((DATA, FLOW)).repeat(3).batch(8)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=8, activation="relu", kernel_initializer=tf2.keras.initializers.Constant(value=HIDDEN_INIT))
        self.dense_1 = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=OUTPUT_INIT))

    def call(self, features, training=False):
        depth = tf2.reshape(tf2.cast(features['depth'], tf2.float32), [-1, 1])
        slope = tf2.reshape(tf2.cast(features['slope'], tf2.float32), [-1, 1])
        width = tf2.reshape(tf2.cast(features['width'], tf2.float32), [-1, 1])
        dnn_inputs = tf2.concat([depth, slope, width], axis=1)
        net = dnn_inputs
        net = self.dense(net)
        flow = self.dense_1(net)
        return flow

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf2.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        replicas = tf2.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf2.minimum(tf2.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)


def make_keras_model(params):
    boundaries = [8, 16]
    rates = [params["rate"], params["rate"] / 2, params["rate"] / 10]
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=tf2.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=boundaries, values=rates), epsilon=1e-08),
        loss=tf2.keras.losses.MeanSquaredError(),
        metrics=[tf2.keras.metrics.RootMeanSquaredError(name="rmse")],
    )
    return model


estimator = make_keras_model({"rate": 0.05})
estimator.fit(input_fn())
print("eval", {**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
