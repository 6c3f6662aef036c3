"""One network built twice in a model_fn with shared weights: the training copy and the
inference copy, as the TensorFlow-Examples Estimator programs write it:

    logits_train = conv_net(features, num_classes, dropout, reuse=False, is_training=True)
    logits_test = conv_net(features, num_classes, dropout, reuse=True, is_training=False)

The helper opens `tf.variable_scope(name, reuse=reuse)`, so the second call makes no
variables of its own: both are one set of weights, and the calls differ only in the training
flag that dropout reads. A Keras model is that one network, run with Keras's own training
flag: fit runs it as the training copy and evaluate and predict as the inference copy. So
the pair becomes one call whose flag is the mode test (`mode == "train"`), and the inference
copy's name is read as the one call's.

TF1 computed the EVAL loss on whichever copy the loss read. When that is the training copy
(dropout on, the usual form), evaluate's loss must run the network in training: the result
says so, and the model's test_step computes the loss on `self(x, training=True)`, as TF1
did, while the metrics read the inference output. That holds only where running in training
changes nothing but dropout: a helper with batch normalization is not followed (Keras's
BatchNormalization updates its statistics when called in training, and TF1's EVAL never
ran those updates). The training copy may be read only by the loss, so that the metrics and
predictions keep reading what TF1's read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

import libcst as cst

from tfmigrate.codemods._model_fn_common import NameOf, _walk
from tfmigrate.codemods._model_fn_helpers import NAMING_SCOPES, _Refused, _Renamer, call_arguments

REUSED = {"True", "tf.AUTO_REUSE", "tf.compat.v1.AUTO_REUSE"}
NOT_REUSED = {"False", "None"}
TRAINING_ONLY = ("tf.layers.batch_normalization", "tf.layers.BatchNormalization",
                 "tf.compat.v1.layers.batch_normalization", "tf.compat.v1.layers.BatchNormalization",
                 "tf.contrib.layers.batch_norm", "tf.keras.layers.BatchNormalization")
LOSSES = ("tf.losses.", "tf.compat.v1.losses.", "tf.nn.")


@dataclass
class SharedNetwork:
    fn: cst.FunctionDef  # the model_fn with the pair as one call
    eval_loss_in_training: bool = False  # TF1's EVAL loss read the training copy
    # id(new node) -> the model_fn's node it stands for (where a report points)
    origin: dict[int, cst.CSTNode] = field(default_factory=dict)
    refused: Optional[tuple[cst.CSTNode, str]] = None  # a pair with no faithful Keras form: where, why
    helper: Optional[cst.FunctionDef] = None  # the helper whose two copies became one call


class _NotOne(Exception):
    """A training and an inference copy that one Keras model cannot be: the reason."""

    def __init__(self, node: cst.CSTNode, reason: str) -> None:
        super().__init__(reason)
        self.node = node


def one_network(fn: cst.FunctionDef, name_of: NameOf,
                binding: Optional[Callable[[cst.Name], Optional[cst.CSTNode]]]) -> SharedNetwork:
    """The model_fn with its training and inference copies of one network as one call, or as
    it was where there is no such pair."""
    if binding is None or not isinstance(fn.body, cst.IndentedBlock) \
            or "mode" not in {p.name.value for p in fn.params.params}:
        return SharedNetwork(fn)
    calls = []  # (index, target name, call, helper) of the model_fn's `name = helper(...)` lines
    for i, stmt in enumerate(fn.body.body):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Name):
            helper = binding(small.value.func)
            if isinstance(helper, cst.FunctionDef):
                calls.append((i, small.targets[0].target.value, small.value, helper))
    for a, (i, first, first_call, helper) in enumerate(calls):
        for j, second, second_call, other in calls[a + 1:]:
            if other is not helper:
                continue
            try:
                found = _pair(fn, helper, first, first_call, second, second_call, name_of)
            except _NotOne as e:
                return SharedNetwork(fn, refused=(e.node, str(e)))
            if found is not None:
                return _collapsed(fn, helper, i, j, second, first, first_call, *found)
    return SharedNetwork(fn)


def _arguments(helper: cst.FunctionDef, call: cst.Call) -> Optional[dict[str, cst.BaseExpression]]:
    """Parameter -> the argument the call gives it (or its default), every parameter given."""
    try:
        given = call_arguments(helper, call)
    except _Refused:
        return None
    every = {p.name.value for p in (*helper.params.params, *helper.params.kwonly_params)}
    return given if set(given) == every else None


def _pair(fn: cst.FunctionDef, helper: cst.FunctionDef, first: str, first_call: cst.Call, second: str,
          second_call: cst.Call, name_of: NameOf) -> Optional[tuple[str, bool]]:
    """(the training flag's parameter, whether the first call is the training copy) when the
    second call reuses the first one's variables and the calls differ only in that flag."""
    code = cst.Module([]).code_for_node
    a, b = _arguments(helper, first_call), _arguments(helper, second_call)
    if a is None or b is None or "reuse" not in a:
        return None
    # `reuse` is read only as the reuse= of the helper's variable scopes
    keywords = {id(arg.keyword) for arg in _walk(helper.body) if isinstance(arg, cst.Arg) and arg.keyword}
    reads = [n for n in _walk(helper.body) if isinstance(n, cst.Name) and n.value == "reuse" and id(n) not in keywords]
    scoped = [arg.value for n in _walk(helper.body) if isinstance(n, cst.Call) and name_of(n.func) in NAMING_SCOPES
              for arg in n.args if arg.keyword is not None and arg.keyword.value == "reuse"]
    if not reads or len(reads) != len(scoped) or not all(any(r is s for s in scoped) for r in reads):
        return None
    if code(a["reuse"]) not in NOT_REUSED or (name_of(b["reuse"]) or code(b["reuse"])) not in REUSED:
        return None
    differ = [p for p in a if p != "reuse" and code(a[p]) != code(b[p])]
    if len(differ) != 1 or {code(a[differ[0]]), code(b[differ[0]])} != {"True", "False"}:
        return None
    copies = f"`{first}` and `{second}` are a training and an inference copy of `{helper.name.value}(...)` (reuse=True)"
    if any(name_of(n.func) in TRAINING_ONLY for n in _walk(helper.body) if isinstance(n, cst.Call)):
        raise _NotOne(second_call, f"{copies} with batch normalization: TF1's EVAL loss ran the training copy on "
                      "batch statistics without updating the moving ones, and a Keras model run in training "
                      "updates them; migrate by hand")
    flag = differ[0]
    if not any(isinstance(arg.value, cst.Name) and arg.value.value in ("True", "False")
               for arg in first_call.args):  # the flag given in the call, not a default
        return None
    # Each name bound once; the training copy read only by the loss.
    bound = [t for t in _walk(fn.body) if isinstance(t, cst.AssignTarget)
             for n in _walk(t.target) if isinstance(n, cst.Name) and n.value in (first, second)]
    if len(bound) != 2:
        return None
    training_first = code(a[flag]) == "True"
    training = first if training_first else second
    read_by_loss = False
    for stmt in _walk(fn.body):
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        if any(isinstance(n, cst.Name) and n.value == training for n in _walk(stmt)) \
                and not any(isinstance(n, cst.AssignTarget) and isinstance(n.target, cst.Name)
                            and n.target.value == training for n in _walk(stmt)):
            small = stmt.body[0] if len(stmt.body) == 1 else None
            if not (isinstance(small, cst.Assign) and any(
                    isinstance(n, cst.Call) and (name_of(n.func) or "").startswith(LOSSES) for n in _walk(small.value))):
                raise _NotOne(stmt, f"{copies}, and the training copy `{training}` is read by more than the loss: "
                              "TF1 computed that with dropout on also in EVAL and PREDICT, which one Keras model "
                              "run by evaluate and predict does not; migrate by hand")
            read_by_loss = True
    return flag, read_by_loss


def _collapsed(fn: cst.FunctionDef, helper: cst.FunctionDef, i: int, j: int, second: str, first: str,
               first_call: cst.Call, flag: str, read_by_loss: bool) -> SharedNetwork:
    """The first call with the mode test as its training flag, the second line gone, and the
    second name read as the first."""
    order = [p.name.value for p in helper.params.params]
    args = []
    for k, arg in enumerate(first_call.args):
        key = arg.keyword.value if arg.keyword is not None else (order[k] if k < len(order) else None)
        args.append(arg.with_changes(value=cst.parse_expression('mode == "train"')) if key == flag else arg)
    body = list(fn.body.body)  # type: ignore[union-attr]
    origin: dict[int, cst.CSTNode] = {}
    stmt = body[i]
    small = stmt.body[0]  # type: ignore[union-attr]
    call = first_call.with_changes(args=args)
    body[i] = stmt.with_changes(body=[small.with_changes(value=call)])
    for node in _walk(body[i]):
        origin.setdefault(id(node), stmt)
    del body[j]
    rename = _Renamer({second: first}, {})
    for k in range(i + 1, len(body)):
        renamed = body[k].visit(rename)
        if renamed is not body[k]:
            kept = {id(node) for node in _walk(body[k])}
            for node in _walk(renamed):
                if id(node) not in kept:
                    origin.setdefault(id(node), body[k])
            body[k] = renamed  # type: ignore[call-overload]
    new = fn.with_changes(body=fn.body.with_changes(body=body))
    origin[id(new)] = fn
    return SharedNetwork(new, eval_loss_in_training=read_by_loss, origin=origin, helper=helper)
