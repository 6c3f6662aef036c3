"""codemods/_config_dataflow.py: what a config is (its settings) and where it goes."""

from __future__ import annotations

import libcst as cst

from tfmigrate.codemods.config_proto import _Analysis
from tfmigrate.metadata import analyse


def _sites(src: str):
    analysis = _Analysis(analyse(cst.parse_module(src), src))
    return analysis, [analysis.build_site(c) for c in analysis.calls if analysis.callee(c) == "tf.ConfigProto"]


def test_keywords_nested_options_and_later_assignments_are_one_site():
    analysis, [site] = _sites(
        "import tensorflow as tf\n"
        "gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=0.5)\n"
        "config = tf.ConfigProto(gpu_options=gpu_options, allow_soft_placement=True)\n"
        "config.intra_op_parallelism_threads = 4\n"
        "sess = tf.Session(config=config)\n")
    assert sorted(site.fields) == ["allow_soft_placement", "gpu_options.per_process_gpu_memory_fraction",
                                   "intra_op_parallelism_threads"]
    assert site.fields["intra_op_parallelism_threads"].value.literal == 4
    assert [analysis.code(s).strip() for s in site.def_stmts][-1] == "config.intra_op_parallelism_threads = 4"
    assert len(site.session_calls) == 1 and site.problems == []


def test_a_value_that_is_not_a_literal_is_kept_as_code():
    analysis, [site] = _sites("import tensorflow as tf\ndef f(n):\n"
                              "    return tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=n))\n")
    value = site.fields["intra_op_parallelism_threads"].value
    assert not value.known and value.source == "n"
    assert site.inline_stmt is not None  # built inside the session call


def test_a_helper_that_returns_the_config_is_followed_to_its_callers():
    analysis, [site] = _sites("import tensorflow as tf\ndef get_config():\n"
                              "    return tf.ConfigProto(log_device_placement=True)\n"
                              "sess = tf.Session(config=get_config())\n")
    assert site.helper is not None and site.helper.name.value == "get_config"
    assert len(site.session_calls) == 1 and site.problems == []


def test_a_use_it_cannot_follow_is_said_in_words():
    analysis, sites = _sites("import tensorflow as tf\nconfigs = [tf.ConfigProto()]\n"
                             "run(tf.ConfigProto())\n")
    messages = [m for site in sites for _, code, m in site.problems if code == "TFM120"]
    assert any("stored in a dict, list or tuple" in m for m in messages)
    assert any("passed to `run(...)`" in m for m in messages)


def test_a_config_whose_tf_comes_from_another_module_is_reported():
    src = ("from models import *\nfrom pkg import tfv1 as tf1\nimport tensorflow as tf\n"
           "a = tf2.ConfigProto()\nb = tf1.ConfigProto()\nc = tf.ConfigProto()\n"
           "def f(tf):\n    return tf.ConfigProto()\ndef g(proto):\n    return proto.ConfigProto()\n")
    analysis = _Analysis(analyse(cst.parse_module(src), src))
    found = list(analysis.unresolved_configs())
    assert [(analysis.positions[f.node].start.line, f.code) for f in found] == [
        (4, "TFM120"), (5, "TFM120"), (8, "TFM120")]
    assert "`tf2` comes from `from models import *`" in found[0].message
    assert "`import tensorflow.compat.v1 as tf1` in this file" in found[1].message
    # #15: a parameter that hides TensorFlow's name is said, not passed over; `proto` may be anything
    assert "`tf` is TensorFlow: it is a parameter of `f()`" in found[2].message
    assert not any(f.fixable for f in found)
