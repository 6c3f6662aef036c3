"""L2-regularized layers whose penalty the loss adds through get_regularization_loss."""
import tensorflow as tf



def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.1, 0.2, 0.3]] * 6, [1, 0, 1, 0, 1, 0])).batch(3)


def model_fn(features, labels, mode):
    hidden = tf.layers.dense(features, 8, activation=tf.nn.relu, kernel_regularizer=tf.contrib.layers.l2_regularizer(1e-3))
    logits = tf.layers.dense(hidden, 2, kernel_regularizer=tf.contrib.layers.l2_regularizer(1e-3))
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits) + tf.losses.get_regularization_loss()
    train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


classifier = tf.estimator.Estimator(model_fn=model_fn)
classifier.train(input_fn=input_fn, steps=2)
