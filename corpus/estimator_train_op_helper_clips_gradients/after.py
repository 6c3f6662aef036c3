"""A regression model_fn whose training step is built by a helper: Adam on a decaying rate,
gradients clipped to a global norm, then applied."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(8)
INPUTS = rng.uniform(-1.0, 1.0, size=(48, 2)).astype(np.float32)
TARGETS = (2.0 * INPUTS[:, :1] - INPUTS[:, 1:] + 0.5).astype(np.float32)
KERNEL = np.array([[0.3, -0.2, 0.1, 0.4], [-0.1, 0.2, 0.5, -0.3]], np.float32)
CLIP_NORM = 1.0


def input_fn():
    return tf.data.Dataset.from_tensor_slices((INPUTS, TARGETS)).repeat(4).batch(12)


def build_train_op(loss, params):
    global_step = tf.train.get_global_step()
    rate = tf.train.exponential_decay(params["learning_rate"], global_step, 4, 0.9, staircase=True)
    optimizer = tf.train.AdamOptimizer(rate)
    gradients, variables = zip(*optimizer.compute_gradients(loss))
    clipped, _ = tf.clip_by_global_norm(gradients, CLIP_NORM)
    return optimizer.apply_gradients(zip(clipped, variables), global_step=global_step)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=4, activation="tanh", kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL))
        self.dense_1 = tf2.keras.layers.Dense(units=1, kernel_initializer="ones")

    def call(self, features, training=False):
        hidden = self.dense(features)
        output = self.dense_1(hidden)
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


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=tf2.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=params["learning_rate"], decay_steps=4, decay_rate=0.9, staircase=True), epsilon=1e-08, global_clipnorm=CLIP_NORM),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


regressor = make_keras_model({"learning_rate": 0.1})
regressor.fit(input_fn())
print("eval", {**regressor.evaluate(input_fn(), steps=2, return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
