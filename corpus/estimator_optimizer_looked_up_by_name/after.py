"""The optimizer class is looked up by name in a module-level table, as many training
scripts let a flag choose it; two runs take two entries."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

OPTIMIZERS = {
    "adagrad": tf.train.AdagradOptimizer,
    "adam": tf.train.AdamOptimizer,
    "sgd": tf.train.GradientDescentOptimizer,
}
rng = np.random.RandomState(8)
LOADS = rng.uniform(0.0, 1.0, size=(60, 2)).astype(np.float32)
COST = (1.5 * LOADS[:, :1] - 0.4 * LOADS[:, 1:] + 0.2).astype(np.float32)
KERNEL = np.array([[0.3], [0.1]], dtype=np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"load": LOADS}, COST)).repeat(2).batch(10)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL))

    def call(self, features, training=False):
        cost = self.dense(features["load"])
        return cost

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
    model = KerasModel()
    model.compile(
        optimizer={"adagrad": lambda: tf2.keras.optimizers.Adagrad(learning_rate=params["learning_rate"], epsilon=0.0), "adam": lambda: tf2.keras.optimizers.Adam(learning_rate=params["learning_rate"], epsilon=1e-08), "sgd": lambda: tf2.keras.optimizers.SGD(learning_rate=params["learning_rate"])}[params["optimizer"]](),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


for name in ("adam", "sgd"):
    regressor = make_keras_model({"optimizer": name, "learning_rate": 0.1})
    regressor.fit(input_fn())
    print(name, {**regressor.evaluate(input_fn(), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
