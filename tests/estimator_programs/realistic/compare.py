"""Compare what a rewritten program printed with its TF 2.15 reference (expected.json).

A program prints `PRED ...` lines (deterministic facts: counts, key names, shapes) and
ends with one `FINAL {...}` line, a dict literal of its evaluation results. The rules:

- accuracy-like keys (accuracy, auc, precision, recall): within 0.15 of the reference;
- loss-like keys (loss, average_loss, rmse, mae): between ref/2 - 0.05 and 2*ref + 0.05;
- global_step: exactly equal;
- the PRED lines: exactly equal, in order;
- a key of the reference that is missing from the output fails, and so does a key the
  rules do not know (add a rule rather than let it pass unchecked).

Keys the output has and the reference does not are ignored. Standard library only.
"""

from __future__ import annotations

import ast
import math
import re
from typing import Optional

ACCURACY_LIKE = frozenset({"accuracy", "auc", "precision", "recall"})
LOSS_LIKE = frozenset({"loss", "average_loss", "rmse", "mae"})
EXACT = frozenset({"global_step"})
ACCURACY_TOLERANCE = 0.15
LOSS_FACTOR = 2.0
LOSS_SLACK = 0.05

# numpy 2 prints scalars as np.float32(0.5); a rewrite that drops a float() still counts.
_NUMPY_SCALAR = re.compile(r"\b(?:np|numpy)\.[a-z]+[0-9]*\(([^()]*)\)")


def rule_for(key: str) -> Optional[str]:
    """'accuracy', 'loss' or 'exact' for a key the rules know, None otherwise."""
    if key in ACCURACY_LIKE:
        return "accuracy"
    if key in LOSS_LIKE:
        return "loss"
    if key in EXACT:
        return "exact"
    return None


def output_lines(stdout: str) -> list[str]:
    """stdout split into lines; of a line rewritten in place with carriage returns
    (a progress bar), only what was written last is kept."""
    return [line.rsplit("\r", 1)[-1].rstrip() for line in stdout.split("\n")]


def last_final(stdout: str) -> Optional[dict]:
    """The dict of the last `FINAL {...}` line of stdout, or None if there is none (or it
    does not parse as a dict literal)."""
    for line in reversed(output_lines(stdout)):
        if line.startswith("FINAL"):
            text = _NUMPY_SCALAR.sub(r"\1", line[len("FINAL"):].strip())
            try:
                value = ast.literal_eval(text)
            except (ValueError, SyntaxError):
                return None
            return value if isinstance(value, dict) else None
    return None


def pred_lines(stdout: str) -> list[str]:
    """The `PRED ...` lines of stdout, in order."""
    return [line for line in output_lines(stdout) if line.startswith("PRED")]


def _number(value) -> Optional[float]:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    return None


def compare(expected: dict, stdout: str) -> list[str]:
    """The reasons stdout does not match `expected` ({"final": {...}, "pred": [...]}, one
    entry of expected.json); an empty list when it passes."""
    reasons: list[str] = []
    final = last_final(stdout)
    if final is None:
        reasons.append("no parsable FINAL {...} line in the output")
        final = {}
    for key, ref in expected["final"].items():
        rule = rule_for(key)
        if rule is None:
            reasons.append(f"{key}: no comparison rule for this key")
            continue
        if key not in final:
            if final or not reasons:
                reasons.append(f"{key}: missing (reference {ref})")
            continue
        got = _number(final[key])
        if got is None or math.isnan(got):
            reasons.append(f"{key}: {final[key]!r} is not a number (reference {ref})")
            continue
        if rule == "exact":
            if got != float(ref):
                reasons.append(f"{key}: {final[key]} != reference {ref}")
        elif rule == "accuracy":
            if abs(got - ref) > ACCURACY_TOLERANCE:
                reasons.append(f"{key}: {got} is more than {ACCURACY_TOLERANCE} from reference {ref}")
        else:
            low, high = ref / LOSS_FACTOR - LOSS_SLACK, ref * LOSS_FACTOR + LOSS_SLACK
            if not low <= got <= high:
                reasons.append(f"{key}: {got} is outside [{low:.4f}, {high:.4f}] (reference {ref})")
    want, got_pred = list(expected.get("pred", [])), pred_lines(stdout)
    if got_pred != want:
        reasons.append(f"PRED lines differ: expected {want}, got {got_pred}")
    return reasons
