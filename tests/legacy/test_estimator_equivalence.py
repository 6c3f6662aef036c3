"""The Estimator original (TF 2.15 + tensorflow-estimator 2.15, this interpreter) and
tfmigrate's rewrite (TF 2.21, the interpreter in TFMIGRATE_TF221_PYTHON) train the same
model: same layers, units, activations and parameter count, the same optimizer
hyperparameters, and, from the same initial weights and data, the same losses.

Tolerances: both sides compute in float32 (epsilon 1.2e-7), with the same ops in a
possibly different summation order, so the first-step loss may differ by a few ulps:
rtol 1e-5 leaves a 100x margin (measured: 2e-7). Later steps also go through the
optimizer, and run_keras.py recovers each step's loss from Keras' running mean, which
adds k * 1e-7 of rounding at step k: rtol 1e-3 over the first 10 steps (measured < 3e-6).
That rounding scales with the run's losses, not with a loss that has shrunk towards 0:
in estimator_mirrored_train_and_evaluate step 9's loss is 1.7e-5, 1/70 of the first,
and two correct runs once differed there by 6e-8 (3.6e-3 relative, but 5e-5 of the
first loss). So the early steps also pass within 1e-3 of the first step's loss.
"""

from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("tensorflow_estimator")

from tests.estimator_programs.harness import (  # noqa: E402
    CORPUS, RUNNABLE, expected_steps, run_estimator, run_keras)
from tests.support import rewrite  # noqa: E402

FIRST_STEP_RTOL = 1e-5
EARLY_STEPS, EARLY_RTOL = 10, 1e-3
# TF1 optimizer attribute -> Keras get_config() key, per class pair.
OPTIMIZER_PAIRS = {
    "AdagradOptimizer": ("Adagrad", {"learning_rate": "learning_rate",
                                     "initial_accumulator_value": "initial_accumulator_value"}),
    "MomentumOptimizer": ("SGD", {"learning_rate": "learning_rate", "momentum": "momentum",
                                  "use_nesterov": "nesterov"}),
    "AdamOptimizer": ("Adam", {"learning_rate": "learning_rate", "beta1": "beta_1", "beta2": "beta_2",
                               "epsilon": "epsilon"}),
    "GradientDescentOptimizer": ("SGD", {"learning_rate": "learning_rate"}),
}


def _tf221_python() -> str:
    python = os.environ.get("TFMIGRATE_TF221_PYTHON")
    if not python:
        pytest.skip("set TFMIGRATE_TF221_PYTHON to a Python with TensorFlow 2.21 to compare against the rewrite")
    return python


def _rewritten(case: str, tmp_path) -> "os.PathLike":
    """The tool's own output (the corpus test checks it equals after.py)."""
    new, _ = rewrite((CORPUS / case / "before.py").read_text(encoding="utf-8"))
    assert "tf.estimator" not in new and "Estimator(" not in new
    path = tmp_path / "rewritten.py"
    path.write_text(new, encoding="utf-8")
    return path


def _dense_layers(layers: list) -> list:
    return [{k: layer[k] for k in ("units", "activation", "use_bias")} for layer in layers if layer["kind"] == "Dense"]


@pytest.mark.parametrize("case", sorted(RUNNABLE))
def test_rewrite_trains_like_the_estimator(case: str, tmp_path) -> None:
    python = _tf221_python()
    original = run_estimator(CORPUS / case / "before.py", tmp_path / "estimator.json", 1)
    start = tmp_path / "initial.json"
    start.write_text(json.dumps(original["fits"][0]))
    keras = run_keras(_rewritten(case, tmp_path), tmp_path / "keras.json", 1, start, python=python)
    before, after = original["fits"][0], keras["fits"][0]

    assert _dense_layers(keras["fits"][0]["layers"]) == _dense_layers(original["layers"])
    assert after["parameters"] == before["parameters"]

    tf1_optimizer = original["optimizers"][0]
    keras_class, keys = OPTIMIZER_PAIRS[tf1_optimizer["class"]]
    assert after["optimizer"]["class"] == keras_class
    for tf1_key, keras_key in keys.items():
        if tf1_key in tf1_optimizer:
            assert after["optimizer"][keras_key] == pytest.approx(tf1_optimizer[tf1_key], rel=1e-7), keras_key
    if keras_class == "Adagrad":
        assert after["optimizer"]["epsilon"] == 0.0  # TF1 Adagrad has none

    assert len(before["losses"]) == len(after["losses"]) == expected_steps(case, 1)
    assert after["losses"][0] == pytest.approx(before["losses"][0], rel=FIRST_STEP_RTOL)
    assert after["losses"][:EARLY_STEPS] == pytest.approx(before["losses"][:EARLY_STEPS], rel=EARLY_RTOL,
                                                          abs=EARLY_RTOL * abs(before["losses"][0]))


def test_two_replicas_take_whole_batches_each_in_both(tmp_path) -> None:
    """SEMANTICS fact 7 measured: on 2 replicas the Estimator takes half the steps of 1
    replica (each replica gets a whole input_fn batch), and so does the rewrite; from the
    same weights, the first step's loss (the mean over both replicas' batches) agrees."""
    python = _tf221_python()
    case = "estimator_mirrored_train_and_evaluate"
    one = run_estimator(CORPUS / case / "before.py", tmp_path / "one.json", 1)
    two = run_estimator(CORPUS / case / "before.py", tmp_path / "two.json", 2)
    assert two["fits"][0]["replicas"] == 2
    assert len(one["fits"][0]["losses"]) == 2 * len(two["fits"][0]["losses"]) == expected_steps(case, 1)

    start = tmp_path / "initial.json"
    start.write_text(json.dumps(two["fits"][0]))
    keras = run_keras(_rewritten(case, tmp_path), tmp_path / "keras.json", 2, start, python=python)
    after = keras["fits"][0]
    assert after["replicas"] == 2
    assert len(after["losses"]) == len(two["fits"][0]["losses"])
    assert after["losses"][0] == pytest.approx(two["fits"][0]["losses"][0], rel=FIRST_STEP_RTOL)
