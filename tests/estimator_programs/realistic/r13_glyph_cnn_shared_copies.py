"""Glyph classifier in the layout of the widely copied Estimator CNN examples: module-level
hyperparameters, a `conv_net(x_dict, n_classes, dropout, reuse, is_training)` helper under
`tf.variable_scope(..., reuse=reuse)`, built twice in the model_fn (a training copy with
dropout and an inference copy sharing its weights), numpy_input_fn inputs to evaluate and
predict, predictions that are one tensor of class ids, and `model.evaluate(...)["accuracy"]`
printed at the end."""
import random

import numpy as np
import tensorflow as tf

SEED = 42
random.seed(SEED)
np.random.seed(SEED)

learning_rate = 0.002
num_steps = 300
batch_size = 64
num_input = 100  # 10x10 glyphs
num_classes = 4
dropout = 0.3

gen = np.random.RandomState(808)
strokes = np.zeros((num_classes, 10, 10), np.float32)
strokes[0, 4:6, :] = 1.0  # horizontal bar
strokes[1, :, 4:6] = 1.0  # vertical bar
strokes[2][np.eye(10, dtype=bool)] = 1.0  # diagonal
strokes[3, 2:8, 2:8] = 1.0  # block


def glyphs(n):
    labels = gen.randint(0, num_classes, size=n)
    shifted = np.stack([np.roll(strokes[k], gen.randint(-2, 3), axis=gen.randint(0, 2)) for k in labels])
    noisy = shifted + gen.normal(scale=0.9, size=shifted.shape)
    mislabelled = gen.uniform(size=n) < 0.12  # rater noise: a floor under the loss
    labels = np.where(mislabelled, gen.randint(0, num_classes, size=n), labels)
    return noisy.reshape(n, num_input).astype(np.float32), labels.astype(np.int32)


train_images, train_labels = glyphs(2000)
test_images, test_labels = glyphs(500)


def conv_net(x_dict, n_classes, dropout, reuse, is_training):
    with tf.compat.v1.variable_scope("ConvNet", reuse=reuse):
        x = x_dict["images"]
        x = tf.reshape(x, shape=[-1, 10, 10, 1])
        conv1 = tf.compat.v1.layers.conv2d(x, 16, 3, activation=tf.nn.relu)
        conv1 = tf.compat.v1.layers.max_pooling2d(conv1, 2, 2)
        conv2 = tf.compat.v1.layers.conv2d(conv1, 32, 2, activation=tf.nn.relu)
        fc1 = tf.compat.v1.layers.flatten(conv2)
        fc1 = tf.compat.v1.layers.dense(fc1, 64)
        fc1 = tf.compat.v1.layers.dropout(fc1, rate=dropout, training=is_training)
        out = tf.compat.v1.layers.dense(fc1, n_classes)
    return out


def model_fn(features, labels, mode):
    # Two graphs that share their weights: dropout only while training
    logits_train = conv_net(features, num_classes, dropout, reuse=False, is_training=True)
    logits_test = conv_net(features, num_classes, dropout, reuse=True, is_training=False)

    pred_classes = tf.argmax(logits_test, axis=1)

    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions=pred_classes)

    loss_op = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
        logits=logits_train, labels=tf.cast(labels, dtype=tf.int32)))
    optimizer = tf.compat.v1.train.AdamOptimizer(learning_rate=learning_rate)
    train_op = optimizer.minimize(loss_op, global_step=tf.compat.v1.train.get_global_step())

    acc_op = tf.compat.v1.metrics.accuracy(labels=labels, predictions=pred_classes)

    estim_specs = tf.estimator.EstimatorSpec(
        mode=mode,
        predictions=pred_classes,
        loss=loss_op,
        train_op=train_op,
        eval_metric_ops={"accuracy": acc_op})
    return estim_specs


model = tf.estimator.Estimator(model_fn, config=tf.estimator.RunConfig(tf_random_seed=SEED))



def train_input_fn():
    # the queue of a numpy_input_fn feeds batches in an order that differs from run to run
    data = tf.data.Dataset.from_tensor_slices(({"images": train_images}, train_labels))
    return data.shuffle(2000, seed=SEED).repeat().batch(batch_size)


model.train(train_input_fn, steps=num_steps)

input_fn = tf.compat.v1.estimator.inputs.numpy_input_fn(
    x={"images": test_images}, y=test_labels, batch_size=batch_size, shuffle=False)
e = model.evaluate(input_fn)
print("Testing Accuracy:", e["accuracy"])

input_fn = tf.compat.v1.estimator.inputs.numpy_input_fn(
    x={"images": test_images[:12]}, shuffle=False)
preds = list(model.predict(input_fn))
print("PRED count", len(preds))
print("PRED shapes", sorted({np.shape(p) for p in preds}))
print("FINAL", {"loss": round(float(e["loss"]), 4), "accuracy": round(float(e["accuracy"]), 4),
                "global_step": int(e["global_step"])})
