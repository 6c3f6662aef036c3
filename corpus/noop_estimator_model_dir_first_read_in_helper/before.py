"""A second Estimator on a trained model_dir whose first evaluate runs in a helper function:
where its checkpoint is read cannot be placed. Left as it is, reported."""
import tensorflow as tf

MODEL_DIR = "/tmp/tfmigrate_noop_model_dir"


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.1)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0]]}, [[2.0], [4.0]])).batch(2)


def report(estimator):
    return estimator.evaluate(input_fn)


trainer = tf.estimator.Estimator(model_fn, model_dir=MODEL_DIR)
trainer.train(input_fn)
reader = tf.estimator.Estimator(model_fn, model_dir=MODEL_DIR)
print(report(reader))
