"""`tf.contrib.learn.RunConfig(...).tf_config`: the ConfigProto it stood for, written out
where it is read, so that the session-config rewrite (TFM1xx) turns it into tf.config
calls in the same run.

tf.contrib.learn's RunConfig built its `tf_config` from three of its arguments (TF 1.x,
contrib/learn/python/learn/estimators/run_config.py):

    ConfigProto(log_device_placement=log_device_placement,
                inter_op_parallelism_threads=num_cores, intra_op_parallelism_threads=num_cores,
                gpu_options=GPUOptions(per_process_gpu_memory_fraction=gpu_memory_fraction))

with the defaults False, 0 and 1 (a fraction of 1 is every GPU's whole memory, unlike
GPUOptions' own default of 0). Its other arguments did nothing to `tf_config`; a RunConfig
read only for its `tf_config` has them dropped with a note. (Given to a tf.estimator
Estimator, the same RunConfig is rewritten with the Estimator: _estimator_run_config.py.)

Followed when the RunConfig is one `name = tf.contrib.learn.RunConfig(k=v, ...)` statement
whose every use is `name.tf_config` in the same scope, after it in its block or in a block
inside it (not past an `if` it sits under), or `RunConfig(...).tf_config` itself;
and every value it moves is a literal, or a name or attribute (`FLAGS.fraction`) that is
not bound again between the two.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate.rule import Finding, Replace
from tfmigrate.codemods._estimator_common import (
    CODE_DROPPED, CONTRIB_RUN_CONFIG, CONTRIB_RUN_CONFIG_ARGS, CODE_TF_CONFIG, _AnalysisBase,
)

TF_CONFIG_DEFAULTS = {"log_device_placement": "False", "num_cores": "0", "gpu_memory_fraction": "1"}


def value_roots(value: cst.BaseExpression) -> Optional[list[cst.Name]]:
    """The names a plain value reads: none for a literal, the root of a name or attribute
    chain (`FLAGS` of `FLAGS.fraction`), those of a list or tuple's items; None for
    anything else (a call, an operation), which is never moved."""
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
    if isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)):
        return []
    if isinstance(value, (cst.List, cst.Tuple)):
        roots: list[cst.Name] = []
        for element in value.elements:
            inner = None if isinstance(element, cst.StarredElement) else value_roots(element.value)
            if inner is None:
                return None
            roots += inner
        return roots
    while isinstance(value, cst.Attribute):
        value = value.value
    return [value] if isinstance(value, cst.Name) else None


class _ContribTfConfig(_AnalysisBase):
    def tf_config_findings(self) -> list[Finding]:
        findings: list[Finding] = []
        for call, name in self.calls():
            if name != CONTRIB_RUN_CONFIG:
                continue
            found = self.tf_config_of(call)
            if found is not None:
                findings.append(found)
        return findings

    def tf_config_of(self, call: cst.Call) -> Optional[Finding]:
        """The rewrite of one RunConfig read only for its tf_config, or None (the leftover
        report stands)."""
        if any(arg.keyword is None or arg.star for arg in call.args):
            return None
        given = {arg.keyword.value: arg for arg in call.args}  # type: ignore[union-attr]
        if not set(given) <= CONTRIB_RUN_CONFIG_ARGS or "session_config" in given:
            return None
        if not all(self.movable(arg.value) for arg in given.values()):
            return None
        parent = self.parents.get(call)
        if isinstance(parent, cst.Attribute) and parent.value is call and parent.attr.value == "tf_config":
            reads, removed = [parent], None
        else:
            stmt = self.statement_of(call)
            if self.assigned_name(call) is None or stmt is None:
                return None
            uses = self.references(call)
            reads = [self.parents.get(u) for u in uses]
            scope = self.scopes.get(call)
            if not uses or any(not (isinstance(r, cst.Attribute) and r.value is u and r.attr.value == "tf_config")
                               or self.scopes.get(u) is not scope or not self.runs_before(stmt, u)
                               for u, r in zip(uses, reads)):
                return None
            if any(self.rebound_between(arg.value, stmt, r) for arg in given.values() for r in reads):
                return None
            removed = stmt
        alias = self.tf2_alias()  # type: ignore[attr-defined]
        if alias is None:
            return None
        tf, imports = alias
        values = {key: self.code(given[key].value) if key in given else default
                  for key, default in TF_CONFIG_DEFAULTS.items()}
        parts = []
        if "log_device_placement" in given:
            parts.append(f"log_device_placement={values['log_device_placement']}")
        if "num_cores" in given:
            parts += [f"inter_op_parallelism_threads={values['num_cores']}",
                      f"intra_op_parallelism_threads={values['num_cores']}"]
        parts.append(f"gpu_options={tf}.compat.v1.GPUOptions(per_process_gpu_memory_fraction="
                     f"{values['gpu_memory_fraction']})")
        proto = f"{tf}.compat.v1.ConfigProto({', '.join(parts)})"
        edits = [Replace(r, cst.parse_expression(proto)) for r in reads]
        if removed is not None:
            edits.append(Replace(removed, cst.RemovalSentinel.REMOVE, keep_comments=True))
        notes = tuple(Finding(CODE_DROPPED, f"tf.contrib.learn.RunConfig({key}=...) dropped: the RunConfig was "
                              "read only for its tf_config, which it did not go into", arg)
                      for key, arg in given.items() if key not in TF_CONFIG_DEFAULTS)
        return Finding(CODE_TF_CONFIG, f"tf.contrib.learn.RunConfig(...).tf_config → {proto}, which the "
                       "session-config rewrite turns into tf.config calls", call, edits=tuple(edits),
                       add_imports=imports, remove_unused_imports=(("tensorflow.contrib", "learn"),), notes=notes,
                       rewrite_again=True)

    def runs_before(self, stmt: cst.CSTNode, read: cst.CSTNode) -> bool:
        """Does `stmt` always run before `read`: `read` comes after it, in its block or in a
        block inside it (never under an `if` that `stmt` sits in while `read` does not)?"""
        block = self.parents.get(stmt)
        return block is not None and self.encloses(block, read) and self.start(stmt) < self.start(read)

    def movable(self, value: cst.BaseExpression) -> bool:
        """A literal (a list or tuple of them too), or a name or attribute chain whose root is
        a name: the same value where it is moved, unless its name is bound again."""
        return value_roots(value) is not None

    def rebound_between(self, value: cst.BaseExpression, stmt: cst.CSTNode, read: cst.CSTNode) -> bool:
        """Is a root name of `value` bound anywhere in the file between `stmt` and `read`, or
        its attribute chain assigned there (`FLAGS.fraction = ...`)?"""
        return any(self.name_bound_between(root.value, stmt, read) for root in value_roots(value) or ()
                   if root.value not in ("True", "False", "None"))

    def name_bound_between(self, name: str, stmt: cst.CSTNode, read: cst.CSTNode) -> bool:
        start, end = self.start(stmt), self.start(read)
        for node in self.index.of(cst.Name):
            if node.value != name or not start < self.start(node) < end:
                continue
            parent = self.parents.get(node)
            while isinstance(parent, cst.Attribute):
                parent = self.parents.get(parent)
            if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.AsName, cst.Param)):
                return True
        return False
