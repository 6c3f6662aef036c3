"""Two branches joined with +, metrics.mean of the per-example loss, and evaluate()["global_step"]."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

INPUTS = np.random.RandomState(8).randn(9, 5).astype("float32")
TARGETS = np.argmax(INPUTS[:, :3], axis=1).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((INPUTS, TARGETS)).repeat().batch(3)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=6, activation="relu")
        self.dense_1 = tf2.keras.layers.Dense(units=6)
        self.dense_2 = tf2.keras.layers.Dense(units=3)

    def call(self, features, training=False):
        hidden = self.dense(features)
        skip = self.dense_1(hidden)
        logits = self.dense_2(hidden + skip)
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
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalCrossentropy(name="mean_xent", from_logits=True)],
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=7)
evaluation = {**estimator.evaluate(input_fn(), steps=3, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("step", evaluation["global_step"], "mean_xent", evaluation["mean_xent"])
