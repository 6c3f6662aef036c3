"""separable_conv2d, a natural_exp_decay rate, and compute_gradients / clip_by_global_norm / apply_gradients."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

IMAGES = np.random.RandomState(6).rand(8, 7, 7, 3).astype("float32")
CLASSES = np.array([0, 1, 1, 0, 1, 0, 0, 1], dtype="int64")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((IMAGES, CLASSES)).repeat().batch(4)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.separable_conv2d = tf2.keras.layers.SeparableConv2D(filters=6, kernel_size=3, depth_multiplier=2, activation="relu")
        self.flatten = tf2.keras.layers.Flatten()
        self.dense = tf2.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        net = self.separable_conv2d(features)
        net = self.flatten(net)
        logits = self.dense(net)
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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=tf2.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=0.1, decay_steps=5, decay_rate=2.718281828459045 ** -(0.3)), global_clipnorm=1.0),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


classifier = make_keras_model()
classifier.fit(input_fn(), steps_per_epoch=6)
print("loss", {**classifier.evaluate(input_fn(), steps=2, return_dict=True), "global_step": classifier.optimizer.iterations.numpy()}["loss"])
