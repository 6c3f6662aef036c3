"""The strategy comes from a helper that mirrors on the GPUs it finds, or on the CPU; the
model_fn takes `config` only to log where the model lives."""
import numpy as np
import tensorflow as tf

FEATURES = np.linspace(0.0, 1.0, 64, dtype=np.float32).reshape(32, 2)
TARGETS = (FEATURES[:, :1] - 0.5 * FEATURES[:, 1:]).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS)).repeat(2).batch(8)


def model_fn(features, labels, mode, params, config):
    tf.compat.v1.logging.info("building %s in %s", mode, config.model_dir)
    output = tf.compat.v1.layers.dense(features["x"], 1, kernel_initializer=tf.compat.v1.constant_initializer(0.1))
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(params["rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def distribution_strategy():
    gpus = [device.name for device in tf.config.list_logical_devices("GPU")]
    if gpus:
        return tf.distribute.MirroredStrategy(devices=gpus)
    return tf.distribute.MirroredStrategy(devices=["/cpu:0"])


def main():
    strategy = distribution_strategy()
    config = tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
    estimator = tf.estimator.Estimator(model_fn, params={"rate": 0.2}, config=config)
    estimator.train(input_fn)
    print("eval", estimator.evaluate(input_fn))


main()
