"""The same raw feature batch through TF 2.15's input_layer (DenseFeatures: the same
code path, eagerly) and through the Keras 3 code codemods/_feature_columns.py generates,
run on TF 2.21: the dense tensors are equal, element for element and in the same order,
for numeric (with shape and normalizer_fn), bucketized (one and two values), vocabulary
(strings with OOV buckets, default_value, ints with OOV buckets), hash bucket (strings
and ints, with the missing "" and -1), identity, crossed (a key with a bucketized column)
and weighted columns, crossed columns over bucketized and vocabulary columns (two values
per example, nested, hash_key), and lists over keys known only at run time. Embedding columns are left to test_canned_equivalence.py: their
table is random, and there the Keras model starts from the Estimator's table.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("tensorflow_estimator")

HERE = Path(__file__).resolve().parent.parent / "canned_programs"
REPO = HERE.parent.parent


@pytest.fixture(scope="module")
def keras_values(tmp_path_factory):
    python = os.environ.get("TFMIGRATE_TF221_PYTHON")
    if not python:
        pytest.skip("set TFMIGRATE_TF221_PYTHON to a Python with TensorFlow 2.21")
    out = tmp_path_factory.mktemp("exact") / "keras.json"
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "CUDA_VISIBLE_DEVICES": ""}
    proc = subprocess.run([python, "-m", "tests.canned_programs.run_exact_keras", str(out)], cwd=REPO,
                          capture_output=True, text=True, timeout=240, env=env)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(out.read_text())


def _cases():
    sys.path.insert(0, str(HERE))
    import exact_columns  # noqa: E402
    return exact_columns


@pytest.mark.parametrize("case", sorted(["numeric", "bucketized", "vocabulary_string", "vocabulary_default",
                                         "vocabulary_int", "hash", "identity", "crossed", "weighted",
                                         "crossed_bucketized", "crossed_columns", "runtime_numeric",
                                         "runtime_categorical", "runtime_vocabulary"]))
def test_input_layer_and_keras_preprocessing_agree_exactly(case, keras_values) -> None:
    import tensorflow as tf
    module = _cases()
    expected = tf.keras.layers.DenseFeatures(module.CASES[case])(
        {k: tf.constant(v) for k, v in module.features.items()}).numpy()
    got = np.asarray(keras_values[case], dtype=np.float32)
    assert got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)
