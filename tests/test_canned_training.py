"""The Keras wide & deep model codemods/_canned.py generates trains on TF 2.21 with plain
`model.fit` from an unbuilt model: on one device (where Keras makes the variables in the
first trace of the train step) and under MirroredStrategy over 2 logical CPUs fed by
`distribute_datasets_from_function`, with string features (hash bucket, vocabulary list).
Runs tests/canned_programs/run_replicas.py in a subprocess per case (the 2-CPU split must
come before TensorFlow makes its devices)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("tensorflow")
pytest.importorskip("keras", minversion="3")

REPO = Path(__file__).resolve().parent.parent
PROGRAM = REPO / "tests" / "canned_programs" / "wide_deep_strings_regressor.py"
STEPS = 3


@pytest.mark.parametrize("replicas", [1, 2])
def test_wide_and_deep_trains_with_fit(replicas) -> None:
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": ""}
    proc = subprocess.run(
        [sys.executable, "-m", "tests.canned_programs.run_replicas", str(PROGRAM), str(replicas), str(STEPS)],
        capture_output=True, text=True, timeout=300, env=env, cwd=REPO)
    assert proc.returncode == 0, proc.stderr[-4000:]
    record = json.loads(proc.stdout.strip().splitlines()[-1])
    assert record["replicas"] == replicas
    assert record["iterations"] == STEPS  # the global step counts each step once
    assert record["linear_iterations"] == STEPS
    assert record["loss_finite"]
