"""The hidden layer's activation is chosen by an if/elif chain on a hyperparameter: the
choice is part of the model's structure, which tfmigrate writes only for one if/else."""
import tensorflow as tf

HPARAMS = {"activation": "tanh", "units": 8}


def input_fn():
    points = [[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]]
    return tf.data.Dataset.from_tensor_slices(({"point": points}, [[1.0], [1.0], [0.0], [0.0]])).batch(2)


def model_fn(features, labels, mode, params):
    if params["activation"] == "relu":
        activation = tf.nn.relu
    elif params["activation"] == "tanh":
        activation = tf.nn.tanh
    else:
        activation = None
    hidden = tf.compat.v1.layers.dense(features["point"], params["units"], activation=activation)
    output = tf.compat.v1.layers.dense(hidden, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    optimizer = tf.compat.v1.train.AdamOptimizer(0.01)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


regressor = tf.estimator.Estimator(model_fn, params=HPARAMS)
regressor.train(input_fn, steps=4)
