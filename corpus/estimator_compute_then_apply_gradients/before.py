"""Fit a small regression with the two-step optimizer calls many TF1 tutorials show."""
import tensorflow.compat.v1 as tf

POINTS = [[i / 10.0, (i % 4) / 3.0] for i in range(20)]
TARGETS = [[0.3 * a - 0.7 * b + 0.1] for a, b in POINTS]


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, TARGETS)).repeat(10).batch(4)


def model_fn(features, labels, mode, params):
    hidden = tf.layers.dense(features, params["units"], activation=tf.nn.relu)
    predictions = tf.layers.dense(hidden, 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"y": predictions})
    loss = tf.losses.mean_squared_error(labels, predictions)
    if mode == tf.estimator.ModeKeys.EVAL:
        return tf.estimator.EstimatorSpec(mode, loss=loss)
    optimizer = tf.train.AdamOptimizer(learning_rate=params["learning_rate"])
    # The two steps of minimize(), as tutorials wrote them to look at the gradients.
    gradients, variables = zip(*optimizer.compute_gradients(loss))
    train_op = optimizer.apply_gradients(zip(gradients, variables), global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


config = tf.estimator.RunConfig(train_distribute=tf.distribute.MirroredStrategy())
estimator = tf.estimator.Estimator(model_fn, params={"units": 8, "learning_rate": 0.01}, config=config)
estimator.train(train_input_fn)
print(estimator.evaluate(train_input_fn, steps=5))
