"""One RunConfig with a session_config serves two Estimators: its thread setting becomes one
tf.config call, written once, and the RunConfig goes with the last Estimator."""
import tempfile

import numpy as np
import tensorflow as tf

MODEL_DIR = tempfile.mkdtemp(prefix="shared_config_")
FEATURES = np.random.RandomState(0).rand(32, 3).astype("float32")
LABELS = (FEATURES.sum(axis=1, keepdims=True) > 1.5).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).repeat().batch(8)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).batch(8)


def model_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features, 1, kernel_initializer=tf.compat.v1.zeros_initializer())
    loss = tf.compat.v1.losses.sigmoid_cross_entropy(labels, logits)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.5)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


session = tf.compat.v1.ConfigProto(intra_op_parallelism_threads=1)
config = tf.estimator.RunConfig(tf_random_seed=3).replace(
    model_dir=MODEL_DIR, keep_checkpoint_max=2, session_config=session)

first = tf.estimator.Estimator(model_fn=model_fn, config=config)
first.train(input_fn, steps=5)
print("first", first.evaluate(eval_input_fn))

resumed = tf.estimator.Estimator(model_fn=model_fn, config=config)
resumed.train(input_fn, steps=3)
print("resumed", resumed.evaluate(eval_input_fn))
