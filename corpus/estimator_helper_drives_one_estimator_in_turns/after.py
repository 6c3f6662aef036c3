"""One Estimator trained and scored by a helper called several times, in a loop too: the
helper's calls are written once, and each call continues from the last one's step."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(0).rand(20, 2).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(5)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        output = self.dense(features["x"])
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


def run(est, steps):
    est.fit(input_fn(), steps_per_epoch=steps)
    print("eval", {**est.evaluate(input_fn(), return_dict=True), "global_step": est.optimizer.iterations.numpy()})


e = make_keras_model()
run(e, 2)
run(e, 3)
for round_ in range(2):
    run(e, 1)
