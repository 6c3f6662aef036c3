"""A regressor kept as an object: its width and learning rate live on the instance,
and its model_fn is a method that reads them."""
import tensorflow.compat.v1 as tf

POINTS = [[i / 16.0, (i % 5) / 5.0] for i in range(32)]
TARGETS = [[2.0 + 1.5 * p[0] - p[1]] for p in POINTS]


def make_dataset(points, targets, batch_size, epochs=1):
    return tf.data.Dataset.from_tensor_slices((points, targets)).repeat(epochs).batch(batch_size)


class TwoLayerRegressor(object):
    """Holds the hyperparameters; the Estimator calls model_fn once per graph."""

    def __init__(self, width, learning_rate=0.05):
        self.width = width
        self.learning_rate = learning_rate

    def model_fn(self, features, labels, mode):
        hidden = tf.layers.dense(features, self.width, activation=tf.nn.relu)
        output = tf.layers.dense(hidden, 1)
        loss = tf.losses.mean_squared_error(labels, output)
        optimizer = tf.train.GradientDescentOptimizer(self.learning_rate)
        train_op = optimizer.minimize(loss, global_step=tf.train.get_or_create_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


regressor = TwoLayerRegressor(width=8, learning_rate=0.05)
strategy = tf.distribute.MirroredStrategy()
run_config = tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
estimator = tf.estimator.Estimator(model_fn=regressor.model_fn, config=run_config)
estimator.train(input_fn=lambda: make_dataset(POINTS, TARGETS, 4, epochs=4))
metrics = estimator.evaluate(lambda: make_dataset(POINTS[:16], TARGETS[:16], 4))
print("evaluation loss:", metrics["loss"])
