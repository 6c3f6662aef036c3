"""A tf.estimator Estimator given tf.contrib.learn's RunConfig. The Estimator read its
seed and model_dir like tf.estimator.RunConfig's; the GPU share only went into the
RunConfig's tf_config, which an Estimator never used."""
import numpy as np
import tensorflow as tf

FEATURES = np.linspace(-1.0, 1.0, 40, dtype=np.float32).reshape(20, 2)
LABELS = (FEATURES.sum(axis=1, keepdims=True) > 0).astype(np.float32)


def logistic_model_fn(features, labels, mode):
    logits = tf.layers.dense(features, 1)
    loss = tf.losses.sigmoid_cross_entropy(labels, logits)
    train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def batches():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).repeat(3).batch(5)


config = tf.contrib.learn.RunConfig(gpu_memory_fraction=0.5, tf_random_seed=7, log_device_placement=False)
model = tf.estimator.Estimator(model_fn=logistic_model_fn, config=config)
model.train(batches)
print(model.evaluate(batches, steps=2))
