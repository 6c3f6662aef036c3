"""codemods/_config_conflicts.py: a setting made already is not emitted twice; one made
differently leaves the config (TFM122)."""

from __future__ import annotations

import libcst as cst

from tfmigrate.codemods import _config_plan as config_plan
from tfmigrate.codemods.config_proto import _Analysis
from tfmigrate.metadata import analyse

SRC = ("import tensorflow as tf\ntf.config.threading.set_intra_op_parallelism_threads({n})\n"
       "c = tf.ConfigProto(intra_op_parallelism_threads=2, inter_op_parallelism_threads=3)\n"
       "s = tf.Session(config=c)\n")


def _dedupe(src: str):
    analysis = _Analysis(analyse(cst.parse_module(src), src))
    site = analysis.build_site(next(c for c in analysis.calls if analysis.callee(c) == "tf.ConfigProto"))
    actions = config_plan.plan({k: v.value for k, v in site.fields.items()}).actions
    kept = analysis.dedupe(site, actions)
    return [a.key for a in actions], kept and [a.key for a in kept], [code for _, code, _ in site.problems]


def test_the_same_setting_made_before_is_not_emitted_again():
    assert _dedupe(SRC.format(n=2)) == (["intra_threads", "inter_threads"], ["inter_threads"], [])


def test_a_setting_made_differently_leaves_the_config():
    actions, kept, codes = _dedupe(SRC.format(n=4))
    assert kept is None and codes == ["TFM122"]


def test_a_later_call_clashes_only_for_a_setting_fixed_once_the_runtime_runs():
    later = ("import tensorflow as tf\nc = tf.ConfigProto({field}={ours})\ns = tf.Session(config=c)\n"
             "def elsewhere():\n    {call}({theirs})\n")
    actions, kept, codes = _dedupe(later.format(field="allow_soft_placement", ours="True",
                                                call="tf.config.set_soft_device_placement", theirs="False"))
    assert kept == actions and codes == []  # the later call takes over, as the next session's config did
    actions, kept, codes = _dedupe(later.format(field="intra_op_parallelism_threads", ours="2",
                                                call="tf.config.threading.set_intra_op_parallelism_threads",
                                                theirs="4"))
    assert kept is None and codes == ["TFM122"]  # one of the two would raise once the runtime runs
