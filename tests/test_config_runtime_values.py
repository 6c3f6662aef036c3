"""A memory fraction known only at run time (TFM106): planned by codemods/_config_plan.py,
applied by tfmigrate.runtime.set_gpu_memory_fraction, which gives every value the meaning
TF1 gave it. The executed tests run a rewritten TF1 program under TF 2.21 against four
fake GPUs (this machine has none): tf.config's GPU setters are recorders, nothing else
is faked, and TF1's own rule (gpu_device.cc: 0 is no limit, f <= 1 caps at f × total,
f > 1 is unified memory) is the oracle."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tfmigrate.codemods import _config_plan as config_plan
from tests.support import check_noop, check_transformed, diagnostics, rewrite
from tfmigrate import settings
from tfmigrate.settings import Value

FRACTION = "gpu_options.per_process_gpu_memory_fraction"


# -- planning -------------------------------------------------------------------------------


def test_a_flag_goes_to_the_helper_at_the_memory_stage():
    plan = config_plan.plan({FRACTION: Value(source="FLAGS.gpu_fraction"), "allow_soft_placement": Value(True, "True"),
                             "intra_op_parallelism_threads": Value(2, "2")})
    assert not plan.problems
    assert [type(a).__name__ for a in plan.actions] == ["SetThreads", "MemoryFractionAtRunTime", "SoftPlacement"]
    assert plan.actions[1].render(settings.Names()) == ["set_gpu_memory_fraction(FLAGS.gpu_fraction)"]


def test_literals_keep_the_tables_forms():
    assert [type(a).__name__ for a in config_plan.plan({FRACTION: Value(0.3, "0.3")}).actions] == ["MemoryLimit"]
    assert config_plan.plan({FRACTION: Value(0, "0")}).actions == []  # no limit: nothing to emit
    assert [type(a).__name__ for a in config_plan.plan({FRACTION: Value(1.5, "1.5")}).actions] == \
        ["MemoryFractionAtRunTime"]


@pytest.mark.parametrize("growth", [Value(True, "True"), Value(source="FLAGS.allow_growth")])
def test_with_growth_any_fraction_is_still_reported(growth):
    # Above 0 it meant "grow up to the limit", which TF2 cannot say (TFM113).
    plan = config_plan.plan({FRACTION: Value(source="FLAGS.f"), "gpu_options.allow_growth": growth})
    assert plan.problems and not plan.actions


def test_growth_off_does_not_stand_in_the_way():
    plan = config_plan.plan({FRACTION: Value(source="f"), "gpu_options.allow_growth": Value(False, "False")})
    assert [type(a).__name__ for a in plan.actions] == ["MemoryFractionAtRunTime"]


def test_a_string_is_no_fraction():
    # TF1's protobuf field raised TypeError for a str.
    assert config_plan.plan({FRACTION: Value("0.5", '"0.5"')}).problems
    assert config_plan.plan({FRACTION: Value(source='f"{x}"')}).problems


# -- rewriting ------------------------------------------------------------------------------


def test_a_parameter_in_a_graph_scope():
    check_transformed(
        """\
        import tensorflow as tf


        def load_and_align(gpu_memory_fraction):
            with tf.Graph().as_default():
                gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=gpu_memory_fraction)
                sess = tf.Session(config=tf.ConfigProto(gpu_options=gpu_options, log_device_placement=False))
                with sess.as_default():
                    return build(sess)
        """,
        """\
        import tensorflow as tf
        from tfmigrate.runtime import set_gpu_memory_fraction


        def load_and_align(gpu_memory_fraction):
            with tf.Graph().as_default():
                set_gpu_memory_fraction(gpu_memory_fraction)
                tf.debugging.set_log_device_placement(False)
                sess = tf.compat.v1.Session()
                with sess.as_default():
                    return build(sess)
        """,
    )


def test_the_helper_name_taken_gets_another():
    check_transformed(
        """\
        import tensorflow as tf

        set_gpu_memory_fraction = None
        config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=args.f))
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf
        from tfmigrate.runtime import set_gpu_memory_fraction as tfmigrate_set_gpu_memory_fraction

        set_gpu_memory_fraction = None
        tfmigrate_set_gpu_memory_fraction(args.f)
        sess = tf.compat.v1.Session()
        """,
    )


def test_a_value_bound_after_an_op_cannot_move_above_it():
    src = """\
        import os
        import tensorflow as tf

        scale = tf.constant(2.0)
        fraction = float(os.environ.get("GPU_FRACTION", "0"))
        config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=fraction))
        sess = tf.Session(config=config)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 6)]


def test_two_functions_with_one_flag_agree():
    # The same expression in both: one setting, whichever runs first.
    new, diags = rewrite(textwrap.dedent("""\
        import tensorflow as tf


        def train():
            config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=FLAGS.f))
            return tf.Session(config=config)


        def predict():
            config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=FLAGS.f))
            return tf.Session(config=config)
        """))
    assert not diags and new.count("set_gpu_memory_fraction(FLAGS.f)") == 2


def test_a_literal_and_a_flag_conflict():
    src = """\
        import tensorflow as tf


        def train():
            config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=FLAGS.f))
            return tf.Session(config=config)


        def predict():
            config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=0.5))
            return tf.Session(config=config)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM122", 5), ("TFM122", 10)]


# -- executed: the helper on TF 2.21 against fake GPUs --------------------------------------

PROBE = r'''
import json, os, runpy, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf
from tensorflow.python.eager import context
import tfmigrate.runtime

TOTAL_MIB = 16000
GPUS = [tf.config.PhysicalDevice(f"/physical_device:GPU:{i}", "GPU") for i in range(4)]
real_list = tf.config.list_physical_devices
limits = {}
tf.config.list_physical_devices = lambda t=None: GPUS if t == "GPU" else real_list(t)
tf.config.set_logical_device_configuration = lambda d, devs: limits.__setitem__(d.name, [v.memory_limit for v in devs])
tfmigrate.runtime.total_memory_mib = lambda gpu: TOTAL_MIB
sys.argv = [sys.argv[1]] + sys.argv[2:]
error = None
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
config = context.context()._config
print(json.dumps({"limits": limits, "error": error, "total": TOTAL_MIB,
                  "unified": config.gpu_options.per_process_gpu_memory_fraction if config is not None else 0}))
'''

TF1_PROGRAM = """\
import sys

import tensorflow as tf


def main(fraction):
    gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=fraction)
    config = tf.ConfigProto(gpu_options=gpu_options, allow_soft_placement=True)
    with tf.Session(config=config) as sess:
        sess.run(tf.constant(1.0) * 2)


if __name__ == "__main__":
    main(None if sys.argv[1] == "None" else float(sys.argv[1]))
"""


def _tf1_meaning(fraction, total):
    """gpu_device.cc: what TF1 made of the fraction for each GPU."""
    if fraction is None or fraction == 0:
        return {"limits": {}, "unified": 0}
    if fraction <= 1:
        return {"limits": {f"/physical_device:GPU:{i}": [int(fraction * total)] for i in range(4)}, "unified": 0}
    return {"limits": {}, "unified": fraction}


@pytest.fixture(scope="module")
def rewritten(tmp_path_factory):
    pytest.importorskip("tensorflow")
    new, diags = rewrite(TF1_PROGRAM)
    assert "set_gpu_memory_fraction(fraction)" in new and not diags, (new, diags)
    folder = tmp_path_factory.mktemp("fraction")
    (folder / "after.py").write_text(new)
    (folder / "probe.py").write_text(PROBE)
    return folder


@pytest.mark.parametrize("fraction", [None, 0.0, 0.25, 1.0, 2.5])
def test_every_value_keeps_its_tf1_meaning(rewritten: Path, fraction):
    proc = subprocess.run([sys.executable, str(rewritten / "probe.py"), str(rewritten / "after.py"), str(fraction)],
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["error"] is None
    expected = _tf1_meaning(fraction, out["total"])
    assert out["limits"] == expected["limits"]
    assert out["unified"] == pytest.approx(expected["unified"])


def test_unified_memory_after_the_runtime_started_raises(tmp_path):
    pytest.importorskip("tensorflow")
    program = tmp_path / "late.py"
    program.write_text("import tensorflow as tf\nfrom tfmigrate.runtime import set_gpu_memory_fraction\n"
                       "print(tf.constant(1) + 1)\nset_gpu_memory_fraction(2.0)\n")
    (tmp_path / "probe.py").write_text(PROBE)
    proc = subprocess.run([sys.executable, str(tmp_path / "probe.py"), str(program)], capture_output=True, text=True,
                          timeout=180)
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["error"].startswith("RuntimeError") and "before TensorFlow's runtime starts" in out["error"]
    assert out["unified"] == 0


def test_invalid_values_fail_as_tf1_did():
    from tfmigrate.runtime import set_gpu_memory_fraction

    with pytest.raises(TypeError):
        set_gpu_memory_fraction("0.5")
    with pytest.raises(ValueError):
        set_gpu_memory_fraction(-0.1)
