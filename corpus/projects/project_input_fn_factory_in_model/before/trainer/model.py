import tensorflow as tf


def get_input_fn(points, batch_size):
    def input_fn():
        data = tf.data.Dataset.from_tensor_slices(({"point": points}, tf.reduce_sum(points, axis=1)))
        return data.batch(batch_size)
    return input_fn


def model_fn(features, labels, mode):
    prediction = tf.squeeze(tf.compat.v1.layers.dense(features["point"], 1), axis=1)
    loss = tf.compat.v1.losses.absolute_difference(labels=labels, predictions=prediction)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(learning_rate=0.05)
    return tf.estimator.EstimatorSpec(
        mode, loss=loss, train_op=optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step()))
