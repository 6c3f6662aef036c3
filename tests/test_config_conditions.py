"""Settings and sessions under a condition (codemods/_config_conditions.py): the same
tf.config calls under the same condition, run on TF 2.21 with the condition true and false
and compared with the TF1 original run through tf.compat.v1 (tests/observe.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import libcst as cst
import pytest

from tests.support import check_noop, check_transformed, diagnostics, rewrite
from tfmigrate.codemods import _config_conditions as conditions

ROOT = Path(__file__).resolve().parent.parent


class _Reader:
    """The two things impure_part asks of the analysis, for a module without imports."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.qnames = {}

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def is_builtin(self, name: cst.Name) -> bool:
        return name.value in ("len", "int", "float", "bool", "str", "isinstance", "hasattr", "getattr")


@pytest.mark.parametrize("test, impure", [
    ("args.allow_growth", None),
    ("FLAGS.num_threads > 0 and not FLAGS.cpu", None),
    ('params["gpu"] is not None', None),
    ("len(gpus) > 1", None),
    ("threads", None),
    ("claim_gpu()", "claim_gpu()"),
    ("(n := count())", "(n := count())"),
    ("args.flags.pop('grow')", "args.flags.pop('grow')"),
])
def test_only_a_condition_that_reads_is_evaluated_again(test, impure):
    module = cst.parse_module(f"if {test}:\n    pass\n")
    assert conditions.impure_part(_Reader(module), module.body[0].test) == impure


def test_a_one_line_if():
    check_transformed(
        """\
        import tensorflow as tf
        config = tf.ConfigProto()
        if threads: config.intra_op_parallelism_threads = threads
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf
        if threads:
            tf.config.threading.set_intra_op_parallelism_threads(threads)
        sess = tf.compat.v1.Session()
        """,
    )


def test_an_if_and_its_else_stay_one_statement():
    # Only one arm runs: the run-time order matters within an arm, and against the rest.
    check_transformed(
        """\
        import tensorflow as tf
        config = tf.ConfigProto()
        if FLAGS.debug:
            config.log_device_placement = True
        else:
            config.inter_op_parallelism_threads = 4
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf
        if FLAGS.debug:
            tf.debugging.set_log_device_placement(True)
        else:
            tf.config.threading.set_inter_op_parallelism_threads(4)
        sess = tf.compat.v1.Session()
        """,
    )


def test_a_stage_between_splits_the_if_and_keeps_each_arm():
    # The plain thread count comes first, so the `if` is written twice: once for its
    # threads, once (as `not`) for what its else sets later.
    check_transformed(
        """\
        import tensorflow as tf
        config = tf.ConfigProto(intra_op_parallelism_threads=2)
        if FLAGS.debug:
            config.inter_op_parallelism_threads = 1
        else:
            config.log_device_placement = False
        config.gpu_options.allow_growth = True
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf
        tf.config.threading.set_intra_op_parallelism_threads(2)
        if FLAGS.debug:
            tf.config.threading.set_inter_op_parallelism_threads(1)
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        if not FLAGS.debug:
            tf.debugging.set_log_device_placement(False)
        sess = tf.compat.v1.Session()
        """,
    )


def test_a_condition_on_a_value_bound_after_an_op_cannot_move_above_it():
    src = """\
        import tensorflow as tf
        x = tf.constant(1.0)
        threads = 2
        config = tf.ConfigProto()
        if threads:
            config.intra_op_parallelism_threads = threads
        sess = tf.Session(config=config)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 4)]


def test_a_session_under_a_condition_in_a_function():
    check_transformed(
        """\
        import tensorflow as tf


        def run(train):
            config = tf.ConfigProto(intra_op_parallelism_threads=2)
            if train:
                sess = tf.Session(config=config)
                return sess
        """,
        """\
        import tensorflow as tf


        def run(train):
            if train:
                tf.config.threading.set_intra_op_parallelism_threads(2)
                sess = tf.compat.v1.Session()
                return sess
        """,
    )


def test_one_unconditional_session_keeps_the_calls_with_the_config():
    new, diags = rewrite(textwrap.dedent("""\
        import tensorflow as tf
        config = tf.ConfigProto(allow_soft_placement=True)
        if warm:
            warm_sess = tf.Session(config=config)
        sess = tf.Session(config=config)
        """))
    assert not diags
    assert new.splitlines()[1] == "tf.config.set_soft_device_placement(True)"


def test_one_session_in_every_arm_of_an_if_else_keeps_the_calls_with_the_config():
    check_transformed(
        """\
        import tensorflow as tf


        def main(frozen):
            config = tf.ConfigProto(intra_op_parallelism_threads=2)
            if frozen:
                graph = load(frozen)
                sess = tf.Session(graph=graph, config=config)
            elif small:
                sess = tf.Session(config=config)
            else:
                x = tf.placeholder(tf.float32)
                sess = tf.Session(config=config)
            return sess
        """,
        """\
        import tensorflow as tf


        def main(frozen):
            tf.config.threading.set_intra_op_parallelism_threads(2)
            if frozen:
                graph = load(frozen)
                sess = tf.compat.v1.Session(graph=graph)
            elif small:
                sess = tf.compat.v1.Session()
            else:
                x = tf.placeholder(tf.float32)
                sess = tf.compat.v1.Session()
            return sess
        """,
    )


@pytest.mark.parametrize("arms", [
    # an arm that makes its session only under a condition of its own
    "if frozen:\n        sess = tf.Session(config=config)\n    else:\n        if warm:\n            sess = tf.Session(config=config)",
    # an arm with two sessions
    "if frozen:\n        sess = tf.Session(config=config)\n        other = tf.Session(config=config)\n"
    "    else:\n        sess = tf.Session(config=config)",
])
def test_arms_that_do_not_each_make_one_session_are_not_every_path(arms: str) -> None:
    src = textwrap.dedent("""\
        import tensorflow as tf


        def main(frozen, warm):
            config = tf.ConfigProto(intra_op_parallelism_threads=2)
            x = tf.placeholder(tf.float32)
        """) + "    " + arms + "\n"
    assert [d.code for d in check_noop(src)] == ["TFM123"]  # each session's calls would come after the op


def test_a_conditional_expression_with_a_side_effect_is_left():
    src = """\
        import tensorflow as tf
        config = tf.ConfigProto(log_device_placement=True)
        sess = tf.Session(config=config) if ask_user() else tf.Session()
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM120", 3)]


# -- executed -------------------------------------------------------------------------------

CASES = {
    "attribute": ("""\
import os

import tensorflow as tf

config = tf.ConfigProto(allow_soft_placement=True)
if os.environ.get("CASE_GROW"):
    config.gpu_options.allow_growth = True
if os.environ.get("CASE_LOG"):
    config.log_device_placement = True
if os.environ.get("CASE_THREADS"):
    config.intra_op_parallelism_threads = int(os.environ["CASE_THREADS"])
sess = tf.Session(config=config)
""", ["CASE_LOG", "CASE_THREADS"]),
    "if_else": ("""\
import os

import tensorflow as tf

config = tf.ConfigProto()
if os.environ.get("CASE_SMALL"):
    config.inter_op_parallelism_threads = 2
else:
    config.inter_op_parallelism_threads = 5
sess = tf.Session(config=config)
""", ["CASE_SMALL"]),
    "conditional_session": ("""\
import os

import tensorflow as tf

config = tf.ConfigProto(log_device_placement=True, intra_op_parallelism_threads=3)
debug = os.environ.get("CASE_DEBUG") == "1"
sess = tf.Session(config=config) if debug else tf.compat.v1.Session()
""", ["CASE_DEBUG"]),
}
FIELDS = ("log_device_placement", "intra_op_parallelism_threads", "inter_op_parallelism_threads",
          "allow_soft_placement")
DEFAULTS = {"allow_soft_placement": False, "log_device_placement": False,
            "intra_op_parallelism_threads": 0, "inter_op_parallelism_threads": 0}


def _observe(mode: str, program: Path, env: dict) -> dict:
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "observe.py"), mode, str(program)],
                          capture_output=True, text=True, timeout=180, cwd=program.parent,
                          env={**os.environ, **env})
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    return {f: out["config"].get(f, DEFAULTS[f]) for f in FIELDS}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("truth", [True, False])
def test_the_condition_decides_as_in_tf1(tmp_path: Path, name: str, truth: bool):
    pytest.importorskip("tensorflow")
    source, variables = CASES[name]
    new, diags = rewrite(source)
    assert new != source and not diags, diags
    before, after = tmp_path / "before.py", tmp_path / "after.py"
    before.write_text(source)
    after.write_text(new)
    env = {v: ("1" if v == "CASE_DEBUG" else "4" if v == "CASE_THREADS" else "yes") if truth else ""
           for v in variables}
    tf1, tf2 = _observe("tf1", before, env), _observe("tf2", after, env)
    compared = [f for f in FIELDS if f != "allow_soft_placement" or "allow_soft_placement" in source]
    assert {f: tf2[f] for f in compared} == {f: tf1[f] for f in compared}
