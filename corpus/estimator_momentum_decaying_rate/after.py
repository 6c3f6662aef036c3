"""MomentumOptimizer with an exponentially decaying rate: TF1 scales its accumulated gradients by the current rate."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

X = np.random.RandomState(22).rand(8, 3).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        output = self.dense(features)
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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=KerasModelMomentum(learning_rate=tf2.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=0.1, decay_steps=2, decay_rate=0.5), momentum=0.9),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=6)
