"""A three-class head made in the model_fn, given the logits and a train_op_fn: evaluate()
keeps the head's accuracy, average_loss and loss, predict() its keys."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(21)
MEASURES = rng.normal(size=(90, 3)).astype(np.float32)
KINDS = np.digitize(MEASURES[:, 0] + 0.5 * MEASURES[:, 1], [-0.6, 0.6]).astype(np.int32)
KERNEL = np.sin(np.arange(9)).reshape(3, 3).astype(np.float32) * 0.4


def model_fn(features, labels, mode):
    logits = tf.layers.dense(features["measures"], 3, kernel_initializer=tf.constant_initializer(KERNEL))
    head = tf.estimator.MultiClassHead(n_classes=3)

    def train_op_fn(loss):
        return tf.train.GradientDescentOptimizer(0.3).minimize(loss, global_step=tf.train.get_global_step())

    return head.create_estimator_spec(features, mode, logits, labels=labels, train_op_fn=train_op_fn)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"measures": MEASURES}, KINDS)).repeat(3).batch(10)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
print("eval", {key: round(float(value), 5) for key, value in sorted(estimator.evaluate(input_fn).items())})
print("keys", sorted(next(estimator.predict(input_fn))))
