"""A regression model_fn that spells TensorFlow's modules through short aliases."""
import random

import numpy as np
import tensorflow as tf

fc = tf.feature_column
random.seed(1)
np.random.seed(1)
SIZES = np.random.RandomState(2).uniform(30, 200, size=(120, 1)).astype("float32")
PRICES = (0.02 * SIZES + 1.0).astype("float32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"size": SIZES}, PRICES)).batch(20).repeat(epochs)


class PriceModel(tf.keras.Model):
    """The Estimator model_fn `price_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        # fc.numeric_column("size", normalizer_fn=lambda x: (x - 115.0) / 50.0)
        self.size_normalizer = tf.keras.layers.Lambda(lambda x: (x - 115.0) / 50.0)
        self.dense = tf.keras.layers.Dense(units=8, activation="relu")
        self.dense_1 = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        size = tf.reshape(tf.cast(self.size_normalizer(features['size']), tf.float32), [-1, 1])
        dnn_inputs = tf.concat([size], axis=1)
        net = dnn_inputs
        net = self.dense(net)
        price = self.dense_1(net)
        return price

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
        price = self(features, training=False)
        return {"price": price}


def make_price_model(params):
    model = PriceModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=params["learning_rate"], epsilon=1e-08),
        loss=tf.keras.losses.MeanSquaredError(),
        metrics=[tf.keras.metrics.MeanAbsoluteError(name="mae")],
    )
    return model


columns = [fc.numeric_column("size", normalizer_fn=lambda x: (x - 115.0) / 50.0)]
estimator = make_price_model({"columns": columns, "learning_rate": 0.05})
estimator.fit(input_fn(10))
print({**estimator.evaluate(input_fn(1), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
