"""Estimator names imported one by one from tensorflow.estimator, as some tutorials wrote them."""
import numpy as np
import tensorflow as tf

X = np.linspace(0.0, 1.0, 40, dtype="float32").reshape(-1, 1)
Y = 3.0 * X + 1.0


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(8).repeat(5)


class LineModel(tf.keras.Model):
    """The Estimator model_fn `line_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        fitted = self.dense(features)
        return fitted

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        replicas = tf.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        fitted = self(features, training=False)
        return {"y": fitted}


def make_line_model():
    model = LineModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.2),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


tf.keras.utils.set_random_seed(5)
line = make_line_model()
line.fit(input_fn())
print({**line.evaluate(input_fn(), steps=2, return_dict=True), "global_step": line.optimizer.iterations.numpy()})
