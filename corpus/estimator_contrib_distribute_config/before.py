"""TF 1.12 style: the strategy reaches the Estimator through a DistributeConfig."""
import tensorflow as tf

READINGS = [[0.1 * i, 0.05 * (i % 4)] for i in range(24)]
LEVELS = [[0.6 * a + 0.4 * b] for a, b in READINGS]


def input_fn():
    return tf.data.Dataset.from_tensor_slices((READINGS, LEVELS)).repeat(2).batch(6)


def level_model_fn(features, labels, mode):
    hidden = tf.layers.dense(features, 6, activation=tf.nn.relu)
    level = tf.layers.dense(hidden, 1)
    loss = tf.losses.mean_squared_error(labels=labels, predictions=level)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


mirrored = tf.contrib.distribute.MirroredStrategy(num_gpus=2)
distribute = tf.contrib.distribute.DistributeConfig(train_distribute=mirrored, eval_distribute=mirrored)
config = tf.estimator.RunConfig(experimental_distribute=distribute, tf_random_seed=3)
estimator = tf.estimator.Estimator(model_fn=level_model_fn, config=config)
estimator.train(input_fn)
print(estimator.evaluate(input_fn))
