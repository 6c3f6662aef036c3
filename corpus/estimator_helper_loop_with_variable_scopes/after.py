"""A network helper that loops over the hidden sizes and opens a variable scope per block,
as many repositories name their layers."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(17)
READINGS = rng.normal(size=(64, 4)).astype(np.float32)
LEVELS = (np.tanh(READINGS[:, :1]) + 0.3 * READINGS[:, 1:2] ** 2).astype(np.float32)


def tower(inputs, sizes):
    net = inputs
    for i, size in enumerate(sizes):
        with tf.variable_scope("block_%d" % i):
            net = tf.layers.dense(net, size, kernel_initializer=tf.constant_initializer(0.1 * (i + 1)), name="dense")
            net = tf.nn.relu(net)
    return tf.layers.dense(net, 1, kernel_initializer=tf.constant_initializer(-0.2), name="output")


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = []
        for tower1_i, tower1_size in enumerate(params["sizes"]):
            self.dense.append(tf2.keras.layers.Dense(units=tower1_size, kernel_initializer=tf2.keras.initializers.Constant(value=0.1 * (tower1_i + 1))))
        self.dense_1 = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=-0.2))

    def call(self, features, training=False):
        params = self.params
        tower1_net = features["readings"]
        for (tower1_i, tower1_size), dense_layer in zip(enumerate(params["sizes"]), self.dense):
            tower1_net = dense_layer(tower1_net)
            tower1_net = tf.nn.relu(tower1_net)
        level = self.dense_1(tower1_net)
        return level

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
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, LEVELS)).repeat(2).batch(8)


regressor = make_keras_model({"sizes": [8, 4]})
regressor.fit(input_fn())
print("eval", {**regressor.evaluate(input_fn(), steps=3, return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
