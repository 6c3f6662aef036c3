"""A custom model_fn whose Estimator, RunConfig and MirroredStrategy are made in build_estimator()."""
import tempfile

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(5)
POINTS = RNG.uniform(-1, 1, size=(160, 3)).astype(np.float32)
TARGETS = (POINTS @ np.array([[1.5], [-2.0], [0.5]], np.float32) + 0.3).astype(np.float32)


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, TARGETS)).repeat(epochs).batch(16)


def regression_fn(features, labels, mode, params):
    output = tf.compat.v1.layers.dense(features["x"], 1, kernel_initializer=tf.compat.v1.zeros_initializer())
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": output})
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    if mode == tf.estimator.ModeKeys.EVAL:
        rmse = tf.compat.v1.metrics.root_mean_squared_error(labels, output)
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"rmse": rmse})
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def build_estimator(model_dir, learning_rate=0.1):
    strategy = tf.distribute.MirroredStrategy()
    config = tf.estimator.RunConfig(model_dir=model_dir, train_distribute=strategy, tf_random_seed=11,
                                    keep_checkpoint_max=2)
    estimator = tf.estimator.Estimator(model_fn=regression_fn, config=config,
                                       params={"learning_rate": learning_rate})
    return estimator


def main():
    regressor = build_estimator(tempfile.mkdtemp())
    regressor.train(input_fn=lambda: input_fn(2), max_steps=15)
    regressor.train(input_fn=lambda: input_fn(2), max_steps=25)
    metrics = regressor.evaluate(input_fn=lambda: input_fn(1))
    values = [p["value"] for p in regressor.predict(input_fn=lambda: input_fn(1))]
    print("FINAL", {k: round(float(v), 4) for k, v in sorted(metrics.items())})
    print("PRED", len(values), regressor.get_variable_value("global_step"))


if __name__ == "__main__":
    main()
