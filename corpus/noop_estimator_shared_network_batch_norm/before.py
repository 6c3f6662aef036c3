"""A training and an inference copy of one network with batch normalization: TF1's EVAL
loss ran the training copy on batch statistics without updating the moving ones, which a
Keras model called in training would update. Left as it is, reported."""
import tensorflow as tf


def net(x, reuse, is_training):
    with tf.compat.v1.variable_scope("net", reuse=reuse):
        h = tf.compat.v1.layers.dense(x["x"], 8)
        h = tf.compat.v1.layers.batch_normalization(h, training=is_training)
        return tf.compat.v1.layers.dense(tf.nn.relu(h), 2)


def model_fn(features, labels, mode):
    logits_train = net(features, reuse=False, is_training=True)
    logits_test = net(features, reuse=True, is_training=False)
    predicted = tf.argmax(logits_test, axis=1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions=predicted)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits_train)
    update_ops = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, predictions=predicted, loss=loss, train_op=train_op,
                                      eval_metric_ops={"accuracy": tf.compat.v1.metrics.accuracy(labels, predicted)})


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[0.1, 0.2], [0.9, 0.4]]}, [0, 1])).repeat(4).batch(2)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
print(estimator.evaluate(input_fn))
