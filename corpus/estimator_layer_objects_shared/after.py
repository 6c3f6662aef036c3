"""One tf.layers.Dense object applied to two inputs (shared weights), and a Dropout object."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

LEFT = np.random.RandomState(2).rand(40, 3).astype("float32")
RIGHT = np.random.RandomState(3).rand(40, 3).astype("float32")
SAME = (np.abs(LEFT - RIGHT).sum(axis=1) < 1.0).astype("int64")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"left": LEFT, "right": RIGHT}, SAME)).repeat(3).batch(8)


class SiameseModel(tf2.keras.Model):
    """The Estimator model_fn `siamese_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=params["width"], activation="tanh")
        self.dropout = tf2.keras.layers.Dropout(rate=0.1)
        self.dense_1 = tf2.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        encoder = self.dense
        dropout = self.dropout
        left = dropout(encoder(features["left"]), training=training)
        right = encoder(features["right"])
        logits = self.dense_1(tf.abs(left - right))
        return logits

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


def make_siamese_model(params):
    model = SiameseModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=0.02, epsilon=1e-08),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


estimator = make_siamese_model({"width": 6})
estimator.fit(input_fn())
print({**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
