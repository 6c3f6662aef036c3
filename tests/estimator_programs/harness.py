"""Run recorded programs in fresh interpreters, with a time limit (an Estimator run on
two logical CPUs once hung here), and read back what they recorded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "corpus"
TIMEOUT = 240

# Corpus cases whose programs run: (examples per input_fn pass, batch, step limit or None).
# An Estimator under a strategy took one input_fn batch per replica per step, so a pass
# over the data takes ceil(examples / (batch * replicas)) steps.
RUNNABLE = {
    "estimator_mirrored_train_and_evaluate": (16 * 8, 2, None),
    "estimator_classifier_train_evaluate": (None, 4, 40),  # repeat(): only the limit stops it
    "estimator_regressor_metrics": (20 * 10, 4, 40),
    "estimator_lambda_input_fn": (24 * 5, 6, 20),  # input_fn=lambda: make_dataset(..., epochs=5)
    "estimator_compute_then_apply_gradients": (20 * 10, 4, None),
    "estimator_model_fn_functools_partial": (24 * 4, 4, None),  # model_fn=functools.partial(fn, units=6, ...)
    "estimator_model_fn_method": (32 * 4, 4, None),  # model_fn=regressor.model_fn, reading self.width
    "estimator_weight_decay_conditional_filtered": (32 * 4, 4, None),  # loss += wd * add_n(l2_loss(v) ...)
    "estimator_weighted_loss_sigmoid_mean_reduction": (24 * 10, 4, None),  # weights=features[...], Reduction.MEAN
    "estimator_momentum_piecewise_mirrored": (36 * 5, 4, None),  # MomentumOptimizer(piecewise_constant(...))
    "estimator_clip_pairs_by_norm_mirrored": (64 * 4, 16, 14),  # [(clip_by_norm(g, 2.0), v) ...] → clipnorm
    "estimator_input_fn_mode_context_mirrored": (None, 4, 6),  # input_fn(mode, input_context=None), repeat()
}


def expected_steps(case: str, replicas: int) -> int:
    examples, batch, limit = RUNNABLE[case]
    if examples is None:
        return limit
    steps = -(-examples // (batch * replicas))
    return steps if limit is None else min(steps, limit)


def run(python: str, script: str, *args: str, cwd: Optional[Path] = None, seed: int = 0) -> None:
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "CUDA_VISIBLE_DEVICES": "", "TFMIGRATE_TEST_SEED": str(seed)}
    proc = subprocess.run([python, str(HERE / script), *args], capture_output=True, text=True,
                          timeout=TIMEOUT, env=env, cwd=cwd)
    assert proc.returncode == 0, f"{script} {args} failed:\n{proc.stderr[-4000:]}"


def run_keras(program: Path, out: Path, replicas: int, initial: Optional[Path] = None,
              python: str = sys.executable, seed: int = 0) -> dict:
    run(python, "run_keras.py", str(program), str(out), str(replicas), *([str(initial)] if initial else []),
        seed=seed)
    return json.loads(out.read_text())


def run_estimator(program: Path, out: Path, replicas: int) -> dict:
    run(sys.executable, "run_estimator.py", str(program), str(out), str(replicas))
    return json.loads(out.read_text())
