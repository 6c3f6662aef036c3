"""Training mirrored over every local device, evaluation over the CPU only: one Keras
model lives in one strategy, so the evaluation strategy is reported, not merged."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(7)
x_train = rng.uniform(-1.0, 1.0, (96, 3)).astype(np.float32)
y_train = (x_train @ np.array([[0.5], [-1.0], [2.0]], np.float32) + 0.25).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": x_train}, y_train)).repeat(2).batch(8)


def model_fn(features, labels, mode):
    prediction = tf.compat.v1.layers.dense(features["x"], 1, kernel_initializer=tf.compat.v1.zeros_initializer())
    loss = tf.compat.v1.losses.mean_squared_error(labels, prediction)
    if mode == tf.estimator.ModeKeys.EVAL:
        mae = tf.compat.v1.metrics.mean_absolute_error(labels, prediction)
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"mae": mae})
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


config = tf.estimator.RunConfig(tf_random_seed=3, train_distribute=tf.distribute.MirroredStrategy(),
                                eval_distribute=tf.distribute.MirroredStrategy(["/cpu:0"]))
estimator = tf.estimator.Estimator(model_fn=model_fn, config=config)
estimator.train(input_fn)
scores = estimator.evaluate(input_fn)
print("FINAL", {k: round(float(v), 6) for k, v in sorted(scores.items())})
