"""A factory that closes the model_fn over the number of buckets."""
import tensorflow as tf


def build_model_fn(buckets):
    # The model sees the hashed id, one of `buckets` rows.
    def bucket_model_fn(features, labels, mode):
        ids = tf.strings.to_hash_bucket_fast(features["user"], buckets)
        vectors = tf.compat.v1.layers.dense(tf.one_hot(ids, buckets), 4)
        score = tf.compat.v1.layers.dense(vectors, 1)
        loss = tf.compat.v1.losses.mean_squared_error(labels=labels, predictions=score)
        train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
            loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)
    return bucket_model_fn
