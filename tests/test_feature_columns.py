"""codemods/_feature_columns.py: which column expressions are followed, and the Keras
code they become (the numbers are checked in tests/legacy/test_feature_columns_exact.py)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from tests.canned_programs.translate import Module, fill
from tfmigrate.codemods._estimator_keras import NotTranslatable
from tfmigrate.codemods._feature_columns_keras import translate_input_layer


def generated(src: str):
    module = Module(textwrap.dedent(src) if not src.startswith(HEAD) else HEAD + textwrap.dedent(src[len(HEAD):]))
    call = next(n for n in module.qnames if isinstance(n, cst.Call) and (
        isinstance(n.func, cst.Call) or (module.name_of(n.func) or "").endswith("feature_column.input_layer")))
    layer = translate_input_layer(call, module.name_of, module.code, module.binding, module.parent)
    return [fill(x) for x in layer.init], [fill(x) for x in layer.body], layer


HEAD = "import tensorflow as tf\nKEYS = ['b', 'a']\n"


def test_numeric_columns_from_a_comprehension_are_concatenated_sorted_by_name() -> None:
    init, body, layer = generated(HEAD + "cols = [tf.feature_column.numeric_column(k) for k in KEYS]\n"
                                  "x = tf.keras.layers.DenseFeatures(cols)(features)\n")
    assert body == ["a = tf.reshape(tf.cast(features['a'], tf.float32), [-1, 1])",
                    "b = tf.reshape(tf.cast(features['b'], tf.float32), [-1, 1])",
                    "dnn_inputs = tf.concat([a, b], axis=1)"]
    assert init == [] and layer.width == 2


def test_vocabulary_indicator_uses_string_lookup_with_tf1_ids_and_masks_missing() -> None:
    init, body, layer = generated(HEAD + """
        c = tf.feature_column.categorical_column_with_vocabulary_list("w", ["x", "y"], num_oov_buckets=2)
        x = tf.compat.v1.feature_column.input_layer(features, [tf.feature_column.indicator_column(c)])
    """)
    text = "\n".join(init + body)
    assert 'tf.keras.layers.StringLookup(vocabulary=[\'x\', \'y\'], num_oov_indices=1, mask_token=None)' in text
    assert "tf.keras.layers.Hashing(num_bins=2)" in text
    assert 'w_ids = tf.where(raw_w == "", tf.constant(-1, tf.int64), w_ids)' in body
    assert 'CategoryEncoding(num_tokens=4, output_mode="count")' in text and layer.width == 4


def test_embedding_defaults_are_tf1s() -> None:
    init, _, layer = generated(HEAD + """
        c = tf.feature_column.categorical_column_with_hash_bucket("w", 10)
        x = tf.keras.layers.DenseFeatures([tf.feature_column.embedding_column(c, 4)])(features)
    """)
    assert any("Embedding(10, 4, embeddings_initializer=tf.keras.initializers.TruncatedNormal(mean=0.0, "
               "stddev=0.5)" in line for line in init)
    assert layer.width == 4


@pytest.mark.parametrize("column, reason", [
    ("tf.feature_column.numeric_column('a', normalizer_fn=make_normalizer())", "normalizer_fn"),
    ("tf.feature_column.sequence_numeric_column('a')", "no checked Keras form"),
    ("tf.feature_column.crossed_column([tf.feature_column.categorical_column_with_hash_bucket('a', 3), 'b'], 5)",
     "hashed"),
    ("Column('a')", "not a tf.feature_column call"),
])
def test_columns_without_a_faithful_form_are_not_translated(column, reason) -> None:
    with pytest.raises(NotTranslatable, match=reason):
        generated(HEAD + f"x = tf.keras.layers.DenseFeatures([tf.feature_column.indicator_column({column})])"
                         "(features)\n" if "crossed" in column else
                  HEAD + f"x = tf.keras.layers.DenseFeatures([{column}])(features)\n")


def test_a_list_bound_again_after_its_loop_is_not_followed() -> None:
    with pytest.raises(NotTranslatable, match="not bound once"):
        generated(HEAD + "cols = []\nfor k in KEYS:\n    cols.append(tf.feature_column.numeric_column(k))\n"
                         "cols = list(cols)\nx = tf.keras.layers.DenseFeatures(cols)(features)\n")


def test_an_append_loop_over_literal_keys_is_expanded() -> None:
    _, body, layer = generated(HEAD + "cols = [tf.feature_column.numeric_column('c')]\nfor k in KEYS:\n"
                                      "    if k != 'b':\n        cols.append(tf.feature_column.numeric_column(key=k))\n"
                                      "x = tf.keras.layers.DenseFeatures(cols)(features)\n")
    assert body[-1] == "dnn_inputs = tf.concat([a, c], axis=1)" and layer.init_args == []


RUNTIME = """
    import tensorflow as tf
    def main(train_x, features):
        my_feature_columns = []
        for key in train_x.keys():
            my_feature_columns.append(tf.feature_column.numeric_column(key=key))
        x = tf.keras.layers.DenseFeatures(my_feature_columns)(features)
"""


def test_keys_known_at_run_time_become_a_constructor_argument_sorted_at_run_time() -> None:
    init, body, layer = generated(RUNTIME)
    assert layer.init_args == [("feature_keys", "train_x.keys()")] and layer.reads == {"train_x"}
    assert init[0] == "self.feature_keys = list(feature_keys)" and layer.width is None
    assert "for i, key in enumerate(self.feature_keys):  # train_x.keys()" in body
    assert "    dnn_columns[key] = feature_keys_each" in body
    assert body[-1] == "dnn_inputs = tf.concat([dnn_columns[name] for name in sorted(dnn_columns)], axis=1)"


def test_run_time_comprehensions_keep_their_filter_and_share_layers_but_not_embeddings() -> None:
    init, body, layer = generated("""
        import tensorflow as tf
        def main(df, features):
            cat = [k for k in df.columns if k != "label"]
            cols = [tf.feature_column.numeric_column("age")] + [tf.feature_column.embedding_column(
                tf.feature_column.categorical_column_with_hash_bucket(k, 10), 3) for k in cat if k != "age"]
            x = tf.keras.layers.DenseFeatures(cols)(features)
    """)
    assert layer.init_args == [("feature_keys", '[k for k in cat if k != "age"]')] and layer.reads == {"cat"}
    text = "\n".join(init)
    assert "self.feature_keys_each_hashing = tf.keras.layers.Hashing(num_bins=10)" in text
    assert "for key in self.feature_keys]" in text and "name=(key + '_embedding').replace('/', '_')" in text
    assert "dnn_column_names = ['age'] + [key + '_embedding' for key in self.feature_keys]" in text
    assert "    dnn_columns[key + '_embedding'] = feature_keys_each_embedding" in body


@pytest.mark.parametrize("src, reason", [
    (RUNTIME.replace("        x = ", "        train_x = {}\n        x = "), "bound again after"),
    (RUNTIME.replace("        x = ", "        train_x.pop('a')\n        x = "), "changed after"),
    (RUNTIME.replace("numeric_column(key=key)", "numeric_column(key=key, shape=len(key))"), "shape"),
    (RUNTIME.replace("        x = ", "        my_feature_columns.insert(0, None)\n        x = "), "cannot follow"),
    ("import tensorflow as tf\ndef cols(d):\n    return [tf.feature_column.numeric_column(k) for k in d]\n"
     "def main(d, features):\n    x = tf.keras.layers.DenseFeatures(cols(d))(features)\n", "argument d"),
])
def test_run_time_keys_that_cannot_be_passed_faithfully_are_reported(src, reason) -> None:
    with pytest.raises(NotTranslatable, match=reason):
        generated(src)


def test_columns_returned_by_a_helper_and_crossed_over_a_bucketized_column() -> None:
    _, body, layer = generated("""
        import tensorflow as tf
        def build_columns():
            age = tf.feature_column.numeric_column("age")
            age_buckets = tf.feature_column.bucketized_column(age, [18, 30])
            edu = tf.feature_column.categorical_column_with_vocabulary_list("edu", ["a", "b"])
            cross = tf.feature_column.crossed_column(["edu", age_buckets, edu], 200, hash_key=7)
            return [age, tf.feature_column.indicator_column(cross)]
        x = tf.keras.layers.DenseFeatures(build_columns())(features)
    """)
    text = "\n".join(body)
    # TF1's CrossedColumn: sparse_cross_hashed over raw strings (dense) and column ids (sparse)
    assert "age_bucketized_sparse = tf.SparseTensor(age_bucketized_at, " in text
    assert ("age_bucketized_X_edu_X_edu_ids = tf.sparse.to_dense(tf.sparse.cross_hashed([raw_edu, "
            "age_bucketized_sparse, edu_sparse], num_buckets=200, hash_key=7), default_value=-1)") in text
    assert layer.width == 201


def test_a_cross_casts_a_raw_float_key_to_int64_as_tf1_did() -> None:
    _, body, _ = generated(HEAD + "x = tf.keras.layers.DenseFeatures([tf.feature_column.indicator_column("
                                  "tf.feature_column.crossed_column(['age', 'sex'], 10))])(features)\n")
    assert "cross_age = raw_age if raw_age.dtype == tf.string else tf.cast(raw_age, tf.int64)" in body
    assert any("HashedCrossing" not in line and "age_X_sex_crossing((tf.reshape(cross_age, [-1, 1]), "
               "tf.reshape(cross_sex, [-1, 1]))" in line for line in body)


def test_sqrtn_divides_by_the_root_of_the_summed_squared_weights() -> None:
    init, body, _ = generated(HEAD + """
        c = tf.feature_column.weighted_categorical_column(
            tf.feature_column.categorical_column_with_identity("id", 4), "w")
        x = tf.keras.layers.DenseFeatures([tf.feature_column.embedding_column(c, 2, combiner="sqrtn")])(features)
    """)
    # safe_embedding_lookup_sparse drops ids < 0 and, for mean and sqrtn, weights <= 0
    assert ("id_weighted_by_w_embedding_w = id_weighted_by_w_weights * tf.cast((id_weighted_by_w_ids >= 0) & "
            "(id_weighted_by_w_weights > 0), tf.float32)") in body
    assert body[-2] == ("id_weighted_by_w_embedding = tf.math.divide_no_nan(id_weighted_by_w_embedding, tf.sqrt("
                        "tf.reduce_sum((id_weighted_by_w_embedding_w) ** 2, axis=1, keepdims=True)))")


def test_a_normalizer_closing_over_a_local_is_reported_without_the_estimators_columns() -> None:
    with pytest.raises(NotTranslatable, match="cannot take it from the TF1 column"):
        generated("import tensorflow as tf\ndef main(s, features):\n"
                  "    cols = [tf.feature_column.numeric_column('a', normalizer_fn=lambda x: x * s)]\n"
                  "    x = tf.keras.layers.DenseFeatures(cols)(features)\n")


def canned_columns(src: str):
    """The columns of `feature_columns=` as the canned rewrite reads them: values known
    only at run time are read from the TF1 column objects (`tf1`)."""
    from tfmigrate.codemods._feature_columns import ColumnReader
    from tfmigrate.codemods._feature_columns_keras import KerasColumns, attach_handles, input_tensor
    module = Module(textwrap.dedent(src))
    call = next(n for n in module.qnames if isinstance(n, cst.Call)
                and (module.name_of(n.func) or "").endswith("LinearRegressor"))
    reader = ColumnReader(module.name_of, module.code, module.binding, module.parent)
    reader.runtime = True
    columns = reader.column_list(next(a.value for a in call.args if a.keyword.value == "feature_columns"))
    attach_handles(columns, "tf1")
    emit = KerasColumns()
    input_tensor(columns, emit, "linear")
    return [fill(x) for x in emit.init], [fill(x) for x in emit.body]


COMPUTED_BOUNDARIES = """
    import numpy as np
    import tensorflow as tf
    def edges(values, n):
        return list(np.quantile(values, np.arange(1, n) / n))
    data = {"x": np.arange(10.0), "p": np.ones((10, 2))}
    x_edges = edges(data["x"], 4)
    cols = [tf.feature_column.bucketized_column(tf.feature_column.numeric_column("x"), boundaries=x_edges),
            tf.feature_column.bucketized_column(tf.feature_column.numeric_column("p", shape=2),
                                                boundaries=edges(data["p"], 3))]
    model = tf.estimator.LinearRegressor(feature_columns=cols)
"""


def test_computed_bucket_boundaries_are_read_from_the_tf1_column_by_a_canned_model() -> None:
    init, body = canned_columns(COMPUTED_BOUNDARIES)
    assert "self.x_bucketized = tf.keras.layers.Discretization(bin_boundaries=list(tf1['x_bucketized'].boundaries))" \
        in init
    assert "self.x_bucketized_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=tf1['x_bucketized']" \
        '.num_buckets, output_mode="count")' in init
    # a two-value column: each value's buckets follow the previous value's (TF1's BucketizedColumn)
    assert "self.p_bucketized_per_value = len(tf1['p_bucketized'].boundaries) + 1" in init
    assert ("p_bucketized_ids = tf.cast(self.p_bucketized(p), tf.int64) + tf.range(2, dtype=tf.int64) * "
            "self.p_bucketized_per_value") in body


def test_computed_bucket_boundaries_stay_reported_where_no_tf1_column_reaches_the_model() -> None:
    # input_layer in a model_fn: the model is not given the Estimator's column list
    with pytest.raises(NotTranslatable, match="boundaries .* is not a literal"):
        generated("import numpy as np\nimport tensorflow as tf\nedges = list(np.linspace(0, 1, 5))\n"
                  "cols = [tf.feature_column.bucketized_column(tf.feature_column.numeric_column('x'), edges)]\n"
                  "x = tf.keras.layers.DenseFeatures(cols)(features)\n")
