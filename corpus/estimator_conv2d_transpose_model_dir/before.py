"""A conv2d / conv2d_transpose autoencoder with model_dir, a seed, keep_checkpoint_max and max_steps twice."""
import numpy as np
import tensorflow.compat.v1 as tf

PATCHES = np.random.RandomState(5).rand(6, 8, 8, 1).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((PATCHES, PATCHES)).repeat().batch(3)


def model_fn(features, labels, mode):
    code = tf.layers.conv2d(features, 4, 3, strides=2, padding="same", activation=tf.nn.relu)
    output = tf.layers.conv2d_transpose(code, 1, 3, strides=2, padding="same")
    loss = tf.losses.mean_squared_error(labels=labels, predictions=output)
    lr = tf.train.inverse_time_decay(0.05, tf.train.get_global_step(), decay_steps=2, decay_rate=0.5)
    train_op = tf.train.GradientDescentOptimizer(lr).minimize(loss, global_step=tf.train.get_global_step())
    metrics = {"rmse": tf.metrics.root_mean_squared_error(labels, output)}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


config = tf.estimator.RunConfig(model_dir="autoencoder_ckpt", tf_random_seed=7, keep_checkpoint_max=2)
autoencoder = tf.estimator.Estimator(model_fn=model_fn, config=config)
autoencoder.train(input_fn, max_steps=3)
autoencoder.train(input_fn, max_steps=6)
print("step", autoencoder.get_variable_value("global_step"))
print("rmse", autoencoder.evaluate(input_fn, steps=2)["rmse"])
