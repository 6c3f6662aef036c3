"""The distributed-training tutorial's `input_fn(mode, input_context=None)` under a
MirroredStrategy: the Estimator called it with the mode by name and, when training, with
each replica's InputContext (tests/estimator_programs runs it on 1 and 2 replicas)."""
import numpy as np
import tensorflow as tf

BATCH_SIZE = 4
POINTS = np.random.RandomState(3).rand(32, 3).astype(np.float32)
VALUES = POINTS @ np.array([[1.0], [-2.0], [0.5]], dtype=np.float32)


def input_fn(mode, input_context=None):
    dataset = tf.data.Dataset.from_tensor_slices((POINTS, VALUES))
    if input_context:
        dataset = dataset.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    if mode == tf.estimator.ModeKeys.TRAIN:
        dataset = dataset.repeat()
    return dataset.batch(BATCH_SIZE)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1, kernel_initializer=tf.compat.v1.constant_initializer(0.1))
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.05)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy)
estimator = tf.estimator.Estimator(model_fn=model_fn, config=config)
estimator.train(input_fn, steps=6)
print("eval", estimator.evaluate(input_fn))
