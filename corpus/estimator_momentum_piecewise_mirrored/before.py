"""Momentum under a stepped learning rate, trained under MirroredStrategy: the rate drops
twice during training, and TF1's momentum scales what it accumulated by the new rate."""
import tensorflow.compat.v1 as tf

READINGS = [[(i % 6) / 6.0, (i // 6) / 6.0, ((i * 5) % 7) / 7.0] for i in range(36)]
LEVELS = [[0.5 + r[0] - 0.8 * r[1] + 0.3 * r[2]] for r in READINGS]


def make_dataset(batch_size, epochs=1):
    return tf.data.Dataset.from_tensor_slices((READINGS, LEVELS)).repeat(epochs).batch(batch_size)


def model_fn(features, labels, mode):
    hidden = tf.layers.dense(features, 12, activation=tf.nn.relu)
    level = tf.layers.dense(hidden, 1)
    loss = tf.losses.mean_squared_error(labels, level)
    global_step = tf.train.get_global_step()
    rate = tf.train.piecewise_constant(global_step, boundaries=[15, 30], values=[0.05, 0.02, 0.01])
    optimizer = tf.train.MomentumOptimizer(rate, momentum=0.9)
    train_op = optimizer.minimize(loss, global_step=global_step)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
estimator = tf.estimator.Estimator(model_fn, config=config)
estimator.train(lambda: make_dataset(4, epochs=5))
metrics = estimator.evaluate(lambda: make_dataset(4))
print("evaluation loss:", metrics["loss"])
