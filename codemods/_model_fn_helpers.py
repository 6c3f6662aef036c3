"""The model_fn's helpers that build part of the model (`def conv_block(x, filters, training):
... return net`, called several times), written out at each call site before the model_fn
is translated.

TF1 made new variables at every call of such a helper (tf.layers uniquifies its layer
names; a variable scope only prefixes them), so each call site gets layers of its own,
which the translation then creates once in the Keras model's __init__, as for the model_fn's
own statements. A helper is followed only where that is exactly what it did:
- it is defined once at the top of this module, and called as `name = helper(...)` on a
  line of its own, with positional or keyword arguments (defaults filled in);
- its body is straight-line code: assignments to plain names, `with` scopes that only
  prefix names, logging calls, and one `return` at the end; helpers it calls are followed
  the same way (not recursively);
- it does not change anything outside itself (no `global`, no assignment to attributes or
  items, no `.append(...)`), does not share variables (`reuse=`), and reads no name the
  model_fn binds for itself.
Anything else is left alone, and the translation reports the call with the reason.

A helper that makes the optimizer or the train_op (`def _train_op_fn(loss, lr): optimizer = ...; with
tf.control_dependencies(update_ops): return optimizer.minimize(loss, global_step=...)`) is
written out the same way, also where its call is an argument of the EstimatorSpec
(`train_op=_train_op_fn(loss, params["lr"])`): the call is first bound to a name of its own
on the line before, which runs it at the same point, since the arguments before it are
plain names or constants. Its body may end in one `with tf.control_dependencies(...)`
around the return, and may read the UPDATE_OPS collection.

The helper's parameters become the call's arguments (a name or constant as it is, anything
else first bound to a name of its own); its locals are renamed `<helper><n>_<local>` so that
the copies neither clash with the model_fn's names nor with each other. Nodes that are not
renamed stay the module's own, so their TensorFlow names still resolve.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import libcst as cst

from tfmigrate.codemods._model_fn_common import (
    KERAS_LAYER_MODULES, NameOf, TF1_GRAPH_OPS, _walk, is_contrib_layer, is_static_shape_access,
)

NAMING_SCOPES = {"tf.variable_scope", "tf.name_scope", "tf.compat.v1.variable_scope"}
# Calls whose only effect was logging or summaries.
LOGGING = ("tf.summary.", "tf.logging.", "tf.print", "tf.compat.v1.summary.", "tf.compat.v1.logging.")
_MUTATORS = frozenset({"append", "extend", "insert", "update", "setdefault", "add", "pop", "remove", "clear"})
MAX_DEPTH = 8


@dataclass
class Inlined:
    """The model_fn with its helpers written out, and how to point back at the source."""

    fn: cst.FunctionDef
    # id(new node) -> (the original node it stands for, the helper's name or None)
    origin: dict[int, tuple[cst.CSTNode, Optional[str]]] = field(default_factory=dict)
    # id(call of a helper that builds layers) -> why it was not followed
    refused: dict[int, str] = field(default_factory=dict)
    followed: list[cst.FunctionDef] = field(default_factory=list)  # helpers written out, in order
    nested: list[cst.FunctionDef] = field(default_factory=list)  # of those, the ones defined in the model_fn


class _Refused(Exception):
    pass


def builds_layers(fn: cst.FunctionDef, name_of: NameOf, binding: Callable[[cst.Name], Optional[cst.CSTNode]],
                  seen: Optional[set[str]] = None) -> bool:
    """Does the helper (or one it calls) make layers or variables, which TF1 made per call?"""
    seen = set() if seen is None else seen
    if fn.name.value in seen or len(seen) > MAX_DEPTH or keras_model_factory(fn, name_of):
        return False
    seen.add(fn.name.value)
    for node in _walk(fn.body):
        if not isinstance(node, cst.Call):
            continue
        name = name_of(node.func) or ""
        if name.startswith(("tf.layers.", "tf.get_variable") + TF1_GRAPH_OPS) or is_contrib_layer(name):
            return True
        if name.startswith(KERAS_LAYER_MODULES) and name.rsplit(".", 1)[-1][:1].isupper():
            return True
        if isinstance(node.func, cst.Name):
            bound = binding(node.func)
            if isinstance(bound, cst.FunctionDef) and builds_layers(bound, name_of, binding, seen):
                return True
    return False


# A whole Keras model made in one call (`tf.keras.Sequential([...])`, `tf.keras.Model(inputs,
# outputs)`): in TF1 the model_fn made it once per graph, so the Keras model makes it once, in
# __init__, and calls it (codemods/_model_fn_layers.py, keras_model_object).
KERAS_MODELS = frozenset({"tf.keras.Sequential", "tf.keras.models.Sequential", "tf.keras.Model",
                          "tf.keras.models.Model"})


def keras_model_factory(fn: cst.FunctionDef, name_of: NameOf) -> bool:
    """A helper whose every return makes a whole Keras model (`def create_model(data_format):
    l = tf.keras.layers; return tf.keras.Sequential([...])`). It is not written out: the
    model object it returns is made once, where the Keras model's __init__ calls it."""
    returns = [n for n in _walk(fn.body) if isinstance(n, cst.Return)]
    return bool(returns) and all(isinstance(r.value, cst.Call) and (name_of(r.value.func) or "") in KERAS_MODELS
                                 for r in returns)


TRAIN_OP_METHODS = frozenset({"minimize", "apply_gradients"})
CONTROL_DEPENDENCIES = frozenset({"tf.control_dependencies", "tf.compat.v1.control_dependencies"})
UPDATE_OPS = "tf.GraphKeys.UPDATE_OPS"


def makes_train_op(fn: cst.FunctionDef, name_of: Optional[NameOf] = None) -> bool:
    """Does the helper call an optimizer's minimize / apply_gradients (the train_op), or make
    a tf.train optimizer (`def get_optimizer(params): return tf.train.AdamOptimizer(...)`)?"""
    for node in _walk(fn.body):
        if not isinstance(node, cst.Call):
            continue
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in TRAIN_OP_METHODS:
            return True
        name = (name_of(node.func) or "") if name_of is not None else ""
        if name.startswith("tf.train.") and name.endswith("Optimizer"):
            return True
    return False


SCORES = ("tf.losses.", "tf.metrics.")


def computes_scores(fn: cst.FunctionDef, name_of: NameOf) -> bool:
    """Does the helper compute a tf.losses loss or tf.metrics metrics (`def get_loss(labels,
    logits): return tf.losses.sparse_softmax_cross_entropy(...)`, `def eval_metrics(labels,
    predictions): return {"accuracy": tf.metrics.accuracy(...)}`)? Written out at its call,
    the model_fn's own loss and metrics mappings read it."""
    return any(isinstance(node, cst.Call) and (name_of(node.func) or "").startswith(SCORES)
               for node in _walk(fn.body))


class _Renamer(cst.CSTTransformer):
    """Renames the helper's locals and puts the call's arguments in place of its parameters;
    a subtree it does not change stays the very same node (its metadata still applies)."""

    def __init__(self, names: dict[str, str], values: dict[str, cst.BaseExpression]) -> None:
        self.names, self.values = names, values

    def leave_Attribute(self, original_node: cst.Attribute, updated_node: cst.Attribute) -> cst.BaseExpression:
        if updated_node.attr is not original_node.attr:  # `.attr` is not a variable
            updated_node = updated_node.with_changes(attr=original_node.attr)
        return self.same(original_node, updated_node)

    def leave_Arg(self, original_node: cst.Arg, updated_node: cst.Arg) -> cst.Arg:
        if original_node.keyword is not None and updated_node.keyword is not original_node.keyword:
            updated_node = updated_node.with_changes(keyword=original_node.keyword)  # `training=` is no variable
        return self.same(original_node, updated_node)

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        if original_node.value in self.values:
            return self.values[original_node.value]
        if original_node.value in self.names:
            return cst.Name(self.names[original_node.value])
        return original_node

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        updated_node = super().on_leave(original_node, updated_node)
        if isinstance(updated_node, cst.CSTNode) and not isinstance(original_node, cst.Name):
            return self.same(original_node, updated_node)
        return updated_node

    @staticmethod
    def same(original: cst.CSTNode, updated: cst.CSTNode):  # type: ignore[no-untyped-def]
        if type(original) is type(updated):
            old, new = original.children, updated.children
            if len(old) == len(new) and all(a is b for a, b in zip(old, new)):
                return original
        return updated


def call_arguments(helper: cst.FunctionDef, call: cst.Call) -> dict[str, cst.BaseExpression]:
    """Parameter -> what the call gives it, or its default (a parameter with neither is
    missing); _Refused where the call and the parameters do not match plainly."""
    params = helper.params
    if params.star_arg is not cst.MaybeSentinel.DEFAULT or params.star_kwarg or params.posonly_params:
        raise _Refused("it takes *args, **kwargs or positional-only parameters")
    order = [p.name.value for p in params.params]
    every = order + [p.name.value for p in params.kwonly_params]
    given: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            raise _Refused("the call unpacks arguments")
        key = arg.keyword.value if arg.keyword is not None else (order[i] if i < len(order) else None)
        if key is None or key not in every or key in given:
            raise _Refused("its arguments do not match its parameters")
        given[key] = arg.value
    defaults = {p.name.value: p.default for p in (*params.params, *params.kwonly_params) if p.default is not None}
    return {**defaults, **given}


class _Inliner:
    def __init__(self, fn: cst.FunctionDef, name_of: NameOf, binding: Callable[[cst.Name], Optional[cst.CSTNode]],
                 parent: Optional[Callable[[cst.CSTNode], Optional[cst.CSTNode]]], taken: set[str],
                 original: Optional[cst.FunctionDef] = None) -> None:
        self.fn, self.name_of, self.binding, self.parent = fn, name_of, binding, parent
        self.original = original or fn  # the model_fn's node in the module (where its helpers are)
        self.result = Inlined(fn)
        self.counts: dict[str, int] = {}
        self.given: dict[str, cst.BaseExpression] = {}  # the arguments of the call being written out
        self.hoisted: set[int] = set()  # id(train-op helper call) written out on the lines before its own
        self.wrapped: Optional[tuple[int, cst.With]] = None  # straight_body's: from where a `with` holds the rest
        # Names the copies must not take: the model_fn's, the module's and the generated code's.
        self.used = set(taken) | {n.value for n in _walk(fn) if isinstance(n, cst.Name)}
        # The model_fn's own names (parameters and what it binds): a helper reading a module-level
        # name of the same spelling would read the model_fn's once written out there.
        self.fn_locals = {p.name.value for p in fn.params.params}
        for node in _walk(fn.body):
            targets = [node.target] if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For)) \
                else [node.asname.name] if isinstance(node, cst.WithItem) and node.asname is not None else []
            self.fn_locals |= {n.value for t in targets for n in _walk(t) if isinstance(n, cst.Name)}

    # -- the model_fn's blocks -----------------------------------------------------------------

    def run(self) -> Inlined:
        body = self.block(self.fn.body, ())
        body = self.without_written_out_defs(body)
        if body is not self.fn.body:
            new = self.fn.with_changes(body=body)
            self.result.origin[id(new)] = (self.fn, None)
            self.result.fn = new
        return self.result

    def block(self, block, stack: tuple[str, ...]):  # type: ignore[no-untyped-def]
        if not isinstance(block, cst.IndentedBlock):
            return block
        out: list[cst.BaseStatement] = []
        changed = False
        for stmt in block.body:
            new = self.statement(stmt, stack)
            changed |= not (len(new) == 1 and new[0] is stmt)
            out += new
        if not changed:
            return block
        updated = block.with_changes(body=out)
        return updated

    def statement(self, stmt: cst.BaseStatement, stack: tuple[str, ...]) -> list[cst.BaseStatement]:
        if isinstance(stmt, cst.SimpleStatementLine):
            branched = self.conditional_call(stmt)
            if branched is not None:
                return self.statement(branched, stack)
            call = self.helper_call(stmt)
            if call is None:
                return [stmt]
            helper = self.binding(call.func)  # type: ignore[arg-type]
            assert isinstance(helper, cst.FunctionDef)
            try:
                if id(call) in self.hoisted:
                    return self.hoist(stmt, call, helper, stack)
                return self.inline(stmt, call, helper, stack)
            except _Refused as e:
                self.result.refused[id(call)] = str(e)
                return [stmt]
        if isinstance(stmt, (cst.If, cst.For, cst.With, cst.While, cst.Try)):
            changes = {}
            body = self.block(stmt.body, stack)
            if body is not stmt.body:
                changes["body"] = body
            orelse = getattr(stmt, "orelse", None)
            if isinstance(orelse, cst.If):
                new_else = self.statement(orelse, stack)
                if new_else[0] is not orelse:
                    changes["orelse"] = new_else[0]
            elif isinstance(orelse, cst.Else):
                else_body = self.block(orelse.body, stack)
                if else_body is not orelse.body:
                    changes["orelse"] = orelse.with_changes(body=else_body)
            if not changes:
                return [stmt]
            new = stmt.with_changes(**changes)
            self.result.origin[id(new)] = (stmt, None)
            return [new]
        return [stmt]

    def conditional_call(self, stmt: cst.SimpleStatementLine) -> Optional[cst.If]:
        """`train_op = create_train_op(loss, params) if is_training else None`: the same choice as
        an `if`/`else` statement, which runs only the arm it takes as the expression did, so that
        the helper is written out in its arm (and the mode test read as one)."""
        small = stmt.body[0] if len(stmt.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.IfExp)):
            return None
        choice = small.value
        helpers = [n for arm in (choice.body, choice.orelse) for n in _walk(arm)
                   if isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and self.written_out(n.func)]
        if not helpers:
            return None

        def arm(value: cst.BaseExpression) -> cst.IndentedBlock:
            return cst.IndentedBlock(body=[cst.SimpleStatementLine([small.with_changes(value=value)])])

        branched = cst.If(test=choice.test, body=arm(choice.body), orelse=cst.Else(body=arm(choice.orelse)),
                          leading_lines=stmt.leading_lines)
        for node in (branched, branched.body, branched.orelse, *branched.body.body, *branched.orelse.body.body):
            self.result.origin[id(node)] = (stmt, None)
        return branched

    def written_out(self, func: cst.Name) -> bool:
        """Is `func` a helper this pass writes out at its calls (layers, loss, metrics, train_op)?"""
        helper = self.binding(func)
        return isinstance(helper, cst.FunctionDef) and (
            makes_train_op(helper, self.name_of) or computes_scores(helper, self.name_of)
            or builds_layers(helper, self.name_of, self.binding))

    def helper_call(self, stmt: cst.SimpleStatementLine) -> Optional[cst.Call]:
        """The helper call that builds layers in `stmt`, if `stmt` is `name = helper(...)`.
        Other uses of such a helper are left for the translation to report."""
        for node in _walk(stmt):
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
                helper = self.binding(node.func)
                if not isinstance(helper, cst.FunctionDef):
                    continue
                # A train_op, loss or metrics helper may also be written out before the line it is an
                # argument of (`return EstimatorSpec(mode, loss=loss, train_op=helper(...))`).
                train_op = makes_train_op(helper, self.name_of) or computes_scores(helper, self.name_of)
                if train_op or builds_layers(helper, self.name_of, self.binding):
                    small = stmt.body[0]
                    if len(stmt.body) == 1 and isinstance(small, cst.Assign) and small.value is node \
                            and len(small.targets) == 1 and (isinstance(small.targets[0].target, cst.Name) or (
                                train_op and self.names_tuple(small.targets[0].target))):
                        return node  # `loss = helper(...)`, or `total, data_loss = loss_helper(...)`
                    if train_op and self.argument_first_run(stmt, node):
                        self.hoisted.add(id(node))
                        return node
                    self.result.refused[id(node)] = (
                        "it is called after arguments that compute something, and written out on the lines "
                        "before it would run first" if train_op and self.argument_of_line(stmt, node) else
                        "its result is not assigned to a name on a line of its own")
        return None

    @staticmethod
    def line_call(stmt: cst.SimpleStatementLine) -> Optional[cst.Call]:
        """The call that is the line's value: `return f(...)`, `f(...)`, `x = f(...)`."""
        small = stmt.body[0] if len(stmt.body) == 1 else None
        outer = small.value if isinstance(small, (cst.Return, cst.Expr)) or (
            isinstance(small, cst.Assign) and len(small.targets) == 1) else None
        return outer if isinstance(outer, cst.Call) else None

    def argument_of_line(self, stmt: cst.SimpleStatementLine, call: cst.Call) -> bool:
        outer = self.line_call(stmt)
        return outer is not None and any(a.value is call for a in outer.args)

    def argument_first_run(self, stmt: cst.SimpleStatementLine, call: cst.Call) -> bool:
        """Is `call` an argument of the call that is the line's value (`return
        tf.estimator.EstimatorSpec(mode, loss=loss, train_op=helper(...))`), after arguments
        that run nothing, so that running it on the line before changes no order?"""
        outer = self.line_call(stmt)
        if outer is None or not self.plain(outer.func):
            return False
        for arg in outer.args:
            if arg.value is call:
                return not arg.star
            if arg.star or not self.plain(arg.value):
                return False
        return False

    def hoist(self, stmt: cst.SimpleStatementLine, call: cst.Call, helper: cst.FunctionDef,
              stack: tuple[str, ...]) -> list[cst.BaseStatement]:
        """`return Spec(..., train_op=helper(...))`: `<helper><n>_result = helper(...)` written
        out on the lines before, and the line reads that name."""
        name = helper.name.value
        result = self.fresh(name, self.counts.get(name, 0) + 1, "result")
        bound = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(result))], call)],
                                        leading_lines=stmt.leading_lines)
        lines = self.inline(bound, call, helper, stack)
        small = stmt.body[0]
        outer = self.line_call(stmt)
        assert outer is not None  # helper_call checked it (argument_first_run)
        # Built with with_changes, so that every other node stays the module's own (its names resolve).
        new_outer = outer.with_changes(args=[a.with_changes(value=cst.Name(result)) if a.value is call else a
                                             for a in outer.args])
        replaced = stmt.with_changes(body=[small.with_changes(value=new_outer)], leading_lines=[])
        for node in (replaced, replaced.body[0], new_outer):
            self.result.origin[id(node)] = (stmt, None)
        return [*lines, replaced]

    def beside_model_fn(self, helper: cst.FunctionDef) -> bool:
        """Is `helper` defined in the function that defines the model_fn (a factory's `def
        network(...)` next to its `def model_fn(...)`)? Written out in the model, it reads the
        factory's names where the model class is defined: in the same factory."""
        return self.enclosing_def(helper) is not None \
            and self.enclosing_def(helper) is self.enclosing_def(self.original)

    def inside_model_fn(self, helper: cst.FunctionDef) -> bool:
        """Is `helper` defined in the model_fn itself (`def metric_fn(labels, predicted): ...` in
        its EVAL branch)? Written out at its call, it reads the model_fn's names as its closure
        did: their values when it was called."""
        return self.enclosing_def(helper) is self.original

    def without_written_out_defs(self, block):  # type: ignore[no-untyped-def]
        """The model_fn's body without the helpers defined in it that were written out at each of
        their calls (nothing calls them any more); a helper still called stays, and is reported."""
        nested = [h for h in self.result.followed if self.inside_model_fn(h)]
        if not nested or not isinstance(block, cst.IndentedBlock):
            return block
        gone = {id(h) for h in nested
                if not any(isinstance(n, cst.Name) and n.value == h.name.value and not self.defines(n, block)
                           for n in _walk(block))}
        if not gone:
            return block
        self.result.nested = [h for h in nested if id(h) in gone]

        def strip(inner):  # type: ignore[no-untyped-def]
            if not isinstance(inner, cst.IndentedBlock):
                return inner
            kept = []
            for stmt in inner.body:
                if isinstance(stmt, cst.FunctionDef) and id(stmt) in gone:
                    continue
                if isinstance(stmt, cst.If):
                    stmt = self.strip_if(stmt, strip)
                kept.append(stmt)
            return inner.with_changes(body=kept or [cst.SimpleStatementLine([cst.Pass()])])

        return strip(block)

    @staticmethod
    def strip_if(stmt: cst.If, strip):  # type: ignore[no-untyped-def]
        orelse = stmt.orelse
        if isinstance(orelse, cst.If):
            orelse = _Inliner.strip_if(orelse, strip)
        elif isinstance(orelse, cst.Else):
            orelse = orelse.with_changes(body=strip(orelse.body))
        new = stmt.with_changes(body=strip(stmt.body), orelse=orelse)
        if new.body is stmt.body and new.orelse is stmt.orelse:
            return stmt
        return new

    @staticmethod
    def defines(name: cst.Name, block: cst.CSTNode) -> bool:
        """Is `name` the name of a def (not a use of it)?"""
        return any(isinstance(n, cst.FunctionDef) and n.name is name for n in _walk(block))

    def enclosing_def(self, node: cst.CSTNode) -> Optional[cst.FunctionDef]:
        up = self.parent(node) if self.parent is not None else None
        while up is not None and not isinstance(up, (cst.FunctionDef, cst.ClassDef, cst.Module)):
            up = self.parent(up)
        return up if isinstance(up, cst.FunctionDef) else None

    # -- one call ----------------------------------------------------------------------------------

    def inline(self, stmt: cst.SimpleStatementLine, call: cst.Call, helper: cst.FunctionDef,
               stack: tuple[str, ...]) -> list[cst.BaseStatement]:
        name = helper.name.value
        if name in stack:
            raise _Refused("it calls itself (recursion): TF1 built as many layers as the recursion went deep")
        if len(stack) >= MAX_DEPTH:
            raise _Refused("its helpers nest too deep")
        inside = self.parent is not None and self.inside_model_fn(helper)
        if self.parent is not None and not isinstance(self.parent(helper), cst.Module) \
                and not self.beside_model_fn(helper) and not inside:
            raise _Refused("it is not defined at the top of the module, beside the model_fn in its factory, or in "
                           "the model_fn")
        if helper.decorators or helper.asynchronous:
            raise _Refused("it is decorated or async")
        self.given = call_arguments(helper, call)
        every = [p.name.value for p in (*helper.params.params, *helper.params.kwonly_params)]
        body = self.straight_body(helper)
        self.check_effects(helper, body, self.given)
        n = self.counts[name] = self.counts.get(name, 0) + 1
        assigned = {t for s in body for t in self.bound_names(s)}
        free = {n.value for s in body for n in _walk(s) if isinstance(n, cst.Name)} - assigned - set(every)
        clash = sorted(free & self.fn_locals) if not inside else []  # a def in the model_fn reads its names
        if clash:
            raise _Refused(f"it reads `{clash[0]}` from the module, a name the model_fn binds for itself")
        names: dict[str, str] = {}
        values: dict[str, cst.BaseExpression] = {}
        lines: list[cst.BaseStatement] = []
        for key in every:
            value = self.given.get(key)
            if value is None:
                raise _Refused(f"the call gives no `{key}`")
            if key not in assigned and self.plain(value):
                values[key] = value
            else:
                names[key] = self.fresh(name, n, key)
                lines.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(names[key]))], value)]))
        for local in sorted(assigned):
            names.setdefault(local, self.fresh(name, n, local))
        renamer = _Renamer(names, values)
        wrapped, start = self.wrapped, len(lines)
        *steps, last = body
        for step in steps:
            lines.append(step.visit(renamer))  # type: ignore[arg-type]
        returned = last.body[0].value  # type: ignore[attr-defined]
        target = stmt.body[0]
        assert isinstance(target, cst.Assign)
        if self.names_tuple(target.targets[0].target):
            # `total, data_loss = loss_fn(...)` of `return a + b, a`: each name bound to its value
            names = target.targets[0].target.elements  # type: ignore[attr-defined]
            values = returned.elements if isinstance(returned, (cst.Tuple, cst.List)) else None
            if values is None or len(values) != len(names) or any(isinstance(v, cst.StarredElement) for v in values):
                raise _Refused("its call unpacks what it returns, which is not a tuple of as many values")
            for k, (name_element, value) in enumerate(zip(names, values)):
                lines.append(cst.SimpleStatementLine(
                    [cst.Assign([cst.AssignTarget(name_element.value)], value.value.visit(renamer))],
                    leading_lines=stmt.leading_lines if k == 0 else []))
        else:
            lines.append(stmt.with_changes(body=[target.with_changes(value=returned.visit(renamer))]))
        if wrapped is not None:  # the statements the helper ran under its `with`, under the same `with`
            at, holder = start + wrapped[0], wrapped[1]
            inside = [line.with_changes(leading_lines=[]) for line in lines[at:]]
            lines[at:] = [holder.with_changes(items=[i.visit(renamer) for i in holder.items],
                                              body=cst.IndentedBlock(body=inside),
                                              leading_lines=lines[at].leading_lines if at < len(lines) else [])]
        originals = {id(node) for node in _walk(helper)} | {id(node) for node in _walk(stmt)}
        for line in lines:
            for node in _walk(line):
                if id(node) not in originals:
                    self.result.origin.setdefault(id(node), (call, name))
        if helper not in self.result.followed:
            self.result.followed.append(helper)
        # The copies may call helpers of their own: follow those too.
        out: list[cst.BaseStatement] = []
        for line in lines:
            out += self.statement(line, (*stack, name))
        return out

    def straight_body(self, helper: cst.FunctionDef) -> list[cst.SimpleStatementLine]:
        """The helper's statements with naming scopes taken off; the last one returns."""
        if not isinstance(helper.body, cst.IndentedBlock):
            raise _Refused("its body is on one line")
        out: list[cst.SimpleStatementLine] = []

        self.wrapped = None
        train_op = makes_train_op(helper, self.name_of)

        def add(stmts: Sequence[cst.BaseStatement], top: bool) -> None:
            for i, stmt in enumerate(stmts):
                if top and isinstance(stmt, cst.With) and self.control_dependencies(stmt) and (
                        i == len(stmts) - 1 or (i == len(stmts) - 2 and self.returns_name(stmts[-1]))):
                    # `with tf.control_dependencies(update_ops): return ...` (or `train_op = ...`, then
                    # `return train_op` after the block: the same, under the same `with`)
                    self.wrapped = (len(out), stmt)
                    add([*stmt.body.body, *stmts[i + 1:]], False)  # type: ignore[attr-defined]
                    return
                if train_op and isinstance(stmt, cst.If) and self.choice(stmt):
                    out.append(stmt)  # type: ignore[arg-type]  # `if params["optimizer"] == "adam": ...`
                    continue
                if isinstance(stmt, cst.If) and not (train_op and self.choice(stmt)):
                    taken = self.branch_taken(stmt, helper)
                    if taken is not None:  # `if activation is not None:` with the call's constant
                        add(taken, False)
                        continue
                    if self.shape_branch(stmt):
                        out.append(stmt)  # type: ignore[arg-type]  # `if inputs.shape[-1] != filters: ...`
                        continue
                if isinstance(stmt, cst.For):
                    stmt = self.without_naming_scopes(stmt)
                if isinstance(stmt, cst.For) and self.plain_loop(stmt):
                    out.append(stmt)  # type: ignore[arg-type]  # `for units in params["hidden"]: net = dense(...)`
                    continue
                if isinstance(stmt, cst.SimpleStatementLine):
                    if top and i == 0 and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr) \
                            and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
                        continue  # the docstring
                    for small in stmt.body:
                        out.append(stmt.with_changes(body=[small]) if len(stmt.body) > 1 else stmt)
                elif isinstance(stmt, cst.With) and self.naming_scope(stmt):
                    add(stmt.body.body, False)  # type: ignore[attr-defined]
                else:
                    raise _Refused("its body is not straight-line code (a branch, a loop or another compound "
                                   "statement; an `if` is written out where the call gives its test a constant, "
                                   "or where it tests static dimensions other than the batch's and assigns names "
                                   "in one or two arms)")

        add(helper.body.body, True)
        if not out or not isinstance(out[-1].body[0], cst.Return) or out[-1].body[0].value is None:
            raise _Refused("it does not end by returning what it built")
        for stmt in out[:-1]:
            if isinstance(stmt, (cst.If, cst.For)):
                continue  # a choice or a plain loop: plain assignments only
            small = stmt.body[0]
            if isinstance(small, cst.Return):
                raise _Refused("it returns before its end")
            if isinstance(small, cst.Assign):
                if not all(self.name_target(t.target) for t in small.targets):
                    raise _Refused("it assigns to something other than a plain name (an attribute, an item or a "
                                   "tuple)")
            elif isinstance(small, cst.Expr):
                if not (isinstance(small.value, cst.Call) and (self.name_of(small.value.func) or "").startswith(
                        LOGGING)):
                    raise _Refused(f"it runs `{cst.Module([]).code_for_node(small.value)}` for its effect, "
                                   "which a Keras model would repeat at every step")
            elif not isinstance(small, cst.Pass):
                raise _Refused(f"it holds a `{type(small).__name__}` statement")
        return out

    @staticmethod
    def returns_name(stmt: cst.BaseStatement) -> bool:
        return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 \
            and isinstance(stmt.body[0], cst.Return) and isinstance(stmt.body[0].value, cst.Name)

    def choice(self, stmt: cst.If) -> bool:
        """An `if`/`elif`/`else` of a train_op helper over plain assignments to plain names
        (which optimizer, which rate): the model_fn reads it as the choice it is
        (_model_fn_paths.choice_if), or reports it."""
        node: Optional[cst.If] = stmt
        while node is not None:
            arms = [node.body] + ([node.orelse.body] if isinstance(node.orelse, cst.Else) else [])
            for arm in arms:
                for inner in arm.body:  # type: ignore[attr-defined]
                    if not (isinstance(inner, cst.SimpleStatementLine) and all(
                            isinstance(small, cst.Assign) and all(self.name_target(t.target) for t in small.targets)
                            for small in inner.body)):
                        return False
            node = node.orelse if isinstance(node.orelse, cst.If) else None
        return True

    def shape_branch(self, stmt: cst.If) -> bool:
        """`if strides != 1 or inputs.shape[-1] != filters: shortcut = ...` (a residual block's
        projection): a test that reads a static dimension, over plain assignments to plain
        names. Written out with the helper, it is kept as it is; the model_fn reads it as a test
        call() decides when it is traced (_ModelFn.shape_test), or reports it."""
        if not isinstance(stmt.orelse, (cst.Else, type(None))) \
                or not any(is_static_shape_access(n) for n in _walk(stmt.test)):
            return False
        arms = [stmt.body] + ([stmt.orelse.body] if isinstance(stmt.orelse, cst.Else) else [])
        return all(isinstance(inner, cst.SimpleStatementLine) and all(
            isinstance(small, cst.Assign) and all(self.name_target(t.target) for t in small.targets)
            for small in inner.body) for arm in arms for inner in arm.body)  # type: ignore[attr-defined]

    def branch_taken(self, stmt: cst.If, helper: cst.FunctionDef) -> Optional[Sequence[cst.BaseStatement]]:
        """The statements of the arm an `if` on a parameter takes at this call, where the call
        gives that parameter a constant (`if activation is not None:` with `activation=None`
        or `activation=tf.nn.relu`): TF1 ran that arm alone when the helper was called. None
        where the test is anything else."""
        params = {p.name.value for p in (*helper.params.params, *helper.params.kwonly_params)}
        test, negate = stmt.test, False
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test, negate = test.expression, True
        compared = None
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
                and isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot)) \
                and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None":
            compared, is_not = test.left, isinstance(test.comparisons[0].operator, cst.IsNot)
        elif isinstance(test, cst.Name):
            compared, is_not = test, None  # truthiness
        if not (isinstance(compared, cst.Name) and compared.value in params and compared.value in self.given):
            return None
        value = self.given[compared.value]
        if isinstance(value, cst.Name) and value.value in ("None", "True", "False"):
            known = {"None": None, "True": True, "False": False}[value.value]
        elif (self.name_of(value) or "").startswith("tf."):  # a TensorFlow function: not None, truthy
            known = value
        else:
            return None
        truth = (known is not None) if is_not is not None else bool(known)
        if is_not is False:
            truth = known is None
        if negate:
            truth = not truth
        if truth:
            return list(stmt.body.body)  # type: ignore[attr-defined]
        if stmt.orelse is None:
            return []
        if isinstance(stmt.orelse, cst.Else):
            return list(stmt.orelse.body.body)  # type: ignore[attr-defined]
        return None  # an `elif` chain

    def without_naming_scopes(self, stmt: cst.For) -> cst.For:
        """The loop with the `with tf.variable_scope("block_%d" % i):` blocks of its body taken
        off (they only prefix the names of its variables)."""
        body: list[cst.BaseStatement] = []
        for inner in stmt.body.body:  # type: ignore[attr-defined]
            if isinstance(inner, cst.With) and self.naming_scope(inner) and isinstance(inner.body, cst.IndentedBlock):
                body += list(inner.body.body)
            else:
                body.append(inner)
        if len(body) == len(stmt.body.body) and all(a is b for a, b in zip(body, stmt.body.body)):  # type: ignore[attr-defined]
            return stmt
        return stmt.with_changes(body=stmt.body.with_changes(body=body))

    def plain_loop(self, stmt: cst.For) -> bool:
        """`for units in params["hidden_units"]: net = tf.layers.dense(net, units)`: a loop over
        plain assignments (no exit, no else), which the model_fn's translation reads as a loop
        of its own: each pass gets layers of its own, as in TF1."""
        if stmt.orelse is not None or stmt.asynchronous is not None or not self.name_target(stmt.target):
            return False
        for inner in stmt.body.body:  # type: ignore[attr-defined]
            if not isinstance(inner, cst.SimpleStatementLine):
                return False
            for small in inner.body:
                if isinstance(small, cst.Assign) and all(self.name_target(t.target) for t in small.targets):
                    continue
                if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                        and (self.name_of(small.value.func) or "").startswith(LOGGING):
                    continue
                return False
        return True

    def control_dependencies(self, stmt: cst.With) -> bool:
        if len(stmt.items) != 1 or stmt.items[0].asname is not None or stmt.asynchronous:
            return False
        item = stmt.items[0].item
        return isinstance(item, cst.Call) and self.name_of(item.func) in CONTROL_DEPENDENCIES \
            and len(item.args) == 1 and item.args[0].keyword is None

    def naming_scope(self, stmt: cst.With) -> bool:
        if len(stmt.items) != 1 or stmt.items[0].asname is not None or stmt.asynchronous:
            return False
        item = stmt.items[0].item
        if not (isinstance(item, cst.Call) and self.name_of(item.func) in NAMING_SCOPES):
            return False
        keywords = {a.keyword.value for a in item.args if a.keyword is not None
                    and not self.creates_variables(a, self.given)}
        if keywords - {"name_or_scope", "name", "values", "default_name"}:
            raise _Refused(f"its scope sets {', '.join(sorted(keywords - {'name_or_scope', 'name', 'values'}))}: "
                           "variables shared or made by a getter have no per-call copy")
        # (name_or_scope, default_name, values): names alone; a fourth (the initializer) is not
        return len([a for a in item.args if a.keyword is None]) <= 3

    def check_effects(self, helper: cst.FunctionDef, body: list[cst.SimpleStatementLine],
                      given: dict[str, cst.BaseExpression]) -> None:
        """`given`: the call's argument (or default) for each parameter."""
        renamed = {p.name.value for p in (*helper.params.params, *helper.params.kwonly_params)}
        renamed |= {name for stmt in body for name in self.bound_names(stmt)}
        for stmt in body:
            for node in _walk(stmt):
                if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
                    # `[features[k] for k in KEYS]`: its own scope; renaming inside it is safe unless
                    # its loop variable has the name of a parameter or local the copy renames.
                    bound = {n.value for f in _walk(node) if isinstance(f, cst.CompFor)
                             for n in _walk(f.target) if isinstance(n, cst.Name)}
                    if not bound & renamed:
                        continue
                if isinstance(node, cst.Lambda) and not node.params.params and not node.params.kwonly_params \
                        and node.params.star_arg is cst.MaybeSentinel.DEFAULT and node.params.star_kwarg is None:
                    continue  # `lambda: AdamOptimizer(rate)`: binds no name, so renaming inside it is safe
                if isinstance(node, (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp,
                                     cst.Yield, cst.Await, cst.NamedExpr)):
                    raise _Refused(f"it holds a {type(node).__name__}, which tfmigrate does not rename")
                if isinstance(node, cst.Call):
                    callee = node.func
                    if isinstance(callee, cst.Attribute) and callee.attr.value in _MUTATORS \
                            and not (self.name_of(callee) or "").startswith("tf."):
                        raise _Refused(f"it changes an object in place (`.{callee.attr.value}(...)`)")
                    if any(a.keyword is not None and a.keyword.value in ("reuse", "custom_getter")
                           and not self.creates_variables(a, given) for a in node.args):
                        raise _Refused("it reuses variables (`reuse=`): its calls share weights")
                    name = self.name_of(callee) or ""
                    if name in ("tf.get_collection", "tf.compat.v1.get_collection") and len(node.args) == 1 \
                            and self.name_of(node.args[0].value) == UPDATE_OPS:
                        continue  # the batch-norm updates, read as the model_fn reads them
                    if name.startswith(("tf.get_variable_scope", "tf.compat.v1.get_variable_scope",
                                        "tf.add_to_collection", "tf.get_collection")):
                        raise _Refused(f"it calls `{name}`, which reaches the graph's shared state")
        del helper

    @staticmethod
    def creates_variables(arg: cst.Arg, given: dict[str, cst.BaseExpression]) -> bool:
        """`reuse=reuse` where this call passes False or None: the scope makes new variables,
        as one without reuse= does (the first of a training and an inference copy)."""
        value = arg.value
        if arg.keyword is None or arg.keyword.value != "reuse" or not isinstance(value, cst.Name):
            return False
        passed = given.get(value.value, value)
        return isinstance(passed, cst.Name) and passed.value in ("False", "None")

    # -- names -------------------------------------------------------------------------------------

    @staticmethod
    def names_tuple(target: cst.BaseAssignTargetExpression) -> bool:
        """`a, b` (no starred name): a tuple of plain names."""
        return isinstance(target, (cst.Tuple, cst.List)) and all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements)

    @staticmethod
    def name_target(target: cst.BaseAssignTargetExpression) -> bool:
        """A plain name, or a tuple of them (`gradients, variables = zip(*...)`)."""
        if isinstance(target, (cst.Tuple, cst.List)):
            return all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements)
        return isinstance(target, cst.Name)

    @staticmethod
    def bound_names(stmt: cst.SimpleStatementLine) -> set[str]:
        if isinstance(stmt, (cst.If, cst.For)):  # a choice or a loop: every name it assigns
            targets = [t.target for t in _walk(stmt) if isinstance(t, cst.AssignTarget)]
            targets += [stmt.target] if isinstance(stmt, cst.For) else []
            return {n.value for t in targets for n in _walk(t) if isinstance(n, cst.Name)}
        small = stmt.body[0]
        if isinstance(small, cst.Assign):
            return {n.value for t in small.targets for n in _walk(t.target) if isinstance(n, cst.Name)}
        return set()

    @staticmethod
    def plain(node: cst.BaseExpression) -> bool:
        """A value that can stand in for a parameter at every use: no call, nothing computed."""
        if isinstance(node, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(node, cst.Attribute):
            return _Inliner.plain(node.value)
        if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
            return _Inliner.plain(node.value) and isinstance(node.slice[0].slice.value,
                                                             (cst.SimpleString, cst.Integer))
        return False

    def fresh(self, helper: str, n: int, local: str) -> str:
        base = f"{helper}{n}_{local}"
        name, k = base, 1
        while name in self.used:
            name, k = f"{base}_{k}", k + 1
        self.used.add(name)
        return name


def inline_helpers(fn: cst.FunctionDef, name_of: NameOf, binding: Optional[Callable[[cst.Name], Optional[cst.CSTNode]]],
                   parent: Optional[Callable[[cst.CSTNode], Optional[cst.CSTNode]]], taken: set[str],
                   original: Optional[cst.FunctionDef] = None) -> Inlined:
    """`original`: the model_fn as the module holds it, when `fn` is a rewritten copy."""
    if binding is None:
        return Inlined(fn)
    return _Inliner(fn, name_of, binding, parent, taken, original).run()

