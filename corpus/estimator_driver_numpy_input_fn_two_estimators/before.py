"""Two Estimators (a small and a larger model) read the same numpy_input_fns, and a third
input_fn is a function that returns what a shared helper builds."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(12)
TRAIN_X = RNG.rand(40, 2).astype("float32")
TRAIN_Y = (TRAIN_X[:, 0] > TRAIN_X[:, 1]).astype("int32")


def make_dataset(x, y, epochs):
    dataset = tf.data.Dataset.from_tensor_slices(({"x": x}, y))
    return dataset.repeat(epochs).batch(10)


def small_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features["x"], 2, kernel_initializer=tf.compat.v1.zeros_initializer())
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.5).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    metrics = {"accuracy": tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, 1))}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


def larger_fn(features, labels, mode):
    hidden = tf.compat.v1.layers.dense(features["x"], 4, kernel_initializer=tf.compat.v1.ones_initializer())
    logits = tf.compat.v1.layers.dense(hidden, 2, kernel_initializer=tf.compat.v1.zeros_initializer())
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    metrics = {"accuracy": tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, 1))}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


def main():
    train_input = tf.compat.v1.estimator.inputs.numpy_input_fn(
        x={"x": TRAIN_X}, y=TRAIN_Y, batch_size=10, num_epochs=None, shuffle=False)
    eval_input = tf.compat.v1.estimator.inputs.numpy_input_fn(
        x={"x": TRAIN_X}, y=TRAIN_Y, batch_size=10, num_epochs=1, shuffle=False)

    def twice_input_fn():
        return make_dataset(TRAIN_X, TRAIN_Y, 2)

    small = tf.estimator.Estimator(model_fn=small_fn)
    small.train(input_fn=train_input, steps=5)
    print("small", small.evaluate(input_fn=eval_input))

    larger = tf.estimator.Estimator(model_fn=larger_fn)
    larger.train(input_fn=train_input, steps=5)
    larger.train(input_fn=twice_input_fn)
    print("larger", larger.evaluate(input_fn=eval_input))


main()
