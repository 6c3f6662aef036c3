"""Regressor with evaluation metrics, written against names imported one by one."""
import tensorflow as tf
from tensorflow.compat.v1 import estimator, layers, losses, metrics, train

FEATURES = [[[i / 10.0, 1.0 - i / 10.0]] for i in range(20)]
VALUES = [[2.0 * (i / 10.0) - 1.0] for i in range(20)]


def training_data():
    return tf.data.Dataset.from_tensor_slices((FEATURES, VALUES)).repeat(10).batch(4)


def evaluation_data():
    return tf.data.Dataset.from_tensor_slices((FEATURES, VALUES)).batch(4)


def regressor_fn(features, labels, mode):
    flat = layers.flatten(features)
    hidden = layers.Dense(6, activation=tf.nn.sigmoid)(flat)
    prediction = layers.dense(hidden, 1)
    loss = losses.absolute_difference(labels, prediction)
    train_op = train.AdamOptimizer(0.05).minimize(loss, global_step=train.get_global_step())
    eval_metric_ops = {
        "mae": metrics.mean_absolute_error(labels=labels, predictions=prediction),
        "rmse": metrics.root_mean_squared_error(labels=labels, predictions=prediction),
    }
    return estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=eval_metric_ops)


strategy = tf.distribute.MirroredStrategy()
model_config = estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
regressor = estimator.Estimator(model_fn=regressor_fn, config=model_config)
estimator.train_and_evaluate(
    regressor,
    estimator.TrainSpec(input_fn=training_data, max_steps=40),
    estimator.EvalSpec(input_fn=evaluation_data, steps=5),
)
