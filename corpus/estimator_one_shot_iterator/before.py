"""Binary classifier whose input_fns return one-shot iterators' next elements, TF1 style."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(0)
POINTS = RNG.normal(size=(200, 4)).astype(np.float32)
LABELS = (POINTS[:, 0] - POINTS[:, 1] > 0).astype(np.int64)


def train_input_fn():
    dataset = tf.data.Dataset.from_tensor_slices(({"x": POINTS}, LABELS)).repeat().batch(20)
    iterator = tf.compat.v1.data.make_one_shot_iterator(dataset)
    features, labels = iterator.get_next()
    return features, labels


def eval_input_fn(batch_size):
    dataset = tf.compat.v1.data.Dataset.from_tensor_slices(({"x": POINTS}, LABELS))
    return dataset.batch(batch_size).make_one_shot_iterator().get_next()


def predict_input_fn():
    dataset = tf.data.Dataset.from_tensor_slices({"x": POINTS}).batch(64)
    return tf.compat.v1.data.make_one_shot_iterator(dataset).get_next()


def classifier_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features["x"], 2, kernel_initializer=tf.compat.v1.zeros_initializer())
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class": tf.argmax(logits, 1)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        accuracy = tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, 1))
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.5)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


classifier = tf.estimator.Estimator(classifier_fn)
classifier.train(train_input_fn, steps=30)
metrics = classifier.evaluate(lambda: eval_input_fn(50))
classes = [p["class"] for p in classifier.predict(predict_input_fn)]
print("FINAL", {k: round(float(v), 4) for k, v in sorted(metrics.items())})
print("PRED", len(classes), sum(int(c) for c in classes))
