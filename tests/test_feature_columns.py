"""codemods/_feature_columns.py: which column expressions are followed, and the Keras
code they become (the numbers are checked in tests/legacy/test_feature_columns_exact.py)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from tests.canned_programs.translate import Module, fill
from tfmigrate.codemods._estimator_keras import NotTranslatable
from tfmigrate.codemods._feature_columns import translate_input_layer


def generated(src: str):
    module = Module(textwrap.dedent(src) if not src.startswith(HEAD) else HEAD + textwrap.dedent(src[len(HEAD):]))
    call = next(n for n in module.qnames if isinstance(n, cst.Call) and (
        isinstance(n.func, cst.Call) or (module.name_of(n.func) or "").endswith("feature_column.input_layer")))
    layer = translate_input_layer(call, module.name_of, module.code, module.binding)
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
    ("tf.feature_column.crossed_column([tf.feature_column.bucketized_column("
     "tf.feature_column.numeric_column('a'), [1.0]), 'b'], 5)", "raw key"),
    ("Column('a')", "not a tf.feature_column call"),
])
def test_columns_without_a_faithful_form_are_not_translated(column, reason) -> None:
    with pytest.raises(NotTranslatable, match=reason):
        generated(HEAD + f"x = tf.keras.layers.DenseFeatures([tf.feature_column.indicator_column({column})])"
                         "(features)\n" if "crossed" in column else
                  HEAD + f"x = tf.keras.layers.DenseFeatures([{column}])(features)\n")


def test_a_list_built_in_a_loop_is_not_followed() -> None:
    with pytest.raises(NotTranslatable, match="not bound once"):
        generated(HEAD + "cols = []\nfor k in KEYS:\n    cols.append(tf.feature_column.numeric_column(k))\n"
                         "cols = list(cols)\nx = tf.keras.layers.DenseFeatures(cols)(features)\n")
