"""Two learning rates of one model_fn compared in a loop over (name, Estimator) pairs, then
both asked for the same predictions in a second loop."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(21)
X = RNG.rand(48, 2).astype("float32")
Y = (X[:, 0] > X[:, 1]).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(8)


def model_fn(features, labels, mode, params):
    logits = tf.compat.v1.layers.dense(features["x"], 2, kernel_initializer=tf.compat.v1.zeros_initializer())
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class": tf.argmax(logits, 1)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(params["rate"]).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    metrics = {"accuracy": tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, 1))}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


def main():
    slow = tf.estimator.Estimator(model_fn=model_fn, params={"rate": 0.1})
    fast = tf.estimator.Estimator(model_fn=model_fn, params={"rate": 1.0})
    for name, estimator in [("slow", slow), ("fast", fast)]:
        estimator.train(input_fn=input_fn, steps=4)
        estimator.train(input_fn=input_fn)
        print(name, estimator.evaluate(input_fn=input_fn))
    for estimator in (slow, fast):
        print("classes", [int(p["class"]) for p in estimator.predict(input_fn=input_fn)][:8])


main()
