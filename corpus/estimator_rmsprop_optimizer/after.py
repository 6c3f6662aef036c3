"""RMSPropOptimizer in a model_fn: TF1's mean square starts at 1, which the Keras optimizer must keep."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

X = np.random.RandomState(10).rand(8, 3).astype("float32")
Y = X @ np.array([[1.0], [-2.0], [0.5]], dtype="float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        prediction = self.dense(features)
        return prediction

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


class KerasModelRMSprop(tf2.keras.optimizers.RMSprop):
    """TF1's RMSPropOptimizer: Keras's RMSprop update, with the mean square of the gradients
    starting at 1 as TF1's did (Keras starts it at 0)."""

    def add_optimizer_variables(self, trainable_variables, name, initializer="zeros"):
        if name == "velocity":
            initializer = "ones"
        return super().add_optimizer_variables(trainable_variables, name, initializer)


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=KerasModelRMSprop(learning_rate=0.01, rho=0.9, momentum=0.5, epsilon=1e-10),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=5)
print({**estimator.evaluate(input_fn(), steps=1, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["loss"])
