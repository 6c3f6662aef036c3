"""params built from absl FLAGS values; train_op = None then set under `if mode == TRAIN`."""
import numpy as np
import tensorflow.compat.v1 as tf
from absl import flags

flags.DEFINE_integer("hidden_units", 6, "width of the hidden layer")
flags.DEFINE_float("learning_rate", 0.1, "initial learning rate")
flags.DEFINE_float("dropout", 0.25, "dropout rate")
FLAGS = flags.FLAGS
FLAGS(["train"])

FEATURES = np.random.RandomState(2).rand(10, 3).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat().batch(5)


def model_fn(features, labels, mode, params):
    hidden = tf.layers.dense(features, params["hidden_units"], activation=tf.nn.relu)
    hidden = tf.layers.dropout(hidden, rate=params["dropout"], training=mode == tf.estimator.ModeKeys.TRAIN)
    output = tf.layers.dense(hidden, 1)
    loss = tf.losses.absolute_difference(labels=labels, predictions=output)
    train_op = None
    if mode == tf.estimator.ModeKeys.TRAIN:
        lr = tf.train.cosine_decay(params["learning_rate"], tf.train.get_global_step(), decay_steps=50)
        train_op = tf.train.GradientDescentOptimizer(lr).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


params = {"hidden_units": FLAGS.hidden_units, "learning_rate": FLAGS.learning_rate, "dropout": FLAGS.dropout}
estimator = tf.estimator.Estimator(model_fn=model_fn, params=params)
estimator.train(input_fn, steps=8)
print("loss", estimator.evaluate(input_fn, steps=2)["loss"])
