"""Which quadrant is brightest: a CNN written against `import tensorflow.compat.v1 as tf`
(tf.layers.conv2d, average_pooling2d, dropout with training=is_training, flatten),
hyperparameters from tf.flags parsed with FLAGS(sys.argv), MirroredStrategy for train
and eval, sparse softmax cross-entropy, RMSProp, and `mode != TRAIN` for evaluation."""
import random
import sys

import numpy as np
import tensorflow.compat.v1 as tf

tf.flags.DEFINE_float("learning_rate", 0.002, "RMSProp learning rate")
tf.flags.DEFINE_float("dropout_rate", 0.25, "dropout before the classifier")
tf.flags.DEFINE_integer("batch_size", 20, "per-replica batch size")
tf.flags.DEFINE_integer("steps", 300, "training steps")
FLAGS = tf.flags.FLAGS

SEED = 42
SIZE = 10


def quadrant_images(n, seed):
    r = np.random.RandomState(seed)
    images = r.uniform(0.0, 1.0, size=(n, SIZE, SIZE, 1)).astype(np.float32)
    labels = r.randint(0, 4, size=n)
    half = SIZE // 2
    for i, q in enumerate(labels):
        row, col = divmod(q, 2)
        images[i, row * half:(row + 1) * half, col * half:(col + 1) * half, 0] += 0.2
    mislabeled = r.uniform(size=n) < 0.06
    labels[mislabeled] = r.randint(0, 4, size=mislabeled.sum())
    return images, labels.astype(np.int32)


def input_fn_for(images, labels, training):
    def input_fn():
        ds = tf.data.Dataset.from_tensor_slices((images, labels))
        if training:
            ds = ds.shuffle(800, seed=SEED).repeat()
        return ds.batch(FLAGS.batch_size)
    return input_fn


def quadrant_model_fn(features, labels, mode, params):
    is_training = mode == tf.estimator.ModeKeys.TRAIN
    net = tf.layers.conv2d(features, 8, 3, padding="same", activation=tf.nn.relu)
    net = tf.layers.average_pooling2d(net, pool_size=2, strides=2)
    net = tf.layers.conv2d(net, 16, 3, padding="same", activation=tf.nn.relu)
    net = tf.layers.average_pooling2d(net, 2, 2, padding="same")
    net = tf.layers.flatten(net)
    net = tf.layers.dropout(net, rate=params["dropout_rate"], training=is_training)
    logits = tf.layers.dense(net, 4)
    predicted = tf.argmax(logits, axis=1, output_type=tf.int32)

    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"quadrant": predicted})

    loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    if mode != tf.estimator.ModeKeys.TRAIN:
        return tf.estimator.EstimatorSpec(
            mode, loss=loss,
            eval_metric_ops={"accuracy": tf.metrics.accuracy(labels=labels, predictions=predicted)})

    optimizer = tf.train.RMSPropOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.train.get_or_create_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def main():
    random.seed(SEED)
    np.random.seed(SEED)
    train_images, train_labels = quadrant_images(800, seed=100)
    test_images, test_labels = quadrant_images(200, seed=200)

    strategy = tf.distribute.MirroredStrategy()
    config = tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy,
                                    tf_random_seed=SEED)
    estimator = tf.estimator.Estimator(
        quadrant_model_fn, config=config,
        params={"learning_rate": FLAGS.learning_rate, "dropout_rate": FLAGS.dropout_rate})
    estimator.train(input_fn_for(train_images, train_labels, training=True), steps=FLAGS.steps)
    metrics = estimator.evaluate(input_fn_for(test_images, test_labels, training=False))
    print("FINAL", {"loss": round(float(metrics["loss"]), 4),
                    "accuracy": round(float(metrics["accuracy"]), 4),
                    "global_step": int(metrics["global_step"])})


if __name__ == "__main__":
    FLAGS(sys.argv)
    main()
