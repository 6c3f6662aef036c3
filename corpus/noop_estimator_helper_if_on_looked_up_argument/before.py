"""A layer helper whose `if activation is not None:` tests an activation looked up from the
hyperparameters: which arm runs is known only at run time. Left as it is, reported."""
import tensorflow.compat.v1 as tf

ACTIVATIONS = {"relu": tf.nn.relu, "none": None}


def dense_block(inputs, units, activation=None):
    outputs = tf.layers.dense(inputs, units)
    if activation is not None:
        outputs = activation(outputs)
    return outputs


def model_fn(features, labels, mode, params):
    hidden = dense_block(features["x"], 6, activation=ACTIVATIONS[params["activation"]])
    output = dense_block(hidden, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[0.3, 0.1]]}, [[1.0]])).repeat(4).batch(1)


regressor = tf.estimator.Estimator(model_fn, params={"activation": "relu"})
regressor.train(input_fn)
