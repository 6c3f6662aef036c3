"""Pre-train, then fine-tune twice from the pre-trained checkpoint: once through
WarmStartSettings, once with warm_start_from=<the model_dir>. Each fine-tune starts from the
pre-trained weights but from step 0 and a fresh optimizer."""
import tempfile

import numpy as np
import tensorflow as tf

PRETRAIN_DIR = tempfile.mkdtemp(prefix="pretrain_")
RNG = np.random.RandomState(15)
FEATURES = RNG.rand(60, 3).astype("float32")
LABELS = (FEATURES @ np.array([1.0, -1.0, 0.5], dtype="float32") > 0.2).astype("int32")


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).repeat().batch(12)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).batch(12)


def model_fn(features, labels, mode, params):
    hidden = tf.compat.v1.layers.dense(features, 4, activation=tf.nn.tanh,
                                       kernel_initializer=tf.compat.v1.constant_initializer(0.1))
    logits = tf.compat.v1.layers.dense(hidden, 2, kernel_initializer=tf.compat.v1.zeros_initializer())
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        metrics = {"accuracy": tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, 1))}
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    optimizer = tf.compat.v1.train.AdamOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


pretrained = tf.estimator.Estimator(model_fn=model_fn, model_dir=PRETRAIN_DIR, params={"learning_rate": 0.05})
pretrained.train(train_input_fn, steps=10)
print("pretrained", pretrained.evaluate(eval_input_fn))

settings = tf.estimator.WarmStartSettings(ckpt_to_initialize_from=PRETRAIN_DIR, vars_to_warm_start=".*")
tuned = tf.estimator.Estimator(model_fn=model_fn, params={"learning_rate": 0.01}, warm_start_from=settings)
tuned.train(train_input_fn, steps=4)
print("tuned", tuned.evaluate(eval_input_fn))

again = tf.estimator.Estimator(model_fn=model_fn, params={"learning_rate": 0.02}, warm_start_from=PRETRAIN_DIR)
again.train(train_input_fn, steps=3)
again.train(train_input_fn, steps=2)
print("again", again.evaluate(eval_input_fn))
