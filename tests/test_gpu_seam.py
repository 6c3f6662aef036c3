"""GPU-only settings, checked through a seam (tests/gpu_seam.py): the rewritten program
runs against four fake GPUs with tf.config's GPU setters replaced by recorders, because
this machine (and CI) has no GPU. Visibility is compared with TensorFlow's own
ConfigProto importer run on the original config; growth and memory limits with what TF1
did: growth on every GPU, and a limit of fraction × total memory per GPU."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import rewrite

pytest.importorskip("tensorflow")
SEAM = Path(__file__).resolve().parent / "gpu_seam.py"

CASES = {
    "allow_growth": "tf1.ConfigProto(gpu_options=tf1.GPUOptions(allow_growth=True))",
    "memory_fraction": "tf1.ConfigProto(gpu_options=tf1.GPUOptions(per_process_gpu_memory_fraction=0.25))",
    "visible_list": "tf1.ConfigProto(gpu_options=tf1.GPUOptions(visible_device_list='1,3'))",
    "visible_list_and_count": "tf1.ConfigProto(gpu_options=tf1.GPUOptions(visible_device_list='0,2,3'), device_count={'GPU': 2})",
    "count_only": "tf1.ConfigProto(device_count={'GPU': 3})",
    "no_gpu": "tf1.ConfigProto(device_count={'GPU': 0})",
    "growth_and_visible": "tf1.ConfigProto(gpu_options=tf1.GPUOptions(allow_growth=True, visible_device_list='2'))",
}


def seam_run(tmp_path: Path, config_expr: str) -> dict:
    tf1_program = f"import tensorflow.compat.v1 as tf1\nconfig = {config_expr}\nsess = tf1.Session(config=config)\n"
    new, diags = rewrite(tf1_program)
    assert new != tf1_program and not diags, diags
    program = tmp_path / "after.py"
    program.write_text(new)
    proc = subprocess.run([sys.executable, str(SEAM), str(program), config_expr],
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_gpu_settings_through_the_seam(tmp_path, name):
    import ast

    config_expr = CASES[name]
    out = seam_run(tmp_path, config_expr)
    calls = out["calls"]
    assert calls["visible"] == out["oracle_visible"]
    gpu_kwargs = {}
    if "GPUOptions(" in config_expr:
        inner = config_expr.split("GPUOptions(", 1)[1].split(")", 1)[0]
        gpu_kwargs = {k.arg: ast.literal_eval(k.value) for k in ast.parse(f"f({inner})").body[0].value.keywords}
    if gpu_kwargs.get("allow_growth"):
        assert calls["growth"] == {g: True for g in out["gpus"]}
    else:
        assert calls["growth"] == {}
    fraction = gpu_kwargs.get("per_process_gpu_memory_fraction")
    if fraction:
        assert calls["limits"] == {g: [int(fraction * out["total_mib"])] for g in out["gpus"]}
    else:
        assert calls["limits"] == {}
