"""Five-class classifier with the V1 classes (tf.compat.v1.estimator.Estimator and
RunConfig), a model_fn without params, and the common loop that alternates
train(steps=...) and evaluate(), reading evaluate()["global_step"] each round."""
import random

import numpy as np
import tensorflow as tf

SEED = 42
random.seed(SEED)
np.random.seed(SEED)

N_CLASSES = 5
LEARNING_RATE = 0.005

gen = np.random.RandomState(555)
prototypes = gen.normal(scale=1.3, size=(N_CLASSES, 8)).astype(np.float32)


def sample(n):
    labels = gen.randint(0, N_CLASSES, size=n)
    points = prototypes[labels] + gen.normal(size=(n, 8)).astype(np.float32)
    return points.astype(np.float32), labels.astype(np.int64)


train_points, train_labels = sample(1500)
valid_points, valid_labels = sample(500)


def input_fn(points, labels, training):
    ds = tf.data.Dataset.from_tensor_slices(({"points": points}, labels))
    if training:
        ds = ds.shuffle(buffer_size=1500, seed=SEED).repeat()
    return ds.batch(64 if training else 125)


def model_fn(features, labels, mode):
    hidden = tf.compat.v1.layers.dense(features["points"], 64, activation=tf.nn.relu, name="hidden")
    logits = tf.compat.v1.layers.dense(hidden, N_CLASSES, name="logits")

    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.compat.v1.estimator.EstimatorSpec(
            mode, predictions={"class_id": tf.argmax(logits, 1), "logits": logits})

    loss = tf.compat.v1.losses.softmax_cross_entropy(tf.one_hot(labels, N_CLASSES), logits)
    if mode == tf.estimator.ModeKeys.TRAIN:
        train_op = tf.compat.v1.train.AdamOptimizer(LEARNING_RATE).minimize(
            loss, global_step=tf.compat.v1.train.get_or_create_global_step())
        return tf.compat.v1.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

    return tf.compat.v1.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={
        "accuracy": tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, 1)),
    })


estimator = tf.compat.v1.estimator.Estimator(
    model_fn=model_fn,
    config=tf.compat.v1.estimator.RunConfig(tf_random_seed=SEED, keep_checkpoint_max=2))

for round_number in range(3):
    estimator.train(input_fn=lambda: input_fn(train_points, train_labels, True), steps=100)
    result = estimator.evaluate(input_fn=lambda: input_fn(valid_points, valid_labels, False))
    print("round", round_number, "step", result["global_step"], "accuracy %.3f" % result["accuracy"])

predictions = estimator.predict(lambda: input_fn(valid_points[:16], valid_labels[:16], False))
rows = [p for p in predictions]
print("PRED count", len(rows))
print("PRED keys", sorted(rows[0]))
print("PRED shapes", [np.shape(rows[0][k]) for k in sorted(rows[0])])
print("FINAL", {"loss": round(float(result["loss"]), 4), "accuracy": round(float(result["accuracy"]), 4),
                "global_step": int(result["global_step"])})
