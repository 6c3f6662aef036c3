"""Canned Estimators on TF 2.15 and their Keras 3 form from codemods/_canned.py on TF 2.21,
trained on the same data (tests/canned_programs/*.py; runners alongside).

Asserted: the same trainable parameter count; evaluate()'s keys (the Estimator adds
global_step) and predict()'s keys, dtypes and shapes; accuracy within 0.15 and losses
within 2x + 0.05; and, with the Keras model started from the Estimator's initial DNN
kernels and embedding tables (everything else starts at zeros or ones in both), the
same first-step loss (rtol 1e-5: float32, same ops). dnn_regressor uses dropout, whose
masks come from different generators, so its first step is not compared exactly.
Seeds: CANNED_SEED (tf_random_seed, default 1); with seeds 1, 2 and 3 these assertions
held (see the report in the issue).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("tensorflow_estimator")

PROGRAMS = Path(__file__).resolve().parent.parent / "canned_programs"
REPO = PROGRAMS.parent.parent
FIRST_STEP_RTOL = 1e-5
CASES = {  # program: (compare the first step exactly, the Keras optimizer counts the global step)
    "dnn_classifier_3_classes": True,
    "wide_deep_census": True,
    "dnn_regressor": False,  # dropout
    "linear_regressor": True,
    "linear_classifier_hash": True,
    "v1_dnn_classifier_weighted": True,
    "v1_baseline_classifier": True,
    "runtime_keys_iris": True,  # `.append` loop over keys known only in main()
    "runtime_keys_comprehension": True,  # filtered comprehensions, per-key embeddings, crossed bucketized
    "helper_columns_census": True,  # columns from a helper function; crossed bucketized × key and × column
}


def _run(args, python, cwd=None):
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "CUDA_VISIBLE_DEVICES": ""}
    proc = subprocess.run([python, *args], capture_output=True, text=True, timeout=240, env=env, cwd=cwd)
    assert proc.returncode == 0, f"{args} failed:\n{proc.stderr[-4000:]}"


@pytest.mark.parametrize("case", sorted(CASES))
def test_keras_form_trains_like_the_canned_estimator(case, tmp_path) -> None:
    python = os.environ.get("TFMIGRATE_TF221_PYTHON")
    if not python:
        pytest.skip("set TFMIGRATE_TF221_PYTHON to a Python with TensorFlow 2.21")
    program = PROGRAMS / f"{case}.py"
    _run([str(PROGRAMS / "run_estimator.py"), str(program), str(tmp_path / "e.json")], sys.executable)
    _run(["-m", "tests.canned_programs.run_keras", str(program), str(tmp_path / "k.json"), str(tmp_path / "e.json")],
         python, cwd=REPO)
    est, keras = json.loads((tmp_path / "e.json").read_text()), json.loads((tmp_path / "k.json").read_text())

    assert keras["parameters"] == est["parameters"]
    assert set(est["evaluation"]) == set(keras["evaluation"]) | {"global_step"}
    assert sorted(keras["eval_keys"]) == sorted(keras["evaluation"])
    assert keras["predict_keys"] == list(keras["prediction"]) == list(est["prediction"])
    assert keras["prediction"] == est["prediction"]  # dtype kind and per-example shape
    assert keras["optimizer_iterations"] == est["evaluation"]["global_step"] == len(est["losses"])

    e, k = est["evaluation"], keras["evaluation"]
    if "accuracy" in e:
        assert abs(k["accuracy"] - e["accuracy"]) <= 0.15
    for key in ("loss", "average_loss"):
        assert k[key] <= 2 * e[key] + 0.05 and e[key] <= 2 * k[key] + 0.05, key
    if CASES[case]:
        assert keras["losses"][0] == pytest.approx(est["losses"][0], rel=FIRST_STEP_RTOL)
