"""The rewritten Estimator programs (corpus after.py) train on TF 2.21 with 1 and with 2
replicas (two logical CPUs, SEMANTICS fact 9): every step runs, the number of steps is
the Estimator's (whole input_fn batches per replica, fact 7), and the loss falls."""

from __future__ import annotations

import pytest

from tests.estimator_programs.harness import CORPUS, RUNNABLE, expected_steps, run_keras

tf = pytest.importorskip("tensorflow")
if not hasattr(tf, "keras") or hasattr(tf, "estimator"):
    pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)", allow_module_level=True)


@pytest.mark.parametrize("replicas", [1, 2])
@pytest.mark.parametrize("case", sorted(RUNNABLE))
def test_rewrite_trains(case: str, replicas: int, tmp_path) -> None:
    record = run_keras(CORPUS / case / "after.py", tmp_path / "record.json", replicas)
    fit = record["fits"][0]
    assert fit["replicas"] == replicas
    assert len(fit["losses"]) == expected_steps(case, replicas)
    first, last = fit["losses"][:4], fit["losses"][-4:]
    assert sum(last) < 0.7 * sum(first), fit["losses"]
    assert record["evaluations"] and all(v == v for v in record["evaluations"][0].values())  # ran, no NaN
