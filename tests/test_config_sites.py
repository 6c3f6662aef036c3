"""codemods/_config_sites.py: the site model and SiteBase, the questions every concern asks."""

from __future__ import annotations

import libcst as cst

from tfmigrate.codemods._config_sites import SESSIONS, SiteBase, _remote_target, _Site
from tfmigrate.metadata import analyse


def _base(src: str) -> SiteBase:
    return SiteBase(analyse(cst.parse_module(src), src))


def _calls(base: SiteBase, name: str) -> list[cst.Call]:
    return [c for c in base.calls if base.callee(c) == name]


def test_a_config_is_named_through_any_tf_alias():
    base = _base("import tensorflow.compat.v1 as tf1\nimport tensorflow as tf\nt = tf.compat.v1\n"
                 "a = tf1.ConfigProto()\nb = t.ConfigProto()\nc = tf.ConfigProto()\n")
    assert len(_calls(base, "tf.ConfigProto")) == 3


def test_a_name_bound_to_something_else_is_not_tf():
    base = _base("import tensorflow as tf\ndef f(tf1):\n    return tf1.ConfigProto()\n")
    assert _calls(base, "tf.ConfigProto") == []


def test_statement_of_is_none_where_evaluation_is_conditional():
    base = _base("import tensorflow as tf\nc = tf.ConfigProto()\nd = tf.ConfigProto() if x else None\n")
    first, second = _calls(base, "tf.ConfigProto")
    assert base.code(base.statement_of(first)).strip() == "c = tf.ConfigProto()"
    assert base.statement_of(second) is None


def test_a_session_says_where_its_target_and_config_go():
    base = _base("import tensorflow as tf\ns = tf.Session('grpc://h:1', config=c)\n"
                 "m = tf.train.MonitoredTrainingSession(master=m, config=c)\n")
    session, monitored = _calls(base, "tf.Session")[0], _calls(base, "tf.train.MonitoredTrainingSession")[0]
    assert base.config_keyword(session) == "config" and base.session_target(session) == SESSIONS["tf.Session"]
    assert _remote_target(session, *base.session_target(session))  # a literal grpc:// target
    assert _remote_target(monitored, *base.session_target(monitored))  # a master that may be remote
    plain = _base("import tensorflow as tf\ns = tf.Session(config=c)\n")
    call = _calls(plain, "tf.Session")[0]
    assert not _remote_target(call, *plain.session_target(call))


def test_existing_tf_config_calls_are_indexed_by_setting():
    base = _base("import tensorflow as tf\ntf.config.set_soft_device_placement(True)\n"
                 "tf.config.threading.set_intra_op_parallelism_threads(2)\n")
    assert sorted(base.existing) == ["intra_threads", "soft_placement"]


def test_a_site_collects_its_problems():
    site = _Site(anchor=cst.Call(cst.Name("f")), scope=None)
    site.fail(site.anchor, "TFM120", "why")
    site.attach("gpu_options.allow_growth", [cst.Comment("# above")], [])
    site.attach("gpu_options.allow_growth", [], [cst.Comment("# beside")])
    assert site.problems == [(site.anchor, "TFM120", "why")]
    above, beside = site.field_comments["gpu_options.allow_growth"]
    assert [c.value for c in above] == ["# above"] and [c.value for c in beside] == ["# beside"]
