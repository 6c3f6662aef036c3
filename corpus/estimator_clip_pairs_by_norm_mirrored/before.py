"""Each (gradient, variable) pair clipped to a norm under MirroredStrategy. TF1 clipped a
replica's gradients before apply_gradients summed them; Keras's clipnorm does the same
(it clips in optimizer.apply, before the sum)."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(4)
FEATURES = rng.normal(size=(64, 3)).astype(np.float32)
TARGETS = (FEATURES @ np.array([[3.0], [-2.0], [1.0]], np.float32) + 1.0).astype(np.float32)
KERNEL = np.linspace(-0.4, 0.4, 12).reshape(3, 4).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat(4).batch(16)


def model_fn(features, labels, mode):
    hidden = tf.layers.dense(features, 4, activation=tf.nn.relu, kernel_initializer=tf.constant_initializer(KERNEL))
    output = tf.layers.dense(hidden, 1, kernel_initializer=tf.ones_initializer())
    loss = tf.losses.mean_squared_error(labels=labels, predictions=output)
    optimizer = tf.train.GradientDescentOptimizer(0.05)
    gradients = optimizer.compute_gradients(loss)
    clipped = [(tf.clip_by_norm(g, 2.0), v) for g, v in gradients]
    train_op = optimizer.apply_gradients(clipped, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy)
estimator = tf.estimator.Estimator(model_fn=model_fn, config=config)
estimator.train(input_fn, steps=14)
print("eval", estimator.evaluate(input_fn, steps=2))
