"""Weight decay over every trainable variable but the embedding tables of the feature columns
(TF1 named them input_layer/<column>_embedding/embedding_weights:0): the dense weights get it."""
import tensorflow.compat.v1 as tf

SITE = tf.feature_column.categorical_column_with_hash_bucket("site", 20)
COLUMNS = [tf.feature_column.embedding_column(SITE, dimension=4)]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"site": ["a", "b"]}, [0, 1])).repeat(5).batch(2)


def model_fn(features, labels, mode):
    net = tf.feature_column.input_layer(features, COLUMNS)
    logits = tf.layers.dense(net, 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    loss += 1e-4 * tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables() if "embedding" not in v.name])
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
