"""A trainer object builds its Estimator in a method, from its own model_fn method; the
hidden sizes and learning rate are attributes set in __init__."""
import numpy as np
import tensorflow as tf


class Trainer(object):
    def __init__(self, hidden_units, learning_rate, model_dir=None):
        self.hidden_units = hidden_units
        self.learning_rate = learning_rate
        self.model_dir = model_dir

    def model_fn(self, features, labels, mode, params):
        net = features["pixels"]
        for units in self.hidden_units:
            net = tf.compat.v1.layers.dense(net, units, activation=tf.nn.relu)
        logits = tf.compat.v1.layers.dense(net, params["n_classes"])
        predicted = tf.argmax(logits, axis=1)
        if mode == tf.estimator.ModeKeys.PREDICT:
            return tf.estimator.EstimatorSpec(mode, predictions={"class": predicted})
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
        if mode == tf.estimator.ModeKeys.EVAL:
            accuracy = tf.compat.v1.metrics.accuracy(labels, predicted)
            return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
        optimizer = tf.compat.v1.train.AdamOptimizer(self.learning_rate)
        train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

    def input_fn(self, images, labels):
        return tf.data.Dataset.from_tensor_slices(({"pixels": images}, labels)).batch(16)

    def run(self, images, labels, steps):
        classifier = tf.estimator.Estimator(model_fn=self.model_fn, params={"n_classes": 3})
        classifier.train(lambda: self.input_fn(images, labels), steps=steps)
        return classifier.evaluate(lambda: self.input_fn(images, labels))


if __name__ == "__main__":
    rng = np.random.RandomState(3)
    images = rng.rand(96, 12).astype("float32")
    labels = (images[:, 0] * 3).astype("int64")
    print(Trainer([24, 12], 0.01).run(images, labels, steps=40))
