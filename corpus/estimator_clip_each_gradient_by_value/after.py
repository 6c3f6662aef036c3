"""Each gradient clipped to [-1, 1] in a comprehension over the (gradient, variable)
pairs, skipping variables without a gradient: the forum answer to exploding gradients."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(11)
READINGS = rng.normal(size=(80, 4)).astype(np.float32)
LEVELS = (4.0 * READINGS[:, :1] + 2.0 * READINGS[:, 1:2] * READINGS[:, 3:]).astype(np.float32)
FIRST = np.cos(np.arange(24)).reshape(4, 6).astype(np.float32)
SECOND = np.linspace(-1.0, 1.0, 6).reshape(6, 1).astype(np.float32)


class LevelModelModel(tf.keras.Model):
    """The Estimator model_fn `level_model` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=6, activation="tanh", kernel_initializer=tf.keras.initializers.Constant(value=FIRST))
        self.dense_1 = tf.keras.layers.Dense(units=1, kernel_initializer=tf.keras.initializers.Constant(value=SECOND))

    def call(self, features, training=False):
        hidden = self.dense(features["readings"])
        level = self.dense_1(hidden)
        return level

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
        level = self(features, training=False)
        return {"level": level}


def make_level_model_model(params):
    model = LevelModelModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=params["learning_rate"], clipvalue=1.),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


def train_input():
    return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, LEVELS)).repeat(3).batch(16)


estimator = make_level_model_model({"learning_rate": 0.1})
estimator.fit(train_input())
print("eval", {**estimator.evaluate(train_input(), steps=5, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
