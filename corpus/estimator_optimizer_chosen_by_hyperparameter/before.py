"""Two runs of one model_fn: a helper picks the optimizer and its rate from the
hyperparameters, and runs the step after the batch-norm updates."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
rng = np.random.RandomState(3)
READINGS = rng.normal(size=(64, 3)).astype(np.float32)
LEVELS = (READINGS @ np.array([[0.8], [-0.5], [0.3]], dtype=np.float32) + 0.2).astype(np.float32)
HIDDEN_INIT = np.linspace(-0.5, 0.5, 24).reshape(3, 8).astype(np.float32)
OUTPUT_INIT = np.sin(np.arange(8)).reshape(8, 1).astype(np.float32) * 0.3


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, LEVELS)).repeat(3).batch(16)


def get_train_op(loss, params):
    global_step = tf.train.get_or_create_global_step()
    if params["optimizer"] == "adam":
        optimizer = tf.train.AdamOptimizer(params["learning_rate"])
    elif params["optimizer"] == "momentum":
        optimizer = tf.train.MomentumOptimizer(params["learning_rate"], momentum=0.9)
    else:
        optimizer = tf.train.GradientDescentOptimizer(params["learning_rate"])
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_op = optimizer.minimize(loss, global_step=global_step)
    return train_op


def model_fn(features, labels, mode, params):
    training = mode == tf.estimator.ModeKeys.TRAIN
    net = tf.layers.dense(features["readings"], 8, use_bias=False,
                          kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
    net = tf.layers.batch_normalization(net, training=training)
    net = tf.nn.relu(net)
    level = tf.layers.dense(net, 1, kernel_initializer=tf.constant_initializer(OUTPUT_INIT))
    loss = tf.losses.mean_squared_error(labels, level)
    if mode == tf.estimator.ModeKeys.EVAL:
        return tf.estimator.EstimatorSpec(mode, loss=loss)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=get_train_op(loss, params))


for choice in [{"optimizer": "adam", "learning_rate": 0.01},
               {"optimizer": "momentum", "learning_rate": 0.02}]:
    regressor = tf.estimator.Estimator(model_fn, params=choice)
    regressor.train(input_fn)
    print(choice["optimizer"], regressor.evaluate(input_fn))
