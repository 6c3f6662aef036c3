"""Behaviour, not just text: run each observable corpus case twice under TF 2.21.

* `before.py` as TF1 would run it (`tensorflow` is `tf.compat.v1`, graph mode), and
* `after.py` as written,

each in a fresh process (tf.config settings are process-wide and one-way), then compare
the configuration that governs the program's session: soft placement, placement
logging, thread counts, JIT, and the devices the session sees.

What a CPU cannot show: `gpu_options.*` (memory growth, memory limits, GPU visibility)
have no effect without a GPU; tests/test_gpu_seam.py checks those through a seam.
Known, documented difference: a TF1 session that never mentioned allow_soft_placement
had it off; a TF2 session without a config follows the process default (on). That is
compared only where the program set it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("tensorflow")

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(p.parent for p in (ROOT / "corpus").glob("*/observe.json"))
PROBE = ROOT / "tests" / "observe.py"

COMPARED = ("log_device_placement", "intra_op_parallelism_threads", "inter_op_parallelism_threads")
DEFAULTS = {"allow_soft_placement": False, "log_device_placement": False,
            "intra_op_parallelism_threads": 0, "inter_op_parallelism_threads": 0}


def observe(mode: str, program: Path) -> dict:
    proc = subprocess.run([sys.executable, str(PROBE), mode, str(program)], capture_output=True, text=True,
                          timeout=180, cwd=program.parent)
    assert proc.returncode == 0, f"{mode} run of {program} failed:\n{proc.stderr[-3000:]}"
    return json.loads(proc.stdout.strip().splitlines()[-1])


def effective(observed: dict, field: str):
    return observed["config"].get(field, DEFAULTS.get(field))


def rewrite_options(observed: dict) -> dict:
    return observed["config"].get("graph_options", {}).get("rewrite_options", {})


def jit_level(observed: dict) -> str:
    return observed["config"].get("graph_options", {}).get("optimizer_options", {}).get("global_jit_level", "DEFAULT")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rewrite_keeps_the_effective_configuration(case: Path) -> None:
    before, after = case / "before.py", case / "after.py"
    if not after.exists():
        after = before  # a no-op case must behave the same as itself, trivially; still run it
    tf1 = observe("tf1", before)
    tf2 = observe("tf2", after)
    fields = list(COMPARED)
    if "allow_soft_placement" in before.read_text(encoding="utf-8"):
        fields.append("allow_soft_placement")
    for field in fields:
        assert effective(tf2, field) == effective(tf1, field), field
    assert tf2["devices"].get("CPU", 0) == tf1["devices"].get("CPU", 0)
    assert tf2["devices"].get("GPU", 0) == tf1["devices"].get("GPU", 0)
    if jit_level(tf1) != "DEFAULT":
        assert jit_level(tf2) == jit_level(tf1)
    assert rewrite_options(tf2) == rewrite_options(tf1)  # Grappler's passes, as the session ran them


def test_there_are_observable_cases() -> None:
    assert len(CASES) >= 10
