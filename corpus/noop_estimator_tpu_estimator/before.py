"""A model trained on Cloud TPU through TPUEstimator."""
import tensorflow as tf


def tpu_model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features, 10)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    optimizer = tf.contrib.tpu.CrossShardOptimizer(tf.train.GradientDescentOptimizer(0.1))
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.contrib.tpu.TPUEstimatorSpec(mode, loss=loss, train_op=train_op)


resolver = tf.contrib.cluster_resolver.TPUClusterResolver(tpu="grpc://10.0.0.2:8470")
config = tf.contrib.tpu.RunConfig(cluster=resolver, tpu_config=tf.contrib.tpu.TPUConfig(100))
estimator = tf.contrib.tpu.TPUEstimator(model_fn=tpu_model_fn, config=config, train_batch_size=1024)
