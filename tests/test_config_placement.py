"""codemods/_config_placement.py: where a site's tf.config calls go."""

from __future__ import annotations

import libcst as cst

from tfmigrate.codemods.config_proto import _Analysis
from tfmigrate.metadata import analyse

CALLS = [cst.parse_statement("tf.config.threading.set_intra_op_parallelism_threads(2)")]


def _site(src: str):
    analysis = _Analysis(analyse(cst.parse_module(src), src))
    site = analysis.build_site(next(c for c in analysis.calls if analysis.callee(c) == "tf.ConfigProto"))
    return analysis, site, list(analysis.module.body)


def test_calls_go_above_the_op_that_would_start_the_runtime_first():
    analysis, site, body = _site("import tensorflow as tf\nx = tf.constant(1)\n"
                                 "config = tf.ConfigProto(intra_op_parallelism_threads=2)\n"
                                 "sess = tf.Session(config=config)\n")
    names, _ = analysis.names_for(site)
    assert analysis.hoist_target(site, CALLS, names) is body[1] and site.problems == []


def test_calls_stay_where_nothing_before_starts_the_runtime():
    analysis, site, body = _site("import tensorflow as tf\nconfig = tf.ConfigProto(intra_op_parallelism_threads=2)\n"
                                 "sess = tf.Session(config=config)\n")
    names, _ = analysis.names_for(site)
    assert analysis.hoist_target(site, CALLS, names) is None and site.problems == []


def test_they_never_move_above_an_environment_change_after_the_op():
    analysis, site, body = _site("import os\nimport tensorflow as tf\nx = tf.constant(1)\n"
                                 "os.environ['CUDA_VISIBLE_DEVICES'] = '0'\n"
                                 "config = tf.ConfigProto(intra_op_parallelism_threads=2)\n"
                                 "sess = tf.Session(config=config)\n")
    names, _ = analysis.names_for(site)
    assert analysis.hoist_target(site, CALLS, names) is None
    assert [code for _, code, _ in site.problems] == ["TFM123"]
    assert "line 4 changes the environment" in site.problems[0][2]


def test_a_module_config_for_sessions_in_functions_goes_to_those_sessions():
    analysis, site, body = _site("import tensorflow as tf\nconfig = tf.ConfigProto(intra_op_parallelism_threads=2)\n"
                                 "def train():\n    with tf.Session(config=config) as sess:\n        pass\n")
    moved = analysis.sessions_in_functions(site)
    assert [analysis.code(s).splitlines()[0] for s in moved] == ["with tf.Session(config=config) as sess:"]
