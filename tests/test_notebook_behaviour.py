"""Notebooks, executed: each transform case of corpus/notebooks whose cells run on a CPU.

The code cells are run in order as one script (an IPython magic or shell line stands in
as `pass`), the original as TF1 would run it (tests/observe.py: `tensorflow` is
tf.compat.v1, graph mode), the rewrite as written under TF 2.21, each in a fresh process.
The configuration that governs the session must be the same, as for the .py corpus
(tests/test_behaviour.py), and the rewrite must run: a tf.config call put after an op
raises, and a written-out helper cell that did not define what it should fails here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.test_behaviour import COMPARED, effective, observe
from tfmigrate.ipython_syntax import mask_magics

pytest.importorskip("tensorflow")

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "notebooks"
# Cases whose cells need nothing a CPU test machine lacks (matplotlib, Python 2).
RUNNABLE = ["colab_memory_fraction", "jupyterlab_future_ids", "cell_magic_string_source_crlf",
            "modulo_continuation_and_indent", "compact_single_line"]
_PLACEHOLDER = re.compile(r"^([ \t]*)__tfmigrate_magic_\d+__\(")


def as_script(notebook: Path, target: Path) -> Path:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    parts = []
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        lines, skipping = [], False
        for line in mask_magics(source.replace("\r\n", "\n")).text.split("\n"):
            head = _PLACEHOLDER.match(line)
            if skipping:
                skipping = line.strip() != ")"  # the last line of a magic continued over lines
            elif head:
                lines.append(head.group(1) + "pass")
                skipping = not line.endswith(")")
            else:
                lines.append(line)
        parts.append("\n".join(lines))
    target.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return target


@pytest.mark.parametrize("name", RUNNABLE)
def test_rewritten_notebook_runs_with_the_same_configuration(name: str, tmp_path: Path) -> None:
    case = CORPUS / name
    tf1 = observe("tf1", as_script(case / "before.ipynb", tmp_path / "before.py"))
    tf2 = observe("tf2", as_script(case / "after.ipynb", tmp_path / "after.py"))
    fields = list(COMPARED)
    if "allow_soft_placement" in (case / "before.ipynb").read_text(encoding="utf-8"):
        fields.append("allow_soft_placement")
    for field in fields:
        assert effective(tf2, field) == effective(tf1, field), field
    assert tf2["devices"].get("CPU", 0) == tf1["devices"].get("CPU", 0)


def test_the_runnable_cases_are_transform_cases():
    assert all((CORPUS / name / "after.ipynb").exists() for name in RUNNABLE)
