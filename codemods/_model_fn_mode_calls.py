"""One model called in every mode branch with that mode's training flag, as the official
models' mnist model_fn writes it:

    model = create_model(params["data_format"])
    if mode == tf.estimator.ModeKeys.PREDICT:
        logits = model(image, training=False)
        ...
        return tf.estimator.EstimatorSpec(mode, predictions=...)
    if mode == tf.estimator.ModeKeys.TRAIN:
        optimizer = tf.train.AdamOptimizer(...)
        logits = model(image, training=True)
        ...
    if mode == tf.estimator.ModeKeys.EVAL:
        logits = model(image, training=False)

Each mode ran exactly one of the copies, with `training=True` in TRAIN and `False` in the
others: that is one line `logits = model(image, training=mode == "train")` before the
branches, which a Keras model runs with its own training flag (fit as TRAIN, evaluate and
predict as the others). The line moves up only where that changes nothing each branch
computes: every branch has it once at its top level, with the same call and target; no
line of a branch before it binds a name the call reads or reads the name it binds; and
every branch ends in a return, so no mode runs two branches.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import libcst as cst

from tfmigrate.codemods._model_fn_common import MODE_KEYS, TRAIN, EVAL, PREDICT, NameOf, _names_used, _targets, _walk

_CODE = cst.Module([]).code_for_node


@dataclass
class ModeCalls:
    fn: cst.FunctionDef  # the model_fn with the branches' calls as one line before them
    # id(new node) -> the model_fn's node it stands for (where a report points)
    origin: dict[int, cst.CSTNode] = field(default_factory=dict)


def one_call_for_every_mode(fn: cst.FunctionDef, name_of: NameOf) -> ModeCalls:
    """The model_fn with each line every mode branch runs with its own training constant as
    one line before the branches, or as it was where there is none."""
    if not isinstance(fn.body, cst.IndentedBlock) or "mode" not in {p.name.value for p in fn.params.params}:
        return ModeCalls(fn)
    body = list(fn.body.body)
    first = next((i for i, s in enumerate(body) if _mode_arms(s, name_of) is not None), None)
    if first is None:
        return ModeCalls(fn)
    # Consecutive top-level `if mode == ...:` statements (elif chains included), each arm
    # ending in a return; the statements after them serve the modes no arm names.
    arms: list[tuple[str, cst.If]] = []
    last = first
    while last < len(body) and _mode_arms(body[last], name_of) is not None:
        arms += _mode_arms(body[last], name_of)  # type: ignore[operator]
        last += 1
    if not all(_returns(arm.body) for _, arm in arms) or len({m for m, _ in arms}) != len(arms):
        return ModeCalls(fn)
    rest_modes = {TRAIN, EVAL, PREDICT} - {m for m, _ in arms}
    rest = body[last:]
    blocks: list[tuple[str, list[cst.BaseStatement]]] = [(m, list(arm.body.body)) for m, arm in arms]
    if rest:
        if len(rest_modes) != 1:
            return ModeCalls(fn)
        blocks.append((next(iter(rest_modes)), rest))
    if TRAIN not in {m for m, _ in blocks}:
        return ModeCalls(fn)
    hoisted = _common_lines(blocks)
    if not hoisted:
        return ModeCalls(fn)
    origin: dict[int, cst.CSTNode] = {}
    new_lines = []
    for key in hoisted:
        stmt = next(s for _, lines in blocks for s in lines if _key(s) == (key, "True"))
        new_lines.append(_with_mode_flag(stmt, origin))
    new_body = body[:first] + new_lines
    gone = {id(s) for _, lines in blocks for s in lines if _key(s) is not None and _key(s)[0] in hoisted}
    for i in range(first, last):
        new_body.append(_without(body[i], gone, origin))
    new_body += [s for s in rest if id(s) not in gone]
    new = fn.with_changes(body=fn.body.with_changes(body=new_body))
    origin[id(new)] = fn
    origin[id(new.body)] = fn.body
    return ModeCalls(new, origin)


def _mode_arms(stmt: cst.CSTNode, name_of: NameOf) -> Optional[list[tuple[str, cst.If]]]:
    """(mode, arm) of `if mode == ModeKeys.X: ... elif mode == ModeKeys.Y: ...` with no else."""
    arms = []
    node: object = stmt
    while isinstance(node, cst.If):
        mode = _mode_of(node.test, name_of)
        if mode is None:
            return None
        arms.append((mode, node))
        node = node.orelse
    return arms if arms and node is None else None


def _mode_of(test: cst.BaseExpression, name_of: NameOf) -> Optional[str]:
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.Equal)):
        return None
    left, right = test.left, test.comparisons[0].comparator
    if isinstance(right, cst.Name) and right.value == "mode":
        left, right = right, left
    if not (isinstance(left, cst.Name) and left.value == "mode"):
        return None
    return MODE_KEYS.get(name_of(right) or "")


def _returns(block: cst.BaseSuite) -> bool:
    last = block.body[-1] if isinstance(block, cst.IndentedBlock) and block.body else None
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)


def _key(stmt: cst.CSTNode) -> Optional[tuple[str, str]]:
    """(`target = callee(args without training=)`, the training constant) of a line
    `target = callee(..., training=True|False)`, else None."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)
            and isinstance(small.value, cst.Call)):
        return None
    call = small.value
    flags = [a for a in call.args if a.keyword is not None and a.keyword.value == "training"]
    if len(flags) != 1 or not (isinstance(flags[0].value, cst.Name) and flags[0].value.value in ("True", "False")) \
            or any(a.star for a in call.args):
        return None
    rest = call.with_changes(args=[a for a in call.args if a is not flags[0]])
    return f"{small.targets[0].target.value} = {_CODE(rest)}", flags[0].value.value


def _common_lines(blocks: list[tuple[str, list[cst.BaseStatement]]]) -> list[str]:
    """The lines every block has once, with True in TRAIN and False elsewhere, that can move
    to the top of their block without changing what it computes."""
    found: Optional[set[str]] = None
    for mode, lines in blocks:
        here = set()
        keys = [_key(s) for s in lines]
        for i, key in enumerate(keys):
            if key is None or sum(1 for k in keys if k is not None and k[0] == key[0]) != 1:
                continue
            if key[1] != ("True" if mode == TRAIN else "False"):
                continue
            small = lines[i].body[0]  # type: ignore[union-attr]
            target = small.targets[0].target.value  # type: ignore[union-attr]
            reads = _names_used(small.value)  # type: ignore[union-attr]
            before = lines[:i]
            if any(_binds(s) & (reads | {target}) or target in _reads(s) for s in before):
                continue
            here.add(key[0])
        found = here if found is None else found & here
    return sorted(found or ())


def _binds(stmt: cst.CSTNode) -> set[str]:
    if isinstance(stmt, cst.SimpleStatementLine):
        return set().union(*(_targets(s) for s in stmt.body))
    if isinstance(stmt, (cst.For, cst.If)):
        return _targets(stmt)
    return {n.value for n in _walk(stmt) if isinstance(n, cst.Name)}  # anything else: every name it holds


def _reads(stmt: cst.CSTNode) -> set[str]:
    return {n.value for n in _walk(stmt) if isinstance(n, cst.Name)}


def _with_mode_flag(stmt: cst.SimpleStatementLine, origin: dict[int, cst.CSTNode]) -> cst.SimpleStatementLine:
    small = stmt.body[0]
    call = small.value  # type: ignore[union-attr]
    flag = cst.parse_expression('mode == "train"')
    args = [a.with_changes(value=flag) if a.keyword is not None and a.keyword.value == "training" else a
            for a in call.args]
    new = stmt.with_changes(body=[small.with_changes(value=call.with_changes(args=args))],
                            leading_lines=[])
    for node in (new, new.body[0], new.body[0].value, flag, *_walk(flag)):
        origin.setdefault(id(node), stmt)
    return new


def _without(stmt: cst.BaseStatement, gone: set[int], origin: dict[int, cst.CSTNode]) -> cst.BaseStatement:
    """The `if` chain with the moved lines taken out of its arms."""
    if not isinstance(stmt, cst.If):
        return stmt
    body = stmt.body
    kept = [s for s in body.body if id(s) not in gone]  # type: ignore[union-attr]
    new_body = body.with_changes(body=kept) if len(kept) != len(body.body) else body  # type: ignore[union-attr]
    orelse = _without(stmt.orelse, gone, origin) if isinstance(stmt.orelse, cst.If) else stmt.orelse
    new = stmt.with_changes(body=new_body, orelse=orelse)
    if new is not stmt:
        origin[id(new)] = stmt
        origin[id(new_body)] = body
    return new
