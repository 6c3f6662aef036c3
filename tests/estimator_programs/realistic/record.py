"""Record the TF 2.15 references of the realistic Estimator programs into expected.json.

    python record.py [PROGRAM_PREFIX ...]

PY (default: ../../../.venv-tf215/bin/python, TF 2.15.1 + tensorflow-estimator 2.15)
runs every program twice with its own seed (the FINAL and PRED lines must be identical)
and once with each of VARIATION_SEEDS put in place of its `SEED = 42` line (the seed of
`random`, numpy and RunConfig(tf_random_seed=...); the data have their own seeds and do
not change). The spread over those four initialisations is stored next to the reference
as "seed_variation": accuracy-like metrics must vary by at most 0.10 (max - min) and
loss-like ones by a ratio (max / min) of at most 1.6, so that a faithful rewrite whose
initial weights differ still passes compare.py. Standard library only.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from compare import last_final, pred_lines, rule_for  # noqa: E402

PY = os.environ.get("PY", str(HERE.parents[2] / ".venv-tf215" / "bin" / "python"))
EXPECTED = HERE / "expected.json"
REFERENCE_SEED = 42
VARIATION_SEEDS = (7, 123, 2024)
SEED_LINE = re.compile(r"^SEED = 42$", re.M)
MAX_ACCURACY_SPREAD = 0.10
MAX_LOSS_RATIO = 1.6


def programs() -> list[Path]:
    return sorted(HERE.glob("r[0-9][0-9]_*.py"))


def run(program: Path, seed: int) -> str:
    source = program.read_text()
    assert len(SEED_LINE.findall(source)) == 1, f"{program.name}: needs exactly one 'SEED = 42' line"
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / program.name
        copy.write_text(SEED_LINE.sub(f"SEED = {seed}", source))
        env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": "", "TMPDIR": tmp}
        proc = subprocess.run([PY, str(copy)], capture_output=True, text=True, cwd=tmp, env=env,
                              timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"{program.name} (seed {seed}) failed:\n{proc.stderr[-3000:]}")
    return proc.stdout


def variation(finals: list[dict]) -> dict:
    out = {"seeds": [REFERENCE_SEED, *VARIATION_SEEDS]}
    for key in finals[0]:
        values = [f[key] for f in finals]
        rule = rule_for(key)
        if rule == "accuracy":
            out[key] = {"values": values, "spread": round(max(values) - min(values), 4)}
        elif rule == "loss":
            out[key] = {"values": values, "ratio": round(max(values) / min(values), 3)}
        elif rule == "exact":
            out[key] = {"values": values}
    return out


def problems(var: dict) -> list[str]:
    bad = []
    for key, entry in var.items():
        if key == "seeds":
            continue
        if entry.get("spread", 0) > MAX_ACCURACY_SPREAD:
            bad.append(f"{key} spread {entry['spread']}")
        if entry.get("ratio", 1) > MAX_LOSS_RATIO:
            bad.append(f"{key} ratio {entry['ratio']}")
        if len(set(entry["values"])) > 1 and rule_for(key) == "exact":
            bad.append(f"{key} differs between seeds")
    return bad


def record(program: Path, pool: ThreadPoolExecutor) -> dict:
    seeds = [REFERENCE_SEED, REFERENCE_SEED, *VARIATION_SEEDS]
    outputs = list(pool.map(lambda s: run(program, s), seeds))
    first, second = outputs[0], outputs[1]
    keep = lambda out: [*pred_lines(out), repr(last_final(out))]  # noqa: E731
    if keep(first) != keep(second):
        raise RuntimeError(f"{program.name}: two runs differ:\n{keep(first)}\n{keep(second)}")
    finals = [last_final(out) for out in (first, *outputs[2:])]
    for key in finals[0]:
        assert rule_for(key), f"{program.name}: FINAL key {key!r} has no rule in compare.py"
    var = variation(finals)
    entry = {"final": finals[0], "pred": pred_lines(first), "seed_variation": var}
    bad = problems(var)
    print(f"{program.name}: {finals[0]}  {'; '.join(bad) or 'seed variation ok'}", flush=True)
    return entry


def main(argv: list[str]) -> int:
    chosen = [p for p in programs() if not argv or any(p.name.startswith(a) for a in argv)]
    expected = json.loads(EXPECTED.read_text()) if EXPECTED.exists() else {}
    with ThreadPoolExecutor(max_workers=2) as pool:
        for program in chosen:
            expected[program.name] = record(program, pool)
    names = {p.name for p in programs()}
    expected = {k: v for k, v in sorted(expected.items()) if k in names}
    EXPECTED.write_text(json.dumps(expected, indent=1) + "\n")
    failing = [k for k, v in expected.items() if problems(v["seed_variation"])]
    if failing:
        print("seed variation too large:", ", ".join(failing))
    return 1 if failing else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
