"""Weight decay that skips biases, on layers named from a list: the names are not known when the rewrite runs."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0, 2.0], [3.0, 4.0]]}, [0, 1])).repeat(5).batch(2)

NAMES = ["bias_free", "second"]


def model_fn(features, labels, mode):
    net = features["x"]
    for i, units in enumerate([8, 4]):
        net = tf.layers.dense(net, units, activation=tf.nn.relu, name=NAMES[i])
    logits = tf.layers.dense(net, 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    loss += 1e-3 * tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables() if "bias" not in v.name])
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
