"""A TF1 LSTM or GRU cell run by `tf.nn.dynamic_rnn`, as Keras's LSTM or GRU layer, before the
model_fn's layers are mapped:

    cell = tf.nn.rnn_cell.LSTMCell(num_units=params["units"])
    outputs, state = tf.nn.dynamic_rnn(cell, features["sequence"],
                                       sequence_length=features["length"], dtype=tf.float32)
    logits = tf.layers.dense(state.h, 3)

becomes

    outputs, state_h, state_c = tf.keras.layers.LSTM(params["units"], return_sequences=True,
        return_state=True, zero_output_for_mask=True)(
        features["sequence"], mask=tf.sequence_mask(features["length"], tf.shape(features["sequence"])[1]))
    logits = tf.layers.dense(state_h, 3)

which the layer mapping then creates once in __init__ and calls in call().

What stays the same (TF 2.15's rnn_cell_impl LSTMCell and BasicLSTMCell; Keras 3.15's LSTM):
- the cell: sigmoid gates, tanh on the candidate and on the cell, no peepholes, projection
  or clipping. TF1 added `forget_bias` (1.0) to the forget gate and started every bias at 0;
  Keras starts the forget gate's bias at 1 (`unit_forget_bias`): the same function at every
  step, and the same gradients;
- `sequence_length`: TF1 carried each sequence's state on past its length and gave zeros as
  its outputs there; Keras's mask does both (`zero_output_for_mask`);
- the state, an LSTMStateTuple (c, h): `state.h` or `state[1]` is Keras's state_h, `state.c`
  or `state[0]` its state_c.

What differs: how the initial weights are drawn. TF1 drew the input and the recurrent kernel
as one Glorot-uniform matrix; Keras draws the input kernel Glorot-uniform and the recurrent
kernel orthogonal (said in the rewrite's notes). A constant initializer gives both the same
weights (the gate order differs, i-j-f-o against i-f-c-o, which a constant does not see);
an initializer of independent draws (uniform, normal, truncated normal) draws alike.

A GRUCell is Keras's GRU with reset_after=False (r applied to the state before its matmul,
new h = u * h + (1 - u) * c, as TF1's), its bias [z, r, h] starting at 1, 1, 0 as TF1's gate and
candidate biases did; its state is the last output, a tensor.

Anything else (another cell, MultiRNNCell, wrappers, an initial state, time-major inputs, an
LSTM state used whole) is left to the layer mapping, which reports the TF1 cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import libcst as cst

from tfmigrate.codemods._model_fn_common import NameOf, _walk

_CODE = cst.Module([]).code_for_node

LSTM_CELLS = frozenset({"tf.nn.rnn_cell.LSTMCell", "tf.nn.rnn_cell.BasicLSTMCell", "tf.contrib.rnn.LSTMCell",
                        "tf.contrib.rnn.BasicLSTMCell"})
GRU_CELLS = frozenset({"tf.nn.rnn_cell.GRUCell", "tf.contrib.rnn.GRUCell"})
DYNAMIC_RNN = frozenset({"tf.nn.dynamic_rnn"})
# Initializers that draw each weight alone (or give it one value): the joint TF1 matrix and
# Keras's two kernels get the same distribution.
ELEMENTWISE_INITIALIZERS = ("constant_initializer", "zeros_initializer", "ones_initializer",
                            "random_uniform_initializer", "random_normal_initializer",
                            "truncated_normal_initializer")
CELL_PARAMETERS = ("num_units", "forget_bias", "state_is_tuple", "activation", "reuse", "name")
LSTM_CELL_PARAMETERS = ("num_units", "use_peepholes", "cell_clip", "initializer", "num_proj", "proj_clip",
                        "num_unit_shards", "num_proj_shards", "forget_bias", "state_is_tuple", "activation", "reuse",
                        "name")
GRU_CELL_PARAMETERS = ("num_units", "activation", "reuse", "kernel_initializer", "bias_initializer", "name")
DYNAMIC_RNN_PARAMETERS = ("cell", "inputs", "sequence_length", "initial_state", "dtype", "parallel_iterations",
                          "swap_memory", "time_major", "scope")
DEFAULT_WEIGHTS = ("the LSTM's initial weights are drawn as Keras draws them (input kernel Glorot-uniform, "
                   "recurrent kernel orthogonal), where TF1 drew both as one Glorot-uniform matrix: training "
                   "starts from other weights of the same scale")


GRU_WEIGHTS = ("the GRU's initial kernels are drawn as Keras draws them (input kernel Glorot-uniform, recurrent "
               "kernel orthogonal), where TF1 drew the gates' and the candidate's as Glorot-uniform matrices over "
               "input and state together: training starts from other weights of the same scale")


@dataclass
class KerasRnn:
    fn: cst.FunctionDef  # the model_fn with each matched cell and dynamic_rnn as one Keras LSTM call
    # id(new node) -> the model_fn's node it stands for (where a report points)
    origin: dict[int, cst.CSTNode] = field(default_factory=dict)
    notes: list[tuple[cst.CSTNode, str]] = field(default_factory=list)  # (node, what differs)
    # id(new node) -> its TensorFlow name, for the calls written here (`tf.keras.layers.LSTM`)
    names: dict[int, str] = field(default_factory=dict)

    def name_of(self, name_of: NameOf) -> NameOf:
        """`name_of` that also knows the nodes written here: their TensorFlow names, and for a
        statement rebuilt around a renamed state, the name of the node each one stands for."""
        def named(node, *args, **kwargs):  # type: ignore[no-untyped-def]
            known = self.names.get(id(node))
            if known is not None:
                return known
            original = self.origin.get(id(node))
            if original is not None and original is not node and type(original) is type(node):
                return name_of(original, *args, **kwargs)
            return name_of(node, *args, **kwargs)

        return named


@dataclass
class _Match:
    cell_stmt: cst.SimpleStatementLine
    rnn_stmt: cst.SimpleStatementLine
    new_stmt: cst.SimpleStatementLine
    renames: dict[int, str]  # id(`state.h` / `state[1]` node) -> the Keras state's name
    note: Optional[str]
    copied: dict[int, cst.CSTNode]  # id(node copied into new_stmt) -> the model_fn's node
    tf: str  # the module's name for TensorFlow


def keras_lstm(fn: cst.FunctionDef, name_of: NameOf) -> KerasRnn:
    """The model_fn with each top-level `cell = LSTMCell(n)` and its one `outputs, state =
    dynamic_rnn(cell, ...)` as one Keras LSTM call, or as it was."""
    if not isinstance(fn.body, cst.IndentedBlock):
        return KerasRnn(fn)
    body = list(fn.body.body)
    taken = {n.value for n in _walk(fn) if isinstance(n, cst.Name)}
    matches = [m for m in (_match(stmt, body, fn, name_of, taken) for stmt in body) if m is not None]
    if not matches:
        return KerasRnn(fn)
    gone = {id(m.cell_stmt) for m in matches}
    replaced = {id(m.rnn_stmt): m.new_stmt for m in matches}
    new_body = [replaced.get(id(s), s) for s in body if id(s) not in gone]
    origin: dict[int, cst.CSTNode] = {}
    for m in matches:
        origin[id(m.new_stmt)] = m.rnn_stmt
        for node in _walk(m.new_stmt):
            origin[id(node)] = m.copied.get(id(node), m.rnn_stmt)
    renames = {k: v for m in matches for k, v in m.renames.items()}
    renamer = _Renamer(renames, origin)
    renamed = []
    for stmt in new_body:
        if any(id(n) in renames for n in _walk(stmt)):
            new = stmt.visit(renamer)
            _pair(stmt, new, renames, origin)  # a rebuilt statement's nodes stand for the model_fn's
            renamed.append(new)
        else:
            renamed.append(stmt)
    new_fn = fn.with_changes(body=fn.body.with_changes(body=renamed))
    origin[id(new_fn)] = fn
    origin[id(new_fn.body)] = fn.body
    notes = [(m.cell_stmt, m.note) for m in matches if m.note]
    names: dict[int, str] = {}
    for m in matches:
        for node in _walk(m.new_stmt):
            if id(node) not in m.copied and isinstance(node, (cst.Attribute, cst.Name)):
                dotted = _dotted(node)
                if dotted is not None and (dotted == m.tf or dotted.startswith(f"{m.tf}.")):
                    names[id(node)] = "tf" + dotted[len(m.tf):]  # written here: tf.keras.layers.LSTM, ...
    return KerasRnn(new_fn, origin, notes, names)  # type: ignore[arg-type]


def _dotted(node: cst.CSTNode) -> Optional[str]:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr.value}"
    return None


def _pair(old: cst.CSTNode, new: cst.CSTNode, renames: dict[int, str], origin: dict[int, cst.CSTNode]) -> None:
    origin.setdefault(id(new), old)
    if id(old) in renames:
        return
    for old_child, new_child in zip(old.children, new.children):
        _pair(old_child, new_child, renames, origin)


def _match(stmt: cst.CSTNode, body: list[cst.CSTNode], fn: cst.FunctionDef, name_of: NameOf,
           taken: set[str]) -> Optional[_Match]:
    cell_assign = _single_assign(stmt)
    if cell_assign is None or not isinstance(cell_assign.value, cst.Call) \
            or name_of(cell_assign.value.func) not in LSTM_CELLS | GRU_CELLS:
        return None
    gru = name_of(cell_assign.value.func) in GRU_CELLS
    cell_name = cell_assign.targets[0].target.value  # type: ignore[attr-defined]
    units, initializer, ok = _gru_options(cell_assign.value, name_of) if gru \
        else _cell_options(cell_assign.value, name_of)
    if not ok:
        return None
    uses = [n for n in _walk(fn) if isinstance(n, cst.Name) and n.value == cell_name]
    rnn_stmt = next((s for s in body[body.index(stmt) + 1:] if _rnn_call(s, name_of) is not None), None)
    if rnn_stmt is None:
        return None
    rnn_assign = _single_assign(rnn_stmt, targets=2)
    call = _rnn_call(rnn_stmt, name_of)
    if rnn_assign is None or call is None:
        return None
    given = _arguments(call, DYNAMIC_RNN_PARAMETERS)
    if given is None or not (isinstance(given.get("cell"), cst.Name) and given["cell"].value == cell_name) \
            or len(uses) != 2 or "inputs" not in given:  # the binding and this one use
        return None
    if not _is_none(given.get("initial_state")) or not _is_false(given.get("time_major")):
        return None
    outputs, state = (e.value for e in rnn_assign.targets[0].target.elements)  # type: ignore[attr-defined]
    if not (isinstance(outputs, cst.Name) and isinstance(state, cst.Name)):
        return None
    renames: dict[int, str] = {}
    names = {"h": "_", "c": "_"}
    if gru:
        pass  # a GRU's state is its last output, a tensor, as Keras returns it
    elif state.value != "_":
        if sum(1 for n in _walk(fn) if isinstance(n, cst.Name) and n.value == state.value) < 1:
            return None
        for part in ("h", "c"):
            name = f"{state.value}_{part}"
            while name in taken:
                name += "_"
            names[part] = name
        found = _state_uses(fn, state.value, rnn_assign)
        if found is None:
            return None
        for node, part in found:
            renames[id(node)] = names[part]
        taken |= set(names.values())
    tf = _tf_root(call.func, name_of)
    if tf is None:
        return None
    inputs = _CODE(given["inputs"])
    layer = [_CODE(units), "return_sequences=True", "return_state=True"]
    if gru:
        # TF1's GRUCell: r and u gates, then the candidate from r * state (Keras's reset_after=False);
        # its gate biases started at 1 and the candidate's at 0 (Keras's bias is [z, r, h]).
        n = _CODE(units) if isinstance(units, (cst.Name, cst.Integer, cst.Subscript, cst.Attribute)) \
            else f"({_CODE(units)})"
        layer += ["reset_after=False",
                  f"bias_initializer={tf}.keras.initializers.Constant([1.0] * (2 * {n}) + [0.0] * {n})"]
    if initializer is not None:
        layer += [f"kernel_initializer={_CODE(initializer)}", f"recurrent_initializer={_CODE(initializer)}"]
    arguments = [inputs]
    length = given.get("sequence_length")
    if length is not None and not _is_none(length):
        layer.append("zero_output_for_mask=True")
        arguments.append(f"mask={tf}.sequence_mask({_CODE(length)}, {tf}.shape({inputs})[1])")
    targets = f"{outputs.value}, {state.value}" if gru else f"{outputs.value}, {names['h']}, {names['c']}"
    text = f"{targets} = {tf}.keras.layers.{'GRU' if gru else 'LSTM'}({', '.join(layer)})({', '.join(arguments)})"
    new_stmt = rnn_stmt.with_changes(body=[cst.parse_statement(text).body[0]])  # type: ignore[attr-defined]
    # The expressions copied from the model_fn stand for the model_fn's own (their names,
    # bindings and positions are read through them).
    made: cst.Call = new_stmt.body[0].value  # type: ignore[attr-defined]
    copies: list[tuple[cst.CSTNode, cst.CSTNode]] = [(given["inputs"], made.args[0].value),
                                                     (units, made.func.args[0].value)]  # type: ignore[attr-defined]
    if initializer is not None:
        copies += [(initializer, a.value) for a in made.func.args if a.keyword is not None  # type: ignore[attr-defined]
                   and a.keyword.value in ("kernel_initializer", "recurrent_initializer")]
    if len(made.args) > 1:
        sequence_mask = made.args[1].value
        copies += [(length, sequence_mask.args[0].value),  # type: ignore[attr-defined]
                   (given["inputs"], sequence_mask.args[1].value.value.args[0].value)]  # type: ignore[attr-defined]
    copied: dict[int, cst.CSTNode] = {}
    for original, copy in copies:
        _pair(original, copy, {}, copied)
    note = (GRU_WEIGHTS if gru else DEFAULT_WEIGHTS) if initializer is None else None
    return _Match(stmt, rnn_stmt, new_stmt, renames, note, copied, tf)  # type: ignore[arg-type]


def _cell_options(call: cst.Call, name_of: NameOf) -> tuple[Optional[cst.BaseExpression], Optional[cst.BaseExpression], bool]:
    """(units, initializer or None, whether the cell is the plain LSTM Keras computes)."""
    basic = (name_of(call.func) or "").endswith("BasicLSTMCell")
    given = _arguments(call, CELL_PARAMETERS if basic else LSTM_CELL_PARAMETERS)
    if given is None or "num_units" not in given:
        return None, None, False
    for key, value in given.items():
        if key in ("num_units", "name", "initializer"):
            continue
        if key == "forget_bias" and isinstance(value, (cst.Float, cst.Integer)) and float(value.value) == 1.0:
            continue
        if key == "state_is_tuple" and isinstance(value, cst.Name) and value.value == "True":
            continue
        if key in ("use_peepholes",) and _is_false(value):
            continue
        if key in ("activation", "cell_clip", "num_proj", "proj_clip", "num_unit_shards", "num_proj_shards",
                   "reuse") and _is_none(value):
            continue
        return None, None, False
    initializer = given.get("initializer")
    if initializer is not None and not _is_none(initializer):
        called = name_of(initializer.func) if isinstance(initializer, cst.Call) else None
        if not (called and called.startswith("tf.") and called.rsplit(".", 1)[-1] in ELEMENTWISE_INITIALIZERS):
            return None, None, False
    else:
        initializer = None
    return given["num_units"], initializer, True


def _gru_options(call: cst.Call, name_of: NameOf) -> tuple[Optional[cst.BaseExpression], Optional[cst.BaseExpression], bool]:
    """(units, kernel initializer or None, whether the cell is the GRU Keras computes with
    reset_after=False and TF1's biases)."""
    given = _arguments(call, GRU_CELL_PARAMETERS)
    if given is None or "num_units" not in given:
        return None, None, False
    for key, value in given.items():
        if key in ("num_units", "name", "kernel_initializer"):
            continue
        if key in ("activation", "reuse", "bias_initializer") and _is_none(value):
            continue
        return None, None, False
    initializer = given.get("kernel_initializer")
    if initializer is not None and not _is_none(initializer):
        called = name_of(initializer.func) if isinstance(initializer, cst.Call) else None
        if not (called and called.startswith("tf.") and called.rsplit(".", 1)[-1] in ELEMENTWISE_INITIALIZERS):
            return None, None, False
    else:
        initializer = None
    return given["num_units"], initializer, True


def _state_uses(fn: cst.FunctionDef, state: str, binding: cst.Assign) -> Optional[list[tuple[cst.CSTNode, str]]]:
    """Each use of the LSTM state as `state.h` / `state.c` / `state[1]` / `state[0]`, or None
    when it is used otherwise (whole, or bound again)."""
    parents: dict[int, cst.CSTNode] = {}
    for node in _walk(fn):
        for child in node.children:
            parents[id(child)] = node
    bound = {id(n) for n in _walk(binding.targets[0].target)}
    found: list[tuple[cst.CSTNode, str]] = []
    for node in _walk(fn):
        if not isinstance(node, cst.Name) or node.value != state or id(node) in bound:
            continue
        parent = parents.get(id(node))
        if isinstance(parent, cst.Attribute) and parent.value is node and parent.attr.value in ("h", "c"):
            found.append((parent, parent.attr.value))
            continue
        if isinstance(parent, cst.Subscript) and parent.value is node and len(parent.slice) == 1 \
                and isinstance(parent.slice[0].slice, cst.Index) \
                and isinstance(parent.slice[0].slice.value, cst.Integer) \
                and parent.slice[0].slice.value.value in ("0", "1"):
            found.append((parent, "c" if parent.slice[0].slice.value.value == "0" else "h"))
            continue
        return None  # the state whole, or its name bound again
    return found


def _tf_root(func: cst.BaseExpression, name_of: NameOf) -> Optional[str]:
    """The module's name for TensorFlow, from `tf.nn.dynamic_rnn` (None when it is reached
    otherwise: the generated calls must name it)."""
    root = func
    while isinstance(root, cst.Attribute):
        root = root.value
    return root.value if isinstance(root, cst.Name) and name_of(root) == "tf" else None


def _single_assign(stmt: cst.CSTNode, targets: int = 1) -> Optional[cst.Assign]:
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1 or not isinstance(stmt.body[0], cst.Assign):
        return None
    assign = stmt.body[0]
    if len(assign.targets) != 1:
        return None
    target = assign.targets[0].target
    if targets == 1:
        return assign if isinstance(target, cst.Name) else None
    if isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == targets \
            and all(isinstance(e, cst.Element) for e in target.elements):
        return assign
    return None


def _rnn_call(stmt: cst.CSTNode, name_of: NameOf) -> Optional[cst.Call]:
    assign = _single_assign(stmt, targets=2)
    if assign is None or not isinstance(assign.value, cst.Call) or name_of(assign.value.func) not in DYNAMIC_RNN:
        return None
    return assign.value


def _arguments(call: cst.Call, names: tuple[str, ...]) -> Optional[dict[str, cst.BaseExpression]]:
    given: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            return None
        key = arg.keyword.value if arg.keyword else (names[i] if i < len(names) else None)
        if key is None or key not in names or key in given:
            return None
        given[key] = arg.value
    return given


def _is_none(node: Optional[cst.BaseExpression]) -> bool:
    return node is None or isinstance(node, cst.Name) and node.value == "None"


def _is_false(node: Optional[cst.BaseExpression]) -> bool:
    return node is None or isinstance(node, cst.Name) and node.value == "False"


class _Renamer(cst.CSTTransformer):
    def __init__(self, renames: dict[int, str], origin: dict[int, cst.CSTNode]) -> None:
        self.renames, self.origin = renames, origin

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        name = self.renames.get(id(original_node))
        if name is None:
            return updated_node
        new = cst.Name(name)
        self.origin[id(new)] = original_node
        return new
