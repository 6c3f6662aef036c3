"""params from vars(args); a conv1d regressor whose PREDICT test is written with !=; Huber loss."""
import argparse

import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

parser = argparse.ArgumentParser()
parser.add_argument("--filters", type=int, default=3)
parser.add_argument("--learning_rate", type=float, default=0.05)
args = parser.parse_args([])

SERIES = np.sin(np.linspace(0.0, 6.0, 40)).reshape(4, 10, 1).astype("float32")
TARGETS = SERIES.mean(axis=(1, 2)).reshape(4, 1)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((SERIES, TARGETS)).batch(2)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.conv1d = tf2.keras.layers.Conv1D(filters=params["filters"], kernel_size=3, activation="relu")
        self.average_pooling1d = tf2.keras.layers.AveragePooling1D(pool_size=2, strides=2)
        self.flatten = tf2.keras.layers.Flatten()
        self.dense = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        net = self.conv1d(features)
        net = self.average_pooling1d(net)
        net = self.flatten(net)
        output = self.dense(net)
        return output

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

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        output = self(features, training=False)
        return {"value": output}


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=tf2.keras.optimizers.schedules.PolynomialDecay(initial_learning_rate=params["learning_rate"], decay_steps=20, end_learning_rate=0.001), epsilon=1e-08),
        loss=tf2.keras.losses.Huber(delta=0.5),
        metrics=[tf2.keras.metrics.MeanAbsoluteError(name="mae"), tf2.keras.metrics.RootMeanSquaredError(name="rmse")],
    )
    return model


regressor = make_keras_model(vars(args))
regressor.fit(input_fn(), steps_per_epoch=5)
scores = {**regressor.evaluate(input_fn(), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()}
print("mae", scores["mae"], "rmse", scores["rmse"])
