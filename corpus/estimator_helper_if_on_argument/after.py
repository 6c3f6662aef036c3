"""A layer helper with an optional activation, applied by `if activation is not None:`, and
called with an activation for the hidden layer and without one for the output."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(41)
FEATURES = rng.normal(size=(60, 3)).astype(np.float32)
TARGETS = (np.abs(FEATURES[:, :1]) - FEATURES[:, 2:]).astype(np.float32)


def dense_block(inputs, units, init, activation=None):
    outputs = tf.layers.dense(inputs, units, kernel_initializer=tf.constant_initializer(init))
    if activation is not None:
        outputs = activation(outputs)
    return outputs


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        dense_block2_init = -0.3
        self.dense = tf2.keras.layers.Dense(units=6, kernel_initializer=tf2.keras.initializers.Constant(value=0.2))
        self.dense_1 = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=dense_block2_init))

    def call(self, features, training=False):
        dense_block1_outputs = self.dense(features["x"])
        dense_block1_outputs = tf.nn.relu(dense_block1_outputs)
        hidden = dense_block1_outputs
        dense_block2_init = -0.3
        dense_block2_outputs = self.dense_1(hidden)
        output = dense_block2_outputs
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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.05),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS)).repeat(2).batch(10)


regressor = make_keras_model()
regressor.fit(input_fn())
print("eval", {**regressor.evaluate(input_fn(), steps=3, return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
