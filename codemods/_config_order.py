"""TFM1xx run-time order: what may start TensorFlow's runtime before the calls.

In TF2 an op runs at once and starts the eager runtime, after which thread counts and
devices can no longer change. Inside `with <graph>.as_default():` it does not: the op is
only added to that graph (checked on TF 2.21: tf.constant, tf.Variable, an input queue,
an optimizer's minimize and a Saver in a `tf.Graph().as_default()` block, then
set_intra_op_parallelism_threads and a logical-device split still succeed). TF1 programs
build their graphs exactly that way, so statements in such a block are no runtime start.
"""

from __future__ import annotations

import libcst as cst


def builds_a_graph(item: cst.WithItem) -> bool:
    """`with graph.as_default():` (or `tf.Graph().as_default()`): the body builds a graph."""
    return isinstance(item.item, cst.Call) and isinstance(item.item.func, cst.Attribute) \
        and item.item.func.attr.value == "as_default"


def inside_graph_scope(analysis, node: cst.CSTNode) -> bool:
    """Is `node` in the body of a `with …as_default():` of its own function (or module)?"""
    cur, par = node, analysis.parent(node)
    while par is not None and not isinstance(par, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Module)):
        if isinstance(par, cst.With) and cur is par.body and any(builds_a_graph(i) for i in par.items):
            return True
        cur, par = par, analysis.parent(par)
    return False
