"""A kernel_regularizer whose penalty the loss never adds (no get_regularization_loss): TF1 trained without it."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

X = np.random.RandomState(20).rand(8, 3).astype("float32")
Y = X @ np.array([[0.5], [1.5], [-1.0]], dtype="float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=6, activation="relu")
        self.dense_1 = tf2.keras.layers.Dense(units=1)

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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.05),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=4)
print({**estimator.evaluate(input_fn(), steps=1, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["loss"])
