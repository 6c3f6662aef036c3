"""Dict labels of which the model_fn uses one entry: its loss and metrics compare with
labels["churned"] only."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(61)
POINTS = RNG.randn(36, 4).astype("float32")
CHURNED = (POINTS[:, 0] + POINTS[:, 2] > 0).astype("int32")
SPEND = (POINTS[:, 1] * 10.0).astype("float32")
KERNEL = (RNG.randn(4, 2) * 0.5).astype("float32")


def input_fn():
    labels = {"churned": CHURNED, "spend": SPEND}
    return tf.data.Dataset.from_tensor_slices((POINTS, labels)).repeat().batch(9)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=2, kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL))

    def call(self, features, training=False):
        logits = self.dense(features)
        return logits

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's loss compared the output with the labels' entry y["churned"] only.
        return super().compute_loss(x, y["churned"], y_pred, sample_weight, training)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        return super().compute_metrics(x, y["churned"], y_pred, sample_weight)

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
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.3),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=8)
result = {**estimator.evaluate(input_fn(), steps=4, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
