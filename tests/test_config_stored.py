"""Configs kept somewhere and read back (codemods/_config_stored.py), and consumers that
end in a plain session (codemods/_config_consumers.py). The executed tests run the TF1
original through tf.compat.v1 and the rewrite on TF 2.21, recording the config of every
session either makes, and compare the settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.support import check_noop, check_transformed, diagnostics, rewrite


def test_a_supervisor_made_inline():
    check_transformed(
        """\
        import tensorflow as tf
        config = tf.ConfigProto(allow_soft_placement=True)
        with tf.train.Supervisor(logdir="/tmp/x").managed_session(config=config) as sess:
            pass
        """,
        """\
        import tensorflow as tf
        tf.config.set_soft_device_placement(True)
        with tf.train.Supervisor(logdir="/tmp/x").managed_session() as sess:
            pass
        """,
    )


def test_slim_through_tf_slim_and_contrib():
    for imports in ("import tf_slim as slim", "import tensorflow.contrib.slim as slim",
                    "from tensorflow.contrib import slim", "slim = tf.contrib.slim"):
        new, diags = rewrite(textwrap.dedent(f"""\
            import tensorflow as tf
            {imports}
            config = tf.ConfigProto(intra_op_parallelism_threads=2)
            slim.learning.train(train_op, "/tmp/log", session_config=config)
            """))
        assert not diags and 'slim.learning.train(train_op, "/tmp/log")' in new, (imports, new)


def test_a_remote_master_of_slim_is_left():
    src = """\
        import tensorflow as tf
        import tf_slim as slim
        config = tf.ConfigProto(intra_op_parallelism_threads=2)
        slim.learning.train(train_op, "/tmp/log", master="grpc://ps:2222", session_config=config)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM120", 4)]


def test_a_self_attribute_assigned_in_two_methods_is_left():
    src = """\
        import tensorflow as tf


        class Net:
            def __init__(self):
                self.config = tf.ConfigProto(intra_op_parallelism_threads=2)

            def reset(self):
                self.config = tf.ConfigProto()

            def session(self):
                return tf.Session(config=self.config)
        """
    check_noop(src)
    assert ("TFM120", 9) in diagnostics(src)


def test_an_attribute_never_given_to_a_session_is_left():
    src = """\
        import tensorflow as tf


        class Net:
            def __init__(self):
                self.config = tf.ConfigProto(intra_op_parallelism_threads=2)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM120", 6)]


def test_kwargs_of_gpu_options_from_a_dict():
    check_transformed(
        """\
        import tensorflow as tf
        gpu_kwargs = {"allow_growth": True}
        config = tf.ConfigProto(gpu_options=tf.GPUOptions(**gpu_kwargs))
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        sess = tf.compat.v1.Session()
        """,
    )


def test_a_helper_result_bound_and_handed_to_keras():
    check_transformed(
        """\
        import tensorflow as tf
        from keras import backend as K


        def get_config():
            config = tf.ConfigProto()
            config.gpu_options.allow_growth = True
            return config


        config = get_config()
        K.set_session(tf.Session(config=config))
        """,
        """\
        import tensorflow as tf


        def get_config():
            for gpu in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu, True)


        get_config()
        """,
    )


# -- executed -------------------------------------------------------------------------------

PROBE = r'''
import json, os, runpy, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
mode, path = sys.argv[1], sys.argv[2]
if mode == "tf1":
    import tensorflow.compat.v1 as v1
    v1.disable_v2_behavior()
    sys.modules["tensorflow"] = v1
from google.protobuf import json_format
from tensorflow.python.client import session as session_lib

seen = []
original = session_lib.Session.__init__


def record(self, *args, **kwargs):
    original(self, *args, **kwargs)
    seen.append(json_format.MessageToDict(self._config, preserving_proto_field_name=True))


session_lib.Session.__init__ = record
sys.argv = [path]
runpy.run_path(path, run_name="__main__")
print(json.dumps(seen))
'''

# The rest of each program is TF1 code that tf_upgrade_v2 has already moved to tf.compat.v1.
GRAPH_MODE = "tf.compat.v1.disable_eager_execution()  # Supervisors need graph mode in TF2 too\n"
PROGRAMS = {
    "supervisor": GRAPH_MODE + """\
config = tf.ConfigProto(intra_op_parallelism_threads=3, log_device_placement=True)
step = tf.compat.v1.train.get_or_create_global_step()
sv = tf.compat.v1.train.Supervisor(logdir=LOGDIR, save_model_secs=0, save_summaries_secs=0)
with sv.managed_session(config=config) as sess:
    sess.run(step)
""",
    "session_manager": GRAPH_MODE + """\
config = tf.ConfigProto(inter_op_parallelism_threads=2, allow_soft_placement=True)
v = tf.Variable(1.0)
manager = tf.compat.v1.train.SessionManager()
sess = manager.prepare_session("", init_op=tf.compat.v1.global_variables_initializer(), config=config)
sess.run(v)
""",
    "self_attribute": """\
class Runner(object):
    def __init__(self):
        self.config = tf.ConfigProto(intra_op_parallelism_threads=2)
        self.config.log_device_placement = True

    def session(self):
        return tf.Session(config=self.config)


sess = Runner().session()
""",
    "kwargs_dict": """\
options = {"inter_op_parallelism_threads": 3, "allow_soft_placement": True}
sess = tf.Session(config=tf.ConfigProto(**options))
""",
    "slim": GRAPH_MODE + """\
import tf_slim as slim

config = tf.ConfigProto(intra_op_parallelism_threads=2, log_device_placement=True)
step = tf.compat.v1.train.get_or_create_global_step()
train_op = tf.compat.v1.assign_add(step, 1)
slim.learning.train(train_op, LOGDIR, number_of_steps=1, save_summaries_secs=0, save_interval_secs=0,
                    session_config=config)
""",
}
FIELDS = {"intra_op_parallelism_threads": 0, "inter_op_parallelism_threads": 0, "log_device_placement": False}


def _sessions(mode: str, program: Path, soft: bool) -> list[dict]:
    env = dict(os.environ)
    slim = os.environ.get("TFMIGRATE_TEST_TF_SLIM")  # a folder holding tf_slim, if it is not installed
    if slim:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [slim, env.get("PYTHONPATH")]))
    proc = subprocess.run([sys.executable, str(program.parent / "probe.py"), mode, str(program)], capture_output=True,
                          text=True, timeout=240, cwd=program.parent, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    # Soft placement only where the program set it: TF1's default was off, TF2's is on (documented).
    return [{f: s.get(f, d) for f, d in FIELDS.items()} | ({"allow_soft_placement": s.get("allow_soft_placement")}
            if soft else {}) for s in json.loads(proc.stdout.splitlines()[-1])]


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_session_gets_the_same_settings(tmp_path: Path, name: str):
    pytest.importorskip("tensorflow")
    if name == "slim" and not os.environ.get("TFMIGRATE_TEST_TF_SLIM"):
        pytest.importorskip("tf_slim")
    source = f"import tensorflow as tf\nLOGDIR = {str(tmp_path / 'log')!r}\n" + PROGRAMS[name]
    new, diags = rewrite(source)
    assert new != source and not diags, (new, diags)
    (tmp_path / "probe.py").write_text(PROBE)
    (tmp_path / "before.py").write_text(source)
    (tmp_path / "after.py").write_text(new)
    soft = "allow_soft_placement" in source
    tf1, tf2 = _sessions("tf1", tmp_path / "before.py", soft), _sessions("tf2", tmp_path / "after.py", soft)
    assert tf1 and tf2 == tf1, (tf1, tf2)
