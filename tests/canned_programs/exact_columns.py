"""One raw feature batch and one list of feature columns per column kind, shared by the
TF 2.15 side (DenseFeatures, i.e. input_layer) and the TF 2.21 side (the generated
Keras code) of tests/legacy/test_feature_columns_exact.py."""

import numpy as np
import tensorflow as tf

features = {
    "age": np.array([17.0, 18.0, 33.5, 64.9, 65.0, 90.0], "float32"),
    "pair": np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0], [9.0, 0.5], [0.0, -1.0]], "float32"),
    "word": np.array(["a", "b", "zz", "", "c", "q"]),
    "color": np.array(["red", "blue", "red", "green", "", "cyan"]),
    "number": np.array([3, 7, 9, -1, 100, 5], "int64"),
    "id": np.array([0, 4, 2, -1, 1, 3], "int64"),
    "score": np.array([0.5, 2.0, 1.0, 3.0, 0.25, 1.5], "float32"),
    "id_all": np.array([0, 4, 2, 2, 1, 3], "int64"),  # weighted columns need a weight for every id
}
age = tf.feature_column.numeric_column("age")
word_vocab = tf.feature_column.categorical_column_with_vocabulary_list("word", ["a", "b", "c"], num_oov_buckets=3)
number_vocab = tf.feature_column.categorical_column_with_vocabulary_list("number", [3, 5, 7], num_oov_buckets=2)
word_hash = tf.feature_column.categorical_column_with_hash_bucket("word", hash_bucket_size=7)
number_hash = tf.feature_column.categorical_column_with_hash_bucket("number", hash_bucket_size=5, dtype=tf.int64)
identity = tf.feature_column.categorical_column_with_identity("id", num_buckets=5)
age_buckets = tf.feature_column.bucketized_column(age, boundaries=[18.0, 30.0, 65.0])
pair_buckets = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("pair", shape=(2,)), [2.0, 6.0])
STRING_KEYS = [k for k in features if features[k].dtype.kind == "U"]  # known at run time only
CASES = {
    "numeric": [age, tf.feature_column.numeric_column("pair", shape=(2,), normalizer_fn=lambda x: x * 2.0 - 1.0)],
    "bucketized": [tf.feature_column.bucketized_column(age, boundaries=[18.0, 30.0, 65.0]),
                   tf.feature_column.bucketized_column(tf.feature_column.numeric_column("pair", shape=(2,)),
                                                       boundaries=[2.0, 6.0])],
    "vocabulary_string": [tf.feature_column.indicator_column(word_vocab)],
    "vocabulary_default": [tf.feature_column.indicator_column(
        tf.feature_column.categorical_column_with_vocabulary_list("word", ["a", "b", "c"], default_value=1))],
    "vocabulary_int": [tf.feature_column.indicator_column(number_vocab)],
    "hash": [tf.feature_column.indicator_column(word_hash), tf.feature_column.indicator_column(number_hash)],
    "identity": [tf.feature_column.indicator_column(identity)],
    "crossed": [tf.feature_column.indicator_column(
        tf.feature_column.crossed_column(["word", "color"], 11))],
    # TF1 crosses the bucketized ids (int64, sparse) with the raw strings (dense)
    "crossed_bucketized": [tf.feature_column.indicator_column(
        tf.feature_column.crossed_column([age_buckets, "word"], hash_bucket_size=11))],
    # a raw key, a vocabulary column whose "" drops the row's crosses, two values per
    # example, a nested cross and a hash_key
    "crossed_columns": [tf.feature_column.indicator_column(tf.feature_column.crossed_column(
        ["color", word_vocab, tf.feature_column.crossed_column([pair_buckets, "word"], 5)], 13, hash_key=7))],
    "runtime_numeric": [tf.feature_column.numeric_column(k) for k in sorted(features)
                        if features[k].dtype == np.float32 and features[k].ndim == 1],
    "runtime_categorical": [tf.feature_column.indicator_column(tf.feature_column.categorical_column_with_hash_bucket(
        k, 5)) for k in STRING_KEYS] + [age],
    "runtime_vocabulary": [tf.feature_column.indicator_column(tf.feature_column.categorical_column_with_vocabulary_list(
        key=k, vocabulary_list=["red", "a", "b"], num_oov_buckets=1)) for k in STRING_KEYS],
    "weighted": [tf.feature_column.indicator_column(tf.feature_column.weighted_categorical_column(
        tf.feature_column.categorical_column_with_identity("id_all", num_buckets=5), "score"))],
}
