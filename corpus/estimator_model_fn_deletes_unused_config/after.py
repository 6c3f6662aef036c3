"""A model_fn with the full signature that deletes what it does not use, as linters ask."""
import numpy as np
import tensorflow as tf

SIZES = np.random.RandomState(6).rand(30, 2).astype("float32")
PRICES = (SIZES @ np.array([[3.0], [1.0]], dtype="float32")) + 0.5


def input_fn():
    return tf.data.Dataset.from_tensor_slices((SIZES, PRICES)).repeat(5).batch(10)


class PriceModel(tf.keras.Model):
    """The Estimator model_fn `price_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        price = self.dense(features)
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


def make_price_model(params):
    model = PriceModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


regressor = make_price_model({})
regressor.fit(input_fn())
print({**regressor.evaluate(input_fn(), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()}["loss"])
