"""Programs for tests/legacy/test_feature_columns_canned_exact.py: one raw feature batch
and, per case, the feature columns given to a canned Estimator. TF 2.15 computes what the
Estimator's model saw (LinearModel's per-column sums for a linear case, input_layer for a
DNN case); TF 2.21 runs the canned rewrite of `PRELUDE + columns + Estimator(...)`, with the
model's last layer replaced by the identity, so its output is that same tensor.

The cases cover the linear sparse combiners over weighted columns (sum, mean, and sqrtn,
which divides by sqrt(sum of squared weights); mean and sqrtn drop weights <= 0), a cross
over a raw float key (TF1 casts it to int64), and values that exist only when the program
runs, read from the TF1 columns: normalizer_fn closures (a comprehension's default
argument, a helper's local, a factory's result, under a bucketized column) and
vocabularies computed from the data (strings with OOV buckets, integers, in an append loop,
crossed).
"""

PRELUDE = '''
import numpy as np
import tensorflow as tf

features = {
    "age": np.array([17.0, 18.6, 33.5, -4.7, 65.0, 90.2], "float64"),
    "score": np.array([0.5, 2.0, 1.0, 3.0, 0.25, 1.5], "float32"),
    "terms": np.array([["a", "b"], ["b", ""], ["a", "c"], ["c", ""], ["", ""], ["d", "a"]]),
    "w": np.array([[0.5, 2.0], [3.0, 0.0], [1.0, -0.5], [0.2, 0.0], [0.0, 0.0], [1.5, 0.7]], "float32"),
    "word": np.array(["a", "b", "zz", "", "c", "q"]),
    "number": np.array([3, 7, 9, -1, 100, 5], "int64"),
}
STATS = {k: (float(features[k].mean()), float(features[k].std())) for k in ("age", "score")}


def scaled(factor):
    return lambda x: x * factor


def make_columns(frame):
    d = frame
    return [tf.feature_column.numeric_column("score", normalizer_fn=lambda x: (x - d["score"].mean()) / 2.0)]


terms = tf.feature_column.categorical_column_with_vocabulary_list("terms", ["a", "b", "c"])
weighted = tf.feature_column.weighted_categorical_column(terms, "w")
'''

# name: (model part, sparse_combiner, the statements that bind `columns`)
CASES = {
    "linear_weighted_sum": ("linear", "sum", "columns = [weighted]"),
    "linear_weighted_mean": ("linear", "mean", "columns = [weighted]"),
    "linear_weighted_sqrtn": ("linear", "sqrtn", "columns = [weighted, tf.feature_column.numeric_column('score')]"),
    "linear_vocabulary_sqrtn": ("linear", "sqrtn", "columns = [tf.feature_column.categorical_column_with_vocabulary_list("
                                "'terms', ['a', 'b'], num_oov_buckets=1)]"),
    "linear_crossed_float_key": ("linear", "sum", "columns = [tf.feature_column.crossed_column(['age', 'word'], 13)]"),
    "linear_cross_of_a_computed_vocabulary": ("linear", "sum", """
words = tf.feature_column.categorical_column_with_vocabulary_list("word", sorted(set(features["word"]) - {""}))
columns = [tf.feature_column.crossed_column([words, "number"], 7), words]"""),
    "linear_runtime_vocabularies": ("linear", "sum", """
columns = [
    tf.feature_column.categorical_column_with_vocabulary_list("word", sorted(set(features["word"]) - {""}),
                                                              num_oov_buckets=2),
    tf.feature_column.categorical_column_with_vocabulary_list("number", np.unique(features["number"])[1:4]),
]"""),
    "linear_vocabulary_in_a_loop": ("linear", "sum", """
columns = []
for key in ["word", "number"]:
    vocabulary = [v for v in np.unique(features[key]) if v not in ("", -1)][:3]
    columns.append(tf.feature_column.categorical_column_with_vocabulary_list(key, vocabulary))"""),
    # Two columns read "score": one through a normalizer, one raw under a bucketized column
    # (both named "score" in TF1, each with its own value).
    "linear_one_key_normalized_and_raw": ("linear", "sum", """
columns = [tf.feature_column.numeric_column("score", normalizer_fn=scaled(2.0)),
           tf.feature_column.bucketized_column(tf.feature_column.numeric_column("score"), [0.9, 2.0])]"""),
    # A vocabulary file the program writes, at a path it computes: read when the model is built.
    "linear_vocabulary_file_written_by_the_program": ("linear", "sum", """
import os
import tempfile
path = os.path.join(tempfile.mkdtemp(), "words.txt")
with open(path, "w") as fh:
    fh.write("b\\nzz\\na\\n")
columns = [tf.feature_column.categorical_column_with_vocabulary_file("word", path, num_oov_buckets=2),
           tf.feature_column.categorical_column_with_vocabulary_file("terms", vocabulary_file=path)]"""),
    "dnn_normalizer_closures": ("dnn", None, """
columns = [tf.feature_column.numeric_column(k, normalizer_fn=lambda x, k=k: (x - STATS[k][0]) / STATS[k][1])
           for k in ["age", "score"]]"""),
    "dnn_normalizer_factory_and_helper": ("dnn", None, """
columns = [tf.feature_column.numeric_column("age", dtype=tf.float64, normalizer_fn=scaled(0.5))] + make_columns(features)
"""),
    "dnn_runtime_vocabulary_and_bucketized_normalizer": ("dnn", None, """
columns = [
    tf.feature_column.indicator_column(tf.feature_column.categorical_column_with_vocabulary_list(
        "word", sorted(set(features["word"]) - {"", "q"}), num_oov_buckets=1)),
    tf.feature_column.bucketized_column(tf.feature_column.numeric_column("score", normalizer_fn=scaled(2.0)),
                                        [0.9, 2.0, 4.5]),
]"""),
}


def program(case: str) -> str:
    part, combiner, columns = CASES[case]
    if part == "linear":
        est = f"est = tf.estimator.LinearRegressor(feature_columns=columns, sparse_combiner={combiner!r})\n"
    else:
        est = "est = tf.estimator.DNNRegressor(hidden_units=[], feature_columns=columns)\n"
    return PRELUDE + columns.strip("\n") + "\n" + est
