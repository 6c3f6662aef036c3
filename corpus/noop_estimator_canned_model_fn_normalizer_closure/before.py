"""input_layer in a model_fn over columns whose normalizer_fn closes over a local of main()."""
import numpy as np
import tensorflow as tf


def model_fn(features, labels, mode, params):
    net = tf.compat.v1.feature_column.input_layer(features, params["feature_columns"])
    logits = tf.compat.v1.layers.dense(net, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, tf.squeeze(logits, 1))
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def main(scale):
    x = np.random.RandomState(0).rand(64).astype(np.float32)
    columns = [tf.feature_column.numeric_column("x", normalizer_fn=lambda v: v * scale)]
    est = tf.estimator.Estimator(model_fn, params={"feature_columns": columns})
    est.train(lambda: tf.data.Dataset.from_tensor_slices(({"x": x}, 2 * x)).repeat().batch(16), steps=20)
    print("FINAL", est.evaluate(lambda: tf.data.Dataset.from_tensor_slices(({"x": x}, 2 * x)).batch(16)))


main(3.0)
