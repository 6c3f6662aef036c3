import os
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(4)
N = 120
WORDS = ["red", "green", "blue", "cyan", "pink", "gray", "black", ""]
color = np.array(WORDS)[rng.randint(0, 8, N)]
size = rng.randint(-1, 5, N).astype("int64")
label = np.isin(color, ["red", "pink", "black"]).astype("int64")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"color": color, "size": size}, label)).batch(10).repeat(3)


color_hash = tf.feature_column.categorical_column_with_hash_bucket("color", hash_bucket_size=20)
size_identity = tf.feature_column.categorical_column_with_identity("size", num_buckets=5)
columns = [color_hash, tf.feature_column.indicator_column(size_identity)]
estimator = tf.estimator.LinearClassifier(feature_columns=columns, optimizer="Ftrl",
                                          config=tf.estimator.RunConfig(tf_random_seed=int(os.environ.get("CANNED_SEED", "1"))))
