"""A shared-weights pair whose accuracy reads the training copy: TF1 measured it with
dropout on, which a Keras metric, computed on the inference output, cannot. Left as it is,
reported."""
import tensorflow.compat.v1 as tf


def net(x, dropout, reuse, is_training):
    with tf.variable_scope("net", reuse=reuse):
        h = tf.layers.dense(x["x"], 16, activation=tf.nn.relu)
        h = tf.layers.dropout(h, rate=dropout, training=is_training)
        return tf.layers.dense(h, 3)


def model_fn(features, labels, mode):
    train_logits = net(features, 0.5, reuse=False, is_training=True)
    test_logits = net(features, 0.5, reuse=True, is_training=False)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class": tf.argmax(test_logits, 1)})
    loss = tf.losses.sparse_softmax_cross_entropy(labels, train_logits)
    train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
    accuracy = tf.metrics.accuracy(labels, tf.argmax(train_logits, 1))
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops={"accuracy": accuracy})


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[0.1, 0.2], [0.9, 0.4]]}, [0, 2])).repeat(4).batch(2)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
print(estimator.evaluate(input_fn))
