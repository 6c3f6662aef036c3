"""tf.contrib.learn.RunConfig (#15): given to a tf.estimator Estimator it is that
Estimator's RunConfig (its tf_config-only arguments dropped with a note); read only for its
tf_config, the ConfigProto it stood for is written out and the session-config rewrite
turns it into tf.config calls in the same run. The corpus cases hold the whole programs."""

from __future__ import annotations

import pytest

from tests.support import check_noop, rewrite

SESSION = '''\
import tensorflow as tf

config = tf.contrib.learn.RunConfig({args})
session = tf.Session(config=config.tf_config)
'''


def test_log_device_placement_and_threads_reach_tf_config_calls_in_one_run() -> None:
    new, found = rewrite(SESSION.format(args="log_device_placement=True, num_cores=2, gpu_memory_fraction=0"))
    assert "tf.debugging.set_log_device_placement(True)" in new
    assert "tf.config.threading.set_intra_op_parallelism_threads(2)" in new
    assert "contrib" not in new and "ConfigProto" not in new
    assert rewrite(new)[0] == new


def test_a_fraction_left_out_was_one_whole_gpu() -> None:
    new, _ = rewrite(SESSION.format(args="log_device_placement=True"))
    assert "memory_limit=int(1.0 * total_memory_mib(gpu))" in new, new


@pytest.mark.parametrize("args", [
    "None, 0, False, 0.5",  # by position
    "gpu_memory_fraction=0.5, session_config=tf.ConfigProto()",  # the Estimator's own config besides
    "gpu_memory_fraction=fractions[0]",  # a value tfmigrate does not move
    "master='grpc://worker:2222'",
])
def test_run_configs_it_does_not_follow_are_reported(args: str) -> None:
    found = check_noop(SESSION.format(args=args))
    assert any(f.code in ("TFM218", "TFM120") for f in found), [f.message for f in found]


def test_a_run_config_made_under_a_condition_is_reported() -> None:
    src = """\
import tensorflow as tf


def main(use_gpu):
    if use_gpu:
        run_config = tf.contrib.learn.RunConfig(gpu_memory_fraction=0.5)
    with tf.Session(config=run_config.tf_config) as session:
        return session
"""
    found = check_noop(src)
    assert any(f.code in ("TFM218", "TFM120") for f in found), [f.message for f in found]


def test_a_run_config_made_and_read_in_one_main_guard_is_rewritten() -> None:
    src = "import tensorflow as tf\n\nif __name__ == '__main__':\n" \
          "    run_config = tf.contrib.learn.RunConfig(num_cores=2)\n" \
          "    session = tf.Session(config=run_config.tf_config)\n"
    new, _ = rewrite(src)
    assert "set_intra_op_parallelism_threads(2)" in new and "contrib" not in new
