"""The optimizer class is looked up by name in a module-level table, as many training
scripts let a flag choose it; two runs take two entries."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
OPTIMIZERS = {
    "adagrad": tf.train.AdagradOptimizer,
    "adam": tf.train.AdamOptimizer,
    "sgd": tf.train.GradientDescentOptimizer,
}
rng = np.random.RandomState(8)
LOADS = rng.uniform(0.0, 1.0, size=(60, 2)).astype(np.float32)
COST = (1.5 * LOADS[:, :1] - 0.4 * LOADS[:, 1:] + 0.2).astype(np.float32)
KERNEL = np.array([[0.3], [0.1]], dtype=np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"load": LOADS}, COST)).repeat(2).batch(10)


def model_fn(features, labels, mode, params):
    cost = tf.layers.dense(features["load"], 1, kernel_initializer=tf.constant_initializer(KERNEL))
    loss = tf.losses.mean_squared_error(labels, cost)
    optimizer = OPTIMIZERS[params["optimizer"]](params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


for name in ("adam", "sgd"):
    regressor = tf.estimator.Estimator(model_fn, params={"optimizer": name, "learning_rate": 0.1})
    regressor.train(input_fn)
    print(name, regressor.evaluate(input_fn))
