"""An Estimator subclass written as the function it is to its callers, then rewritten as an
Estimator factory (codemods/_estimator_subclass.py), in one run.

Executed: estimator_subclass_static_model_fn starts from constant weights, and its rewrite
prints what TF 2.15 + tensorflow-estimator printed. The no-op cases
(noop_estimator_subclass_*) keep the class when the model_fn reads the object, when the
class is used other than by calling it, and when the factory would not be rewritten (no
half-way rewrite is left)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.support import rewrite

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
CASE = "estimator_subclass_static_model_fn"
REFERENCE = ["eval {'accuracy': 0.8541667, 'loss': 0.45540133, 'global_step': 12}"]


def test_the_class_name_is_kept_for_its_callers() -> None:
    new, _ = rewrite((CORPUS / CASE / "before.py").read_text())
    assert "def SideClassifier(units, learning_rate):" in new  # `config=None`, never passed, is gone
    assert "classifier = SideClassifier(units=4, learning_rate=0.2)" in new
    assert "tf.estimator.Estimator(" not in new and "EstimatorSpec" not in new and "staticmethod" not in new


@pytest.mark.parametrize("case", ["noop_estimator_subclass_model_fn_reads_self",
                                  "noop_estimator_subclass_checked_with_isinstance",
                                  "noop_estimator_subclass_model_fn_not_rewritable"])
def test_a_class_that_stays_is_reported_as_a_subclass(case: str) -> None:
    src = (CORPUS / case / "before.py").read_text()
    new, diagnostics = rewrite(src)
    assert new == src
    assert any("a subclass of tf.estimator.Estimator" in d.message for d in diagnostics)


def test_rewrite_prints_what_tf1_printed(tmp_path) -> None:
    tf = pytest.importorskip("tensorflow")
    if hasattr(tf, "estimator"):
        pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)")
    from tests.test_estimator_driver import differences, run

    stdout = run(CORPUS / CASE / "after.py", sys.executable, tmp_path)
    assert differences(REFERENCE, stdout) == []
