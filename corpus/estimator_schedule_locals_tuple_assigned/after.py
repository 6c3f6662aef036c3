"""A regression model_fn whose stepped learning rate reads two locals bound in one tuple
assignment from the hyperparameters."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

X = np.linspace(-1, 1, 64).reshape(32, 2).astype(np.float32)
Y = (X[:, :1] * 2.0 - X[:, 1:]).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat(3).batch(8)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        output = self.dense(features["x"])
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
    boundaries = [4, 8]
    rates = [params["rate"], params["rate"] / 2, params["rate"] / 4]
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=tf2.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=boundaries, values=rates)),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


est = make_keras_model({"rate": 0.1})
est.fit(input_fn())
print("eval", {**est.evaluate(input_fn(), steps=2, return_dict=True), "global_step": est.optimizer.iterations.numpy()})
