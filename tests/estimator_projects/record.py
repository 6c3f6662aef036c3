"""Record the TF 2.15 references of the multi-module Estimator projects into expected.json.

    python record.py [PROJECT ...]

Each project is a folder run as `python -m trainer.task` from that folder. As for the
single-file programs (../estimator_programs/realistic/record.py, whose rules this reuses),
PY (default: ../../.venv-tf215/bin/python, TF 2.15.1 + tensorflow-estimator 2.15) runs
it twice with `SEED = 42` in trainer/task.py (the FINAL lines must be identical) and once
with each variation seed, and the spread over the four is kept as "seed_variation".
Standard library only.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "estimator_programs" / "realistic"))
from compare import last_final, pred_lines, rule_for  # noqa: E402
from record import REFERENCE_SEED, SEED_LINE, VARIATION_SEEDS, problems, variation  # noqa: E402

PY = os.environ.get("PY", str(HERE.parents[1] / ".venv-tf215" / "bin" / "python"))
EXPECTED = HERE / "expected.json"
ENTRY = "trainer.task"


def projects() -> list[Path]:
    return sorted(p for p in HERE.iterdir() if (p / "trainer" / "task.py").exists())


def run(project: Path, seed: int) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / project.name
        shutil.copytree(project, copy)
        task = copy / "trainer" / "task.py"
        source = task.read_text()
        assert len(SEED_LINE.findall(source)) == 1, f"{project.name}: needs exactly one 'SEED = 42' line"
        task.write_text(SEED_LINE.sub(f"SEED = {seed}", source))
        env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": "", "TMPDIR": tmp}
        proc = subprocess.run([PY, "-m", ENTRY], capture_output=True, text=True, cwd=copy, env=env, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"{project.name} (seed {seed}) failed:\n{proc.stderr[-3000:]}")
    return proc.stdout


def main(argv: list[str]) -> int:
    chosen = [p for p in projects() if not argv or p.name in argv]
    expected = json.loads(EXPECTED.read_text()) if EXPECTED.exists() else {}
    for project in chosen:
        outputs = [run(project, s) for s in (REFERENCE_SEED, REFERENCE_SEED, *VARIATION_SEEDS)]
        finals = [last_final(out) for out in outputs]
        if finals[0] != finals[1]:
            raise RuntimeError(f"{project.name}: two runs differ: {finals[0]} {finals[1]}")
        assert all(rule_for(k) for k in finals[0]), finals[0]
        if pred_lines(outputs[0]) != pred_lines(outputs[1]):
            raise RuntimeError(f"{project.name}: two runs print different PRED lines")
        expected[project.name] = {"final": finals[0], "pred": pred_lines(outputs[0]),
                                  "seed_variation": variation([finals[0], *finals[2:]])}
        print(project.name, finals[0], problems(expected[project.name]["seed_variation"]) or "seed variation ok")
    names = {p.name for p in projects()}
    EXPECTED.write_text(json.dumps({k: v for k, v in sorted(expected.items()) if k in names}, indent=1) + "\n")
    return 1 if any(problems(v["seed_variation"]) for v in expected.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
