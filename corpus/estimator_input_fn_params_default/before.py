"""input_fns whose `params` and `mode` have defaults: the Estimator passed both by name
anyway, so the batch size comes from the Estimator's params and the mode decides the
repeat."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(8).rand(24, 2).astype(np.float32)
TARGETS = FEATURES.sum(axis=1, keepdims=True) - 0.5


def input_fn(mode=None, params=None):
    batch_size = params["batch_size"] if params else 1
    dataset = tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS))
    if mode == tf.estimator.ModeKeys.TRAIN:
        dataset = dataset.repeat()
    return dataset.batch(batch_size)


def model_fn(features, labels, mode, params):
    output = tf.compat.v1.layers.dense(features["x"], 1, kernel_initializer=tf.compat.v1.zeros_initializer())
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn=model_fn, params={"batch_size": 6, "learning_rate": 0.1})
estimator.train(input_fn=input_fn, steps=5)
print("eval", estimator.evaluate(input_fn=input_fn))
