"""Early stopping in train_and_evaluate: the hook re-reads the evaluation results written
under model_dir every run_every_steps steps; Keras's EarlyStopping checks once per epoch,
so it is reported, not mapped."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(19).rand(40, 2).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat().batch(8)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).batch(8)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


config = tf.estimator.RunConfig(model_dir="early_stopping_run", save_checkpoints_steps=50)
estimator = tf.estimator.Estimator(model_fn=model_fn, config=config)
stop = tf.estimator.experimental.stop_if_no_decrease_hook(
    estimator, "loss", max_steps_without_decrease=200, run_every_steps=50, run_every_secs=None)
tf.estimator.train_and_evaluate(
    estimator,
    tf.estimator.TrainSpec(train_input_fn, max_steps=1000, hooks=[stop]),
    tf.estimator.EvalSpec(eval_input_fn, steps=None, throttle_secs=0))
