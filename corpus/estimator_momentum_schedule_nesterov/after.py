"""A small regression network trained with momentum under a stepped learning rate, and a
second run with Nesterov momentum under an exponential decay."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(9)
INPUTS = rng.normal(size=(96, 3)).astype(np.float32)
TARGETS = (np.sin(INPUTS[:, :1]) + 0.5 * INPUTS[:, 1:2] * INPUTS[:, 2:]).astype(np.float32)
HIDDEN_INIT = np.linspace(-0.4, 0.4, 30).reshape(3, 10).astype(np.float32)
OUTPUT_INIT = np.cos(np.arange(10)).reshape(10, 1).astype(np.float32) * 0.2


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": INPUTS}, TARGETS)).repeat(4).batch(8)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=10, activation="tanh", kernel_initializer=tf2.keras.initializers.Constant(value=HIDDEN_INIT))
        self.dense_1 = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=OUTPUT_INIT))

    def call(self, features, training=False):
        hidden = self.dense(features["x"])
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


class KerasModelMomentum(tf2.keras.optimizers.SGD):
    """TF1's MomentumOptimizer: the accumulated gradients are scaled by the current learning
    rate as a whole (Keras's SGD scales each gradient by the rate when it enters)."""

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = tf2.cast(learning_rate, variable.dtype)
        gradient = tf2.cast(tf2.convert_to_tensor(gradient), variable.dtype)
        accumulator = self.momentums[self._get_variable_index(variable)]
        accumulator.assign(accumulator * self.momentum + gradient)
        if self.nesterov:
            variable.assign_sub(learning_rate * (gradient + self.momentum * accumulator))
        else:
            variable.assign_sub(learning_rate * accumulator)


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=KerasModelMomentum(learning_rate=(tf2.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=0.05, decay_steps=10, decay_rate=0.5) if params["nesterov"] else tf2.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=[12, 30], values=[0.1, 0.02, 0.005])), momentum=0.9, nesterov=params["nesterov"]),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


for nesterov in (False, True):
    regressor = make_keras_model({"nesterov": nesterov})
    regressor.fit(input_fn())
    print("nesterov" if nesterov else "momentum", {**regressor.evaluate(input_fn(), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
