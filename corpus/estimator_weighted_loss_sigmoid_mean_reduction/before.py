"""A binary model on a (batch,) logit, its loss weighted per example with Reduction.MEAN
(the weighted sum over the sum of the weights), and an L2 kernel regularizer counted through
get_regularization_loss, under MirroredStrategy."""
import tensorflow.compat.v1 as tf

POINTS = [[(i % 6) / 6.0, (i // 6) / 4.0] for i in range(24)]
OUTCOMES = [float(p[0] + p[1] > 0.8) for p in POINTS]
IMPORTANCE = [1.0 + (i % 3) for i in range(24)]


def make_dataset(epochs):
    features = {"point": POINTS, "importance": IMPORTANCE}
    return tf.data.Dataset.from_tensor_slices((features, OUTCOMES)).repeat(epochs).batch(4)


def model_fn(features, labels, mode):
    hidden = tf.layers.dense(features["point"], 6, activation=tf.nn.tanh,
                             kernel_regularizer=tf.keras.regularizers.l2(0.01))
    logit = tf.squeeze(tf.layers.dense(hidden, 1), axis=1)
    data_loss = tf.losses.sigmoid_cross_entropy(labels, logit, weights=features["importance"],
                                                reduction=tf.losses.Reduction.MEAN)
    loss = data_loss + tf.losses.get_regularization_loss()
    train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss, global_step=tf.train.get_or_create_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
estimator = tf.estimator.Estimator(model_fn, config=config)
estimator.train(lambda: make_dataset(10))
print("evaluation loss:", estimator.evaluate(lambda: make_dataset(1))["loss"])
