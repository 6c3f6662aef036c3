"""A model_fn whose structure depends on the width of the incoming feature tensor: the `if`
reads a static dimension, which Keras's call sees as TF1's graph did, so it stays in call."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.5, 1.0, 0.0]] * 8, [[1.0]] * 8)).batch(4)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=2)
        self.dense_1 = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        net = features
        if features.shape[1] > 2:
            net = self.dense(net)
        output = self.dense_1(net)
        return output

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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=4)
