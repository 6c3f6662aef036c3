"""tf.add of the data loss and the regularization loss, with a regularizer bound in the model_fn."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(7).randn(64, 5).astype("float32")
TARGETS = (FEATURES @ np.array([0.5, -1.0, 0.3, 0.0, 2.0], dtype="float32"))[:, None]


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat().batch(16)


def regression_fn(features, labels, mode, params):
    regularizer = tf.keras.regularizers.l2(params["l2"])
    net = features
    for units in params["hidden"]:
        net = tf.compat.v1.layers.dense(net, units, activation=tf.nn.relu, kernel_regularizer=regularizer)
    output = tf.compat.v1.layers.dense(net, 1, kernel_regularizer=regularizer)
    data_loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    loss = tf.add(data_loss, tf.compat.v1.losses.get_regularization_loss(), name="total_loss")
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.05).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    rmse = tf.compat.v1.metrics.root_mean_squared_error(labels, output)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops={"rmse": rmse})


regressor = tf.estimator.Estimator(regression_fn, params={"l2": 0.001, "hidden": [16, 8]})
regressor.train(input_fn, steps=40)
print(regressor.evaluate(input_fn, steps=4))
