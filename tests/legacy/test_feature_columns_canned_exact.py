"""What a canned Estimator's model saw on TF 2.15 against its canned rewrite on TF 2.21,
element for element (tests/canned_programs/exact_canned_columns.py; the TF 2.21 side is
run_exact_canned_keras.py):

- linear cases: the canned LinearModel (tensorflow_estimator canned/linear.py) with each
  column's weights set to its rows of the identity, so its output is the concatenation of
  the per-column sums (sparse_combiner applied), sorted by column name;
- DNN cases: input_layer (DenseFeatures).

The rewrite's model returns the tensor its last layer multiplied (that layer replaced by
the identity), so both sides must be equal, in the same order.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("tensorflow_estimator")

REPO = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def keras_values(tmp_path_factory):
    python = os.environ.get("TFMIGRATE_TF221_PYTHON")
    if not python:
        pytest.skip("set TFMIGRATE_TF221_PYTHON to a Python with TensorFlow 2.21")
    out = tmp_path_factory.mktemp("exact") / "keras.json"
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "CUDA_VISIBLE_DEVICES": ""}
    proc = subprocess.run([python, "-m", "tests.canned_programs.run_exact_canned_keras", str(out)], cwd=REPO,
                          capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(out.read_text())


def _estimator_side(case: str) -> np.ndarray:
    import tensorflow as tf
    from tensorflow_estimator.python.estimator.canned.linear import LinearModel

    from tests.canned_programs.exact_canned_columns import CASES, program

    part, combiner, _ = CASES[case]
    env: dict = {"__name__": f"exact_{case}"}
    exec(compile(program(case), f"<{case}>", "exec"), env)  # builds the Estimator too, harmlessly
    features = {k: tf.constant(v) for k, v in env["features"].items()}
    columns = env["columns"]
    if part == "dnn":
        return tf.keras.layers.DenseFeatures(columns)(features).numpy()
    probe = LinearModel(feature_columns=columns, units=1, sparse_combiner=combiner)
    probe(features)
    rows = {v.name.split("/")[-2]: v.shape[0] for v in probe.variables if v.name.endswith("/weights:0")}
    width = sum(rows.values())
    model = LinearModel(feature_columns=columns, units=width, sparse_combiner=combiner)
    model(features)
    offset = 0
    for name in sorted(rows):  # LinearModel sums the columns in name order, like input_layer
        var = next(v for v in model.variables if v.name.endswith(f"/{name}/weights:0"))
        var.assign(np.eye(width, dtype=np.float32)[offset:offset + rows[name]])
        offset += rows[name]
    return model(features).numpy()


def _cases():
    from tests.canned_programs.exact_canned_columns import CASES
    return sorted(CASES)


@pytest.mark.parametrize("case", _cases())
def test_canned_rewrite_sees_what_the_estimator_saw(case, keras_values) -> None:
    expected = _estimator_side(case)
    got = np.asarray(keras_values[case], dtype=np.float32)
    assert got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)
