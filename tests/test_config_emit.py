"""codemods/_config_emit.py: what a site's consumers become, and how the calls are spelt."""

from __future__ import annotations

import libcst as cst

from tfmigrate.codemods.config_proto import _Analysis
from tfmigrate.metadata import analyse
from tfmigrate.rule import Replace


def _site(src: str):
    analysis = _Analysis(analyse(cst.parse_module(src), src))
    site = analysis.build_site(next(c for c in analysis.calls if analysis.callee(c) == "tf.ConfigProto"))
    return analysis, site


def _sessions(analysis):
    return [c for c in analysis.calls if (analysis.callee(c) or "").endswith("Session")]


def test_a_session_loses_its_config_and_keeps_the_file_spelling():
    analysis, site = _site("import tensorflow.compat.v1 as tf1\nc = tf1.ConfigProto(log_device_placement=True)\n"
                           "s = tf1.Session('', config=c)\n")
    names, _ = analysis.names_for(site)
    assert names.tf == "tf1" and analysis.plain_tf_alias(site) is None  # tf1 is compat.v1, not tensorflow
    new = analysis.session_without_config(site, _sessions(analysis)[0], names)
    assert analysis.code(new) == "tf1.Session('')"


def test_set_session_boilerplate_goes_away():
    analysis, site = _site("import tensorflow as tf\nfrom keras import backend as K\n"
                           "c = tf.ConfigProto(log_device_placement=True)\nK.set_session(tf.Session(config=c))\n")
    names, _ = analysis.names_for(site)
    out = analysis.consumer_statements(site, names)
    [edit] = out.edits
    assert isinstance(edit, Replace) and edit.new is cst.RemoveFromParent() and edit.keep_comments
    assert analysis.code(edit.node).strip() == "K.set_session(tf.Session(config=c))" and edit.node in out.removed


def test_new_names_never_shadow_the_file_s_own():
    analysis, _ = _site("import tensorflow as tf\ngpus = 1\ngpus_1 = 2\nc = tf.ConfigProto()\n")
    assert analysis.fresh("gpus", "gpus_1") not in {"gpus", "gpus_1"}
    assert analysis.fresh("limits") == "limits"
