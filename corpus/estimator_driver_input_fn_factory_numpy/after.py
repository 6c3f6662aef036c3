"""A function of the program makes its input_fns from numpy_input_fn, for training (without
end), evaluation (one pass) and prediction (features only: the set has no labels)."""
import numpy as np
import tensorflow as tf

LABEL = "price"
RNG = np.random.RandomState(6)
TRAIN = {"size": RNG.rand(48).astype("float32"), "rooms": RNG.rand(48).astype("float32")}
TRAIN[LABEL] = (2 * TRAIN["size"] + TRAIN["rooms"]).astype("float32")
TEST = {key: values[:24] for key, values in TRAIN.items()}  # three whole batches
NEW = {"size": TRAIN["size"][:5], "rooms": TRAIN["rooms"][:5]}


def get_input_fn(data_set, num_epochs=None, shuffle=False):
    def input_fn():
        # the examples numpy_input_fn fed, as a Dataset: tf.estimator is gone
        features = {k: data_set[k] for k in ("size", "rooms")}
        dataset = tf.data.Dataset.from_tensor_slices((features, data_set[LABEL]) if LABEL in data_set else features)
        if shuffle:
            dataset = dataset.shuffle(1000)
        return dataset.repeat(num_epochs).batch(8)
    return input_fn


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        inputs = tf.stack([features["size"], features["rooms"]], axis=1)
        price = tf.squeeze(self.dense(inputs), 1)
        return tf.expand_dims(price, -1)

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
        price = self(features, training=False)[:, 0]
        return {"price": price}


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


regressor = make_keras_model()
regressor.fit(get_input_fn(TRAIN)(), steps_per_epoch=20)
print("eval", {**regressor.evaluate(get_input_fn(TEST, num_epochs=1)(), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
prices = [p["price"] for p in (dict(zip(outputs, row)) for outputs in [regressor.predict(get_input_fn(NEW, num_epochs=1)())] for row in zip(*outputs.values()))]
print("predictions", len(prices), np.round(prices, 5))
