"""Small CNN on 8x8 stripe images under MirroredStrategy: conv2d, max_pooling2d,
flatten, one-hot softmax cross-entropy, Adam with a piecewise_constant rate, an EVAL
branch before the TRAIN one, input_fn factories, and the value train_and_evaluate
returns."""
import random

import numpy as np
import tensorflow as tf

SEED = 42
random.seed(SEED)
np.random.seed(SEED)

NUM_CLASSES = 3
BATCH = 16


def stripe_images(count, seed):
    """Class 0: a horizontal stripe, 1: a vertical stripe, 2: a diagonal, in noise."""
    r = np.random.RandomState(seed)
    images = r.normal(scale=0.6, size=(count, 8, 8, 1)).astype(np.float32)
    labels = r.randint(0, NUM_CLASSES, size=count).astype(np.int32)
    for i, (label, pos) in enumerate(zip(labels, r.randint(1, 7, size=count))):
        if label == 0:
            images[i, pos, :, 0] += 1.0
        elif label == 1:
            images[i, :, pos, 0] += 1.0
        else:
            images[i, np.arange(8), np.arange(8), 0] += 1.0
    relabel = r.uniform(size=count) < 0.08  # some labels are wrong
    labels[relabel] = r.randint(0, NUM_CLASSES, size=relabel.sum())
    return images, labels


def make_input_fn(images, labels, training):
    def input_fn():
        ds = tf.data.Dataset.from_tensor_slices(({"image": images}, labels))
        if training:
            ds = ds.shuffle(512, seed=11).repeat()
        return ds.batch(BATCH)
    return input_fn


def cnn_model_fn(features, labels, mode, params):
    x = features["image"]
    x = tf.compat.v1.layers.conv2d(x, filters=8, kernel_size=3, padding="same", activation=tf.nn.relu)
    x = tf.compat.v1.layers.max_pooling2d(x, pool_size=2, strides=2)
    x = tf.compat.v1.layers.conv2d(x, filters=16, kernel_size=3, activation=tf.nn.relu)
    x = tf.compat.v1.layers.flatten(x)
    x = tf.compat.v1.layers.dense(x, 32, activation=tf.nn.relu)
    logits = tf.compat.v1.layers.dense(x, NUM_CLASSES)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"classes": tf.argmax(logits, 1)})

    onehot = tf.one_hot(labels, depth=NUM_CLASSES)
    loss = tf.compat.v1.losses.softmax_cross_entropy(onehot_labels=onehot, logits=logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        acc = tf.compat.v1.metrics.accuracy(labels=labels, predictions=tf.argmax(logits, 1))
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": acc})

    step = tf.compat.v1.train.get_or_create_global_step()
    rate = tf.compat.v1.train.piecewise_constant(step, params["boundaries"], params["rates"])
    train_op = tf.compat.v1.train.AdamOptimizer(rate).minimize(loss, global_step=step)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


if __name__ == "__main__":
    train_images, train_labels = stripe_images(1200, seed=5)
    eval_images, eval_labels = stripe_images(240, seed=6)

    strategy = tf.distribute.MirroredStrategy()
    config = tf.estimator.RunConfig(
        tf_random_seed=SEED, train_distribute=strategy, eval_distribute=strategy)
    estimator = tf.estimator.Estimator(
        model_fn=cnn_model_fn, config=config,
        params={"boundaries": [150, 250], "rates": [0.005, 0.002, 0.0005]})

    train_spec = tf.estimator.TrainSpec(
        input_fn=make_input_fn(train_images, train_labels, training=True), max_steps=300)
    eval_spec = tf.estimator.EvalSpec(
        input_fn=make_input_fn(eval_images, eval_labels, training=False), steps=None,
        throttle_secs=0)
    metrics, exports = tf.estimator.train_and_evaluate(estimator, train_spec, eval_spec)
    print("exports:", exports)
    print("FINAL", {"loss": round(float(metrics["loss"]), 4),
                    "accuracy": round(float(metrics["accuracy"]), 4),
                    "global_step": int(metrics["global_step"])})
