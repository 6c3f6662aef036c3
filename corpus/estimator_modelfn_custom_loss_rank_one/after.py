"""A loss written with TF ops on a (batch,) output: the model's compute_loss reads the output
back with the model_fn's shape, so it meets the (batch,) labels element by element."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(71)
POINTS = RNG.randn(40, 3).astype("float32")
FLAGS = (POINTS[:, 0] - POINTS[:, 1] > 0.8).astype("float32")
KERNEL = (RNG.randn(3, 1) * 0.5).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, FLAGS)).repeat().batch(10)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL))

    def call(self, features, training=False):
        logits = self.dense(features)[:, 0]
        return tf2.expand_dims(logits, -1)

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds
        # up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).
        y_true = y
        params = self.params
        return tf.reduce_mean((tf.nn.weighted_cross_entropy_with_logits(labels=y_true, logits=y_pred[:, 0], pos_weight=params["pos_weight"]))) / tf2.distribute.get_strategy().num_replicas_in_sync

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
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.5),
    )
    return model


estimator = make_keras_model({"pos_weight": 3.0})
estimator.fit(input_fn(), steps_per_epoch=10)
result = {**estimator.evaluate(input_fn(), steps=4, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
