"""codemods/_config_order.py: statements inside `with <graph>.as_default():` build a graph
and start no runtime (checked on TF 2.21 by tests/test_behaviour.py's
config_graph_scope_ops_before_config)."""

from __future__ import annotations

import libcst as cst

from tests.support import diagnostics
from tfmigrate.codemods import _config_order as order
from tfmigrate.metadata import parent_map


class _Parents:
    def __init__(self, module: cst.Module) -> None:
        self.parents = parent_map(module)

    def parent(self, node):
        return self.parents.get(node)


def _statement(src: str, text: str):
    module = cst.parse_module(src)
    for node in _walk(module):
        if isinstance(node, cst.SimpleStatementLine) and module.code_for_node(node).strip() == text:
            return _Parents(module), node
    raise AssertionError(text)


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


def test_a_graph_block_holds_its_statements():
    src = "with tf.Graph().as_default():\n    x = tf.constant(1)\n    def f():\n        y = 2\ny = 3\n"
    analysis, stmt = _statement(src, "x = tf.constant(1)")
    assert order.inside_graph_scope(analysis, stmt)
    analysis, stmt = _statement(src, "y = 2")  # a function runs when called, maybe elsewhere
    assert not order.inside_graph_scope(analysis, stmt)
    analysis, stmt = _statement(src, "y = 3")
    assert not order.inside_graph_scope(analysis, stmt)


def test_a_device_scope_inside_a_graph_is_graph_level():
    src = """\
        import tensorflow as tf
        with tf.Graph().as_default():
            with tf.device("/cpu:0"):
                x = tf.constant(1.0)
                config = tf.ConfigProto(intra_op_parallelism_threads=2)
                sess = tf.Session(config=config)
        """
    assert diagnostics(src) == []


# -- RunTimeOrder: the questions about the runtime, asked of a file on its own -----------------


def _order(src: str):
    from tfmigrate.codemods._config_order import RunTimeOrder
    from tfmigrate.metadata import analyse

    order_ = RunTimeOrder(analyse(cst.parse_module(src), src))  # no config analysis needed
    return order_, list(order_.module.body)


def test_an_op_starts_the_runtime_and_config_calls_do_not():
    runtime, body = _order("import os\nimport tensorflow as tf\ntf.config.set_soft_device_placement(True)\n"
                           "x = tf.constant(1)\nos.environ['CUDA_VISIBLE_DEVICES'] = '0'\nc = tf.ConfigProto()\n")
    assert [runtime.starts_runtime(s) for s in body] == [False, False, False, True, False, False]
    assert [runtime.changes_environment(s) for s in body] == [False, False, False, False, True, False]
    assert runtime.runtime_started_before(body[5], own_block=True) is body[3]


def test_a_function_that_runs_an_op_starts_the_runtime_where_it_is_called():
    runtime, body = _order("import tensorflow as tf\ndef build():\n    return tf.zeros([2])\n"
                           "def quiet():\n    return 1\nquiet()\nbuild()\nc = tf.ConfigProto()\n")
    assert not runtime.starts_runtime(body[3]) and runtime.starts_runtime(body[4])
    assert runtime.runtime_started_before(body[5], own_block=True) is body[4]


def test_graph_mode_and_graph_blocks_start_nothing():
    runtime, body = _order("import tensorflow as tf\ntf.disable_v2_behavior()\n"
                           "with tf.Graph().as_default():\n    x = tf.constant(1)\nc = tf.ConfigProto()\n")
    assert runtime.switches_to_graph_mode(body[1])
    assert not runtime.starts_runtime(body[2])


def test_a_caller_after_the_runtime_started_is_late():
    runtime, body = _order("import tensorflow as tf\ndef configure():\n    c = tf.ConfigProto()\n"
                           "x = tf.constant(1)\nconfigure()\n")
    late = runtime.late_call(body[1])
    assert late is not None and late[0] is body[2]
    runtime, body = _order("import tensorflow as tf\ndef configure():\n    c = tf.ConfigProto()\n"
                           "configure()\nx = tf.constant(1)\n")
    assert runtime.late_call(body[1]) is None
