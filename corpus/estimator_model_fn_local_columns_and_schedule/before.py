"""The model_fn builds its own feature columns from the module's feature names, and its
learning-rate steps from locals: both are read where the Keras model needs them."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
FEATURES = ["depth", "width", "slope"]
rng = np.random.RandomState(12)
DATA = {name: rng.uniform(0.0, 1.0, 64).astype(np.float32) for name in FEATURES}
FLOW = (DATA["depth"] * DATA["width"] + 0.3 * DATA["slope"]).reshape(-1, 1).astype(np.float32)
HIDDEN_INIT = np.linspace(-0.5, 0.5, 24).reshape(3, 8).astype(np.float32)
OUTPUT_INIT = np.linspace(0.4, -0.3, 8).reshape(8, 1).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((DATA, FLOW)).repeat(3).batch(8)


def model_fn(features, labels, mode, params):
    columns = [tf.feature_column.numeric_column(name) for name in FEATURES]
    net = tf.feature_column.input_layer(features, columns)
    net = tf.layers.dense(net, 8, activation=tf.nn.relu, kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
    flow = tf.layers.dense(net, 1, kernel_initializer=tf.constant_initializer(OUTPUT_INIT))
    loss = tf.losses.mean_squared_error(labels, flow)
    if mode == tf.estimator.ModeKeys.EVAL:
        rmse = tf.metrics.root_mean_squared_error(labels, flow)
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"rmse": rmse})
    step = tf.train.get_global_step()
    boundaries = [8, 16]
    rates = [params["rate"], params["rate"] / 2, params["rate"] / 10]
    optimizer = tf.train.AdamOptimizer(tf.train.piecewise_constant(step, boundaries, rates))
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=optimizer.minimize(loss, global_step=step))


estimator = tf.estimator.Estimator(model_fn, params={"rate": 0.05})
estimator.train(input_fn)
print("eval", estimator.evaluate(input_fn))
