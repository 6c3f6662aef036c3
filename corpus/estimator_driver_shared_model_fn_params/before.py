"""One model_fn, two Estimators with their own params: a quick trial with a large
learning rate, then the real run with a smaller one, each evaluated and the second one
used for predictions."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(4)
FEATURES = RNG.rand(40, 4).astype("float32")
LABELS = (FEATURES[:, 0] + FEATURES[:, 1] > FEATURES[:, 2] + FEATURES[:, 3]).astype("int32")


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, LABELS)).repeat().batch(10)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, LABELS)).batch(10)


def classifier_fn(features, labels, mode, params):
    logits = tf.compat.v1.layers.dense(features["x"], 2, kernel_initializer=tf.compat.v1.zeros_initializer())
    classes = tf.argmax(logits, 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class": classes, "logits": logits})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        metrics = {"accuracy": tf.compat.v1.metrics.accuracy(labels, classes)}
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


trial = tf.estimator.Estimator(model_fn=classifier_fn, params={"learning_rate": 1.0})
trial.train(train_input_fn, steps=6)
print("trial", trial.evaluate(eval_input_fn))

tuned = tf.estimator.Estimator(classifier_fn, params={"learning_rate": 0.3})
tuned.train(train_input_fn, steps=12)
print("tuned", tuned.evaluate(eval_input_fn))
predictions = list(tuned.predict(eval_input_fn))
print("predictions", len(predictions), sorted(predictions[0]), [int(p["class"]) for p in predictions[:8]])
