"""params built from absl FLAGS values; train_op = None then set under `if mode == TRAIN`."""
import numpy as np
import tensorflow.compat.v1 as tf
from absl import flags
import tensorflow as tf2

flags.DEFINE_integer("hidden_units", 6, "width of the hidden layer")
flags.DEFINE_float("learning_rate", 0.1, "initial learning rate")
flags.DEFINE_float("dropout", 0.25, "dropout rate")
FLAGS = flags.FLAGS
FLAGS(["train"])

FEATURES = np.random.RandomState(2).rand(10, 3).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat().batch(5)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=params["hidden_units"], activation="relu")
        self.dropout = tf2.keras.layers.Dropout(rate=params["dropout"])
        self.dense_1 = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        hidden = self.dense(features)
        hidden = self.dropout(hidden, training=training)
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


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=tf2.keras.optimizers.schedules.CosineDecay(initial_learning_rate=params["learning_rate"], decay_steps=50)),
        loss=tf2.keras.losses.MeanAbsoluteError(),
    )
    return model


params = {"hidden_units": FLAGS.hidden_units, "learning_rate": FLAGS.learning_rate, "dropout": FLAGS.dropout}
estimator = make_keras_model(params)
estimator.fit(input_fn(), steps_per_epoch=8)
print("loss", {**estimator.evaluate(input_fn(), steps=2, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["loss"])
