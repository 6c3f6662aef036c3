"""evaluate()'s loss of a rewritten custom model_fn is the Estimator's: the mean of the
per-batch losses, each batch counted once, also when the last batch is short (Keras's own
test_step weighs batches by their size: 20 examples in batches of 8 gave 0.09971 against
the Estimator's 0.09747 before the model class got its test_step).

The corpus case's after.py runs on this TF (>= 2.16, Keras 3) and its printed loss is
compared with REFERENCE, recorded with `.venv-tf215/bin/python before.py` (TF 2.15.1 +
tensorflow-estimator 2.15.0) from the same constant initial weights. Set TFMIGRATE_TF215
to a TF 2.15 + estimator python to run the original against the same reference too."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

tf = pytest.importorskip("tensorflow")

CASE = Path(__file__).resolve().parent.parent / "corpus" / "estimator_evalloss_short_batch"
REFERENCE = 0.21401279  # TF 2.15 Estimator: mean of the batch losses over batches of 8, 8, 4


def _loss(program: Path, python: str, tmp_path) -> float:
    proc = subprocess.run([python, str(program)], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONHASHSEED": "0"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = [x for x in proc.stdout.splitlines() if x.startswith("eval ")][-1]
    return float(re.search(r"'loss': (-?[\d.e-]+)", line).group(1))


@pytest.mark.skipif(hasattr(tf, "estimator"), reason="needs TF >= 2.16 (Keras 3)")
def test_rewrite_reports_the_estimators_per_batch_mean(tmp_path) -> None:
    assert _loss(CASE / "after.py", sys.executable, tmp_path) == pytest.approx(REFERENCE, rel=1e-6)


@pytest.mark.skipif(hasattr(tf, "estimator"), reason="needs TF >= 2.16 (Keras 3)")
def test_keras_default_would_differ(tmp_path) -> None:
    """Without the generated test_step the loss is example-weighted and differs: the case
    does exercise a short last batch (the test above could not pass by luck)."""
    text = (CASE / "after.py").read_text()
    start = text.index("    def test_step(self, data):")
    end = text.index("return self.compute_metrics(x, y, y_pred, sample_weight)\n", start)
    plain = tmp_path / "plain.py"
    plain.write_text(text[:start] + text[end + len("return self.compute_metrics(x, y, y_pred, sample_weight)\n"):])
    assert abs(_loss(plain, sys.executable, tmp_path) - REFERENCE) > 1e-4


def test_original_matches_its_reference_on_tf215(tmp_path) -> None:
    tf215 = os.environ.get("TFMIGRATE_TF215")
    if not tf215:
        pytest.skip("set TFMIGRATE_TF215 to a TF 2.15 + tensorflow-estimator python")
    assert _loss(CASE / "before.py", tf215, tmp_path) == pytest.approx(REFERENCE, rel=1e-6)
