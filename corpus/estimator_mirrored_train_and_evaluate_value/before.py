"""MirroredStrategy in RunConfig(train_distribute, eval_distribute) and the value of train_and_evaluate."""
import numpy as np
import tensorflow.compat.v1 as tf

DIGITS = np.random.RandomState(9).rand(8, 6, 6, 1).astype("float32")
LABELS = np.array([1, 0, 1, 1, 0, 0, 1, 0], dtype="int32")


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((DIGITS, LABELS)).repeat().batch(2)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((DIGITS, LABELS)).batch(4)


def cnn_model_fn(features, labels, mode):
    net = tf.layers.conv2d(features, filters=3, kernel_size=(2, 2), activation=tf.nn.relu)
    net = tf.layers.average_pooling2d(net, pool_size=(2, 2), strides=(2, 2))
    logits = tf.layers.dense(tf.layers.flatten(net), 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    train_op = tf.train.GradientDescentOptimizer(0.2).minimize(loss, global_step=tf.train.get_global_step())
    accuracy = tf.metrics.accuracy(labels=labels, predictions=tf.argmax(logits, axis=-1))
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops={"accuracy": accuracy})


strategy = tf.distribute.MirroredStrategy()
run_config = tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
estimator = tf.estimator.Estimator(model_fn=cnn_model_fn, config=run_config)
train_spec = tf.estimator.TrainSpec(input_fn=train_input_fn, max_steps=6)
eval_spec = tf.estimator.EvalSpec(input_fn=eval_input_fn, steps=2)
metrics, exports = tf.estimator.train_and_evaluate(estimator, train_spec, eval_spec)
print("accuracy", metrics["accuracy"], "step", metrics["global_step"], "exports", exports)
