"""A scorer whose width and learning rate are bound to its model_fn with functools.partial."""
import functools

import tensorflow.compat.v1 as tf

POINTS = [[i / 12.0, (i % 4) / 4.0] for i in range(24)]
SCORES = [[0.5 * p[0] + p[1] - 0.2] for p in POINTS]


def make_dataset(points, scores, batch_size, epochs=1):
    return tf.data.Dataset.from_tensor_slices((points, scores)).repeat(epochs).batch(batch_size)


def scorer_fn(features, labels, mode, units, learning_rate=0.1):
    hidden = tf.layers.dense(features, units, activation=tf.nn.tanh)
    prediction = tf.layers.dense(hidden, 1)
    loss = tf.losses.mean_squared_error(labels, prediction)
    train_op = tf.train.GradientDescentOptimizer(learning_rate).minimize(
        loss, global_step=tf.train.get_or_create_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.MirroredStrategy()
scorer = tf.estimator.Estimator(functools.partial(scorer_fn, units=6, learning_rate=0.2),
                                config=tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy))
scorer.train(input_fn=lambda: make_dataset(POINTS, SCORES, 4, epochs=4))
metrics = scorer.evaluate(lambda: make_dataset(POINTS[:12], SCORES[:12], 4))
print("evaluation loss:", metrics["loss"])
