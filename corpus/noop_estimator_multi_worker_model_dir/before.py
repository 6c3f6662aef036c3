"""Each worker of the job runs this file; TF_CONFIG (set by the cluster) says which one it is.

The checkpoints go to a model_dir, which every worker would write: left for a human."""
import tensorflow as tf

SAMPLES = [[float(i % 7), float(i % 3)] for i in range(42)]
TARGETS = [[2.0 * a - b] for a, b in SAMPLES]


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((SAMPLES, TARGETS)).shuffle(42, seed=5).repeat().batch(7)


def linear_model_fn(features, labels, mode):
    estimate = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, estimate)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.005)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.experimental.MultiWorkerMirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy, model_dir="gs://bucket/linear")
estimator = tf.estimator.Estimator(linear_model_fn, config=config)
tf.estimator.train_and_evaluate(estimator, tf.estimator.TrainSpec(train_input_fn, max_steps=300),
                                tf.estimator.EvalSpec(train_input_fn, steps=5))
