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
