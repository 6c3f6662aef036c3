"""Acceptance suite for the custom-model_fn Estimator -> Keras rewrite (issue #11).

Every program in tests/estimator_programs/realistic/ is a TF1 Estimator script with a
reference result recorded on TF 2.15 (expected.json; see the README there). A program
listed in TRANSLATED must be rewritten by tfmigrate into code that no longer uses
tf.estimator, run on this TF (>= 2.16, Keras 3) and match its reference within the
tolerances of compare.py; one that uses MirroredStrategy must match on 2 replicas too.
Every other program must be left byte for byte with at least one TFM2xx report: a
program the rewrite starts to handle has to join TRANSLATED, so that it is run.
"""

from __future__ import annotations

import ast
import io
import json
import os
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

# Programs the rewrite handles. Move a program here once tfmigrate translates it.
TRANSLATED: frozenset[str] = frozenset({
    "r01_mlp_dict_params.py", "r02_binary_bound_params.py", "r03_regression_resume_argparse.py",
    "r04_cnn_mirrored_train_and_evaluate.py", "r06_batchnorm_logging_hook.py", "r07_residual_clip_mirrored.py",
    "r08_two_branch_concat_argparse.py", "r09_feature_columns_price.py", "r11_v1_estimator_train_eval_loop.py",
    "r05_conv1d_flags_huber.py", "r10_quadrant_cnn_flags_mirrored.py", "r12_wind_power_optimizer_choice.py",
    "r13_glyph_cnn_shared_copies.py", "r14_sensor_variants_helper_export.py", "r15_clinic_dict_models_exporter.py",
})

tf = pytest.importorskip("tensorflow")
if hasattr(tf, "estimator"):
    pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)", allow_module_level=True)

HERE = Path(__file__).resolve().parent / "estimator_programs" / "realistic"
sys.path.insert(0, str(HERE))
import compare  # noqa: E402  (tests/estimator_programs/realistic/compare.py)

TWO_REPLICAS = HERE / "two_replicas.py"
EXPECTED = json.loads((HERE / "expected.json").read_text())
PROGRAMS = sorted(p.name for p in HERE.glob("r[0-9][0-9]_*.py"))
MIRRORED = frozenset(p for p in PROGRAMS if "MirroredStrategy" in (HERE / p).read_text())
TIMEOUT = 300
# Spellings that mean the Estimator API is still in use (looked for in code only).
ESTIMATOR_SPELLINGS = ("tf.estimator", "EstimatorSpec", "RunConfig", ".estimator.")


def tfmigrate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tfmigrate", *args], capture_output=True,
                          text=True, timeout=TIMEOUT)


def code_only(source: str) -> str:
    """The source's tokens without comments and strings (docstrings included), joined
    with a space only between two names or numbers, so `tf . estimator` reads as
    `tf.estimator`."""
    skip = {tokenize.COMMENT, tokenize.STRING, tokenize.NL, tokenize.NEWLINE,
            tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}
    skip |= {getattr(tokenize, n) for n in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END")
             if hasattr(tokenize, n)}
    words = (tokenize.NAME, tokenize.NUMBER)
    out: list[str] = []
    previous = None
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in skip:
            continue
        if previous in words and tok.type in words:
            out.append(" ")
        out.append(tok.string)
        previous = tok.type
    return "".join(out)


def replica_counts(stderr: str) -> list[int]:
    """The replica counts two_replicas.py reported, [] if it reported nothing."""
    lines = [l for l in stderr.splitlines() if l.startswith("two_replicas: strategies ")]
    return ast.literal_eval(lines[-1].split(" ", 2)[2]) if lines else []


def run_program(argv: list[str], tmp_path: Path) -> subprocess.CompletedProcess:
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir(exist_ok=True)
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": "",
           "TMPDIR": str(tmpdir)}
    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=TIMEOUT)


def assert_matches(name: str, proc: subprocess.CompletedProcess, label: str) -> None:
    assert proc.returncode == 0, f"{name} ({label}) failed:\n{proc.stderr[-4000:]}"
    reasons = compare.compare(EXPECTED[name], proc.stdout)
    assert not reasons, f"{name} ({label}) differs from TF 2.15:\n" + "\n".join(reasons) + \
        f"\n--- stdout tail ---\n{proc.stdout[-2000:]}"


def test_expected_json_matches_the_programs() -> None:
    assert PROGRAMS, HERE
    assert sorted(EXPECTED) == PROGRAMS
    for name, entry in EXPECTED.items():
        assert {"final", "pred"} <= set(entry), name
        assert "loss" in entry["final"] and "global_step" in entry["final"], name
        unknown = [k for k in entry["final"] if compare.rule_for(k) is None]
        assert not unknown, f"{name}: no comparison rule for {unknown}"


def test_translated_names_exist() -> None:
    assert TRANSLATED <= set(PROGRAMS), sorted(TRANSLATED - set(PROGRAMS))


def test_code_only() -> None:
    source = 'import tensorflow as tf  # tf.estimator\n"""RunConfig"""\nx = tf . keras . Model\n'
    assert code_only(source) == "import tensorflow as tf x=tf.keras.Model"
    assert "tf.estimator" in code_only("est = tf.estimator.Estimator(fn)\n")
    assert replica_counts("noise\ntwo_replicas: strategies [2, 2]\n") == [2, 2]


def test_compare_rules() -> None:
    expected = {"final": {"loss": 0.4, "accuracy": 0.9, "rmse": 0.5, "global_step": 300},
                "pred": ["PRED count 5"]}
    good = "noise\nPRED count 5\nFINAL {'loss': 0.7, 'accuracy': 0.77, 'rmse': 0.3, 'global_step': 300}\n"
    assert compare.compare(expected, good) == []
    assert compare.last_final(good)["global_step"] == 300
    assert compare.last_final("FINAL {'loss': np.float32(0.5)}") == {"loss": 0.5}
    assert compare.compare(expected, "epoch 1/1 [===]\rPRED count 5\n" + good.split("\n", 2)[2]) == []
    for bad in (good.replace("0.77", "0.74"), good.replace("0.7,", "0.86,"),
                good.replace("0.3,", "0.15,"), good.replace("300}", "301}"),
                good.replace("count 5", "count 6"), good.replace("'accuracy': 0.77, ", ""),
                good.replace("FINAL", "final"), good.replace("0.7,", "float('nan'),")):
        assert compare.compare(expected, bad), bad


@pytest.mark.parametrize("name", PROGRAMS)
def test_program(name: str, tmp_path: Path) -> None:
    program = tmp_path / name
    shutil.copyfile(HERE / name, program)
    original = program.read_text()

    if name not in TRANSLATED:
        checked = tfmigrate("check", "--format", "json", str(program))
        assert checked.returncode in (0, 1), checked.stderr
        codes = {site["code"] for site in json.loads(checked.stdout or "[]")}
        rewritten = tfmigrate("rewrite", str(program))
        assert rewritten.returncode in (0, 1), rewritten.stderr
        # Not translated yet: left byte for byte, and never in silence.
        assert program.read_text() == original, f"{name} is rewritten now: add it to TRANSLATED so it is run"
        assert any(c.startswith("TFM2") for c in codes), f"{name} was left without a TFM2xx report: {sorted(codes)}"
        return

    rewritten = tfmigrate("rewrite", str(program))
    assert rewritten.returncode in (0, 1), rewritten.stderr
    source = program.read_text()
    assert source != original, f"{name} is in TRANSLATED but was not rewritten:\n{rewritten.stderr}"
    code = code_only(source)
    left = [s for s in ESTIMATOR_SPELLINGS if s in code]
    assert not left, f"{name}: the rewrite still uses {left}:\n{rewritten.stderr}"

    assert_matches(name, run_program([str(program)], tmp_path), "1 replica")
    if name in MIRRORED:
        proc = run_program([str(TWO_REPLICAS), str(program)], tmp_path)
        assert_matches(name, proc, "2 replicas")
        assert 2 in replica_counts(proc.stderr), \
            f"{name}: no MirroredStrategy with 2 replicas was made:\n{proc.stderr[-2000:]}"
