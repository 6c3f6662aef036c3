"""A small wide & deep regressor on string features (a hash bucket column and a vocabulary
column, both in the wide and the deep part) for tests/test_canned_training.py."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(7)
N = 64
COLORS = ["red", "green", "blue"]
SHOPS = ["shop_%d" % i for i in range(12)]
color = np.array([COLORS[i] for i in rng.randint(0, 3, N)])
shop = np.array([SHOPS[i] for i in rng.randint(0, 12, N)])
size = rng.uniform(0.0, 2.0, N).astype("float32")
target = (size * 1.5 + (color == "red") * 0.5 + rng.normal(0.0, 0.1, N)).astype("float32")


def input_fn():
    features = {"color": color, "shop": shop, "size": size}
    return tf.data.Dataset.from_tensor_slices((features, target)).batch(8).repeat()


size_column = tf.feature_column.numeric_column("size")
color_column = tf.feature_column.categorical_column_with_vocabulary_list("color", COLORS, num_oov_buckets=1)
shop_column = tf.feature_column.categorical_column_with_hash_bucket("shop", hash_bucket_size=16)
estimator = tf.estimator.DNNLinearCombinedRegressor(
    linear_feature_columns=[color_column, shop_column,
                            tf.feature_column.bucketized_column(size_column, boundaries=[0.5, 1.0, 1.5])],
    dnn_feature_columns=[size_column, tf.feature_column.indicator_column(color_column),
                         tf.feature_column.embedding_column(shop_column, dimension=3)],
    dnn_hidden_units=[8, 4])
