"""TFM1xx: what takes a ConfigProto and ends in a plain `Session(config=…)`.

A session made without a config takes the process-wide settings (SEMANTICS fact 1), so
once the config has become tf.config calls, any consumer that hands it on to a plain
Session can simply lose the argument. Besides `tf.Session` itself and the monitored
sessions (config_proto.SESSIONS), these do:

* `tf.train.Supervisor(...).managed_session(config=c)` and `prepare_or_wait_for_session`
  (SessionManager._restore_checkpoint makes `Session(master, graph, config)`);
* `tf.train.SessionManager(...).prepare_session / wait_for_session / recover_session`;
* `slim.learning.train(..., session_config=c)` (a Supervisor's managed_session), and
  `slim.evaluation.evaluate_once / evaluation_loop(master, ..., session_config=c)`
  (a MonitoredSession over a ChiefSessionCreator), from tf.contrib.slim or tf_slim.

Each has a `master` argument: a distributed master keeps its own configuration, so only a
local one ('' or absent) is rewritten, as for `Session(target)`.

The call itself stays as written (a method keeps its receiver; `slim` stays slim): only
the config argument goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import libcst as cst


@dataclass(frozen=True)
class Consumer:
    keyword: str  # the argument that takes the config
    target_position: int  # where its master / target argument is, positionally
    target_keyword: str
    respell: bool = False  # tf.Session -> tf.compat.v1.Session (only the classes that left TF2's namespace)


_SLIM = ("tf.contrib.slim.", "tf_slim.", "slim.")
FUNCTIONS = {
    "learning.train": Consumer("session_config", 6, "master"),
    "evaluation.evaluate_once": Consumer("session_config", 0, "master"),
    "evaluation.evaluation_loop": Consumer("session_config", 0, "master"),
}
METHODS = {
    "tf.train.Supervisor": {
        "managed_session": Consumer("config", 0, "master"),
        "prepare_or_wait_for_session": Consumer("config", 0, "master"),
    },
    "tf.train.SessionManager": {
        "prepare_session": Consumer("config", 0, "master"),
        "wait_for_session": Consumer("config", 0, "master"),
        "recover_session": Consumer("config", 0, "master"),
    },
}


def consumer_of(analysis, call: cst.Call) -> Optional[Consumer]:
    """The consumer `call` is, if it is one of those above."""
    name = analysis.callee(call) or module_alias_name(analysis, call.func)
    if name is not None:
        for prefix in _SLIM:
            if name.startswith(prefix) and name[len(prefix):] in FUNCTIONS:
                return FUNCTIONS[name[len(prefix):]]
    func = call.func
    if isinstance(func, cst.Attribute):
        maker = receiver_class(analysis, func.value)
        if maker in METHODS:
            return METHODS[maker].get(func.attr.value)
    return None


def receiver_class(analysis, receiver: cst.BaseExpression) -> Optional[str]:
    """`tf.train.Supervisor` for `tf.train.Supervisor(...)` or for a name bound once, in
    its scope, to such a call; None for anything else (a parameter, an attribute)."""
    value: Optional[cst.CSTNode] = receiver
    if isinstance(receiver, cst.Name):
        scope = analysis.scopes.get(receiver)
        bindings = list(scope[receiver.value]) if scope is not None else []
        node = getattr(bindings[0], "node", None) if len(bindings) == 1 else None
        holder = analysis.parent(node) if isinstance(node, cst.Name) else None
        assign = analysis.parent(holder) if isinstance(holder, cst.AssignTarget) else None
        value = assign.value if isinstance(assign, cst.Assign) and len(assign.targets) == 1 else None
    if isinstance(value, cst.Call):
        return analysis.callee(value)
    return None


def module_alias_name(analysis, func: cst.BaseExpression) -> Optional[str]:
    """`slim.learning.train` where `slim = tf.contrib.slim` (bound once, at module level):
    'tf.contrib.slim.learning.train'."""
    parts: list[str] = []
    node = func
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if not isinstance(node, cst.Name) or not parts:
        return None
    scope = analysis.scopes.get(node)
    bindings = list(scope[node.value]) if scope is not None else []
    target = getattr(bindings[0], "node", None) if len(bindings) == 1 else None
    holder = analysis.parent(target) if isinstance(target, cst.Name) else None
    assign = analysis.parent(holder) if isinstance(holder, cst.AssignTarget) else None
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1 and isinstance(assign.value, cst.Attribute)):
        return None
    module = analysis.name_of(assign.value)
    return ".".join([module, *reversed(parts)]) if module else None


def without_config(call: cst.Call, consumer: Consumer) -> cst.Call:
    """`call` without its config argument (a trailing comma does not stay behind)."""
    args = [a for a in call.args if not (a.keyword and a.keyword.value == consumer.keyword)]
    if args and len(args) < len(call.args):
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return call.with_changes(args=args)


def target_text(call: cst.Call, position: int, keyword: str) -> str:
    """How a report names the master / target argument: "`FLAGS.master`" (or "a target")."""
    positional = [a for a in call.args if a.keyword is None and not a.star]
    for arg in call.args:
        if (arg.keyword is not None and arg.keyword.value == keyword) or \
                (arg.keyword is None and position < len(positional) and arg is positional[position]):
            return f"`{cst.Module([]).code_for_node(arg.value).strip()}` (a target that may not be this process)"
    return "a target tfmigrate cannot see (`*args`)"
