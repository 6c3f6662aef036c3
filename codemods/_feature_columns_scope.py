"""Where a feature-column list comes from in the user's module, for codemods/_feature_columns.py.

Owns the walks over the user's statements that the column reader needs beyond single
bindings: the statements after a list is built (`cols = []` then `cols.append(...)` in a
loop), whether a name is bound again or mutated after some statement, the free names of
an expression, and a helper function's single `return`.

All of it needs `parent` (a ParentNodeProvider lookup: node → its parent in the user's
module); without it these forms are not followed.
"""

from __future__ import annotations

import builtins
from typing import Callable, Iterator, Optional

import libcst as cst

from tfmigrate.codemods._estimator_keras import NotTranslatable

Parent = Callable[[cst.CSTNode], Optional[cst.CSTNode]]

SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
# Methods that change a list, dict or DataFrame in place (a conservative list: any of
# them on a name the keys are read from stops the rewrite).
MUTATING = {"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault", "popitem", "sort",
            "reverse", "add", "discard", "drop", "rename", "set_index", "reset_index", "__setitem__",
            "__delitem__", "difference_update", "intersection_update", "symmetric_difference_update"}
BUILTINS = set(dir(builtins))


class Opaque:
    """A name whose value is computed when the program runs (a helper's non-literal
    argument, a name a loop binds before it appends a column): a column may read it where
    the model reads the TF1 column object at run time, nowhere else. `why` names it."""

    def __init__(self, why: str, argument: Optional[cst.BaseExpression] = None,
                 call: Optional[cst.Call] = None) -> None:
        self.why = why
        # a helper's parameter: the expression its call passes, and that call (the keys of
        # `[numeric_column(k) for k in param]` are then that expression's, where it is called)
        self.argument, self.call = argument, call

    def __repr__(self) -> str:
        return f"Opaque({self.why})"


def statement_of(node: cst.CSTNode, parent: Parent) -> cst.CSTNode:
    """The statement (simple line or compound statement) holding `node`."""
    while not isinstance(node, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
        up = parent(node)
        if up is None:
            return node
        node = up
    return node


def scope_of(node: cst.CSTNode, parent: Parent) -> cst.CSTNode:
    """The function (or class, lambda) whose body holds `node`, else the module."""
    up = parent(node)
    while up is not None and not isinstance(up, (*SCOPES, cst.Module)):
        up = parent(up)
    return up if up is not None else node


def statements(root: cst.CSTNode) -> list[cst.CSTNode]:
    """Every statement of `root`'s body in source order, nested blocks included, bodies of
    nested functions and classes excluded (their def statement is kept: it binds a name)."""
    out: list[cst.CSTNode] = []

    def walk(block) -> None:
        for stmt in block:
            out.append(stmt)
            if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                continue
            for child in _blocks(stmt):
                walk(child)

    body = root.body if isinstance(root, cst.Module) else getattr(root.body, "body", ())
    walk(body)
    return out


def _blocks(stmt: cst.CSTNode) -> Iterator:
    for attr in ("body", "orelse", "finalbody"):
        part = getattr(stmt, attr, None)
        if part is None:
            continue
        if isinstance(part, (cst.IndentedBlock, cst.SimpleStatementSuite)):
            yield part.body
        elif isinstance(part, (cst.Else, cst.Finally)):
            yield part.body.body
        elif isinstance(part, cst.If):  # elif
            yield [part]
    for handler in getattr(stmt, "handlers", ()):
        yield handler.body.body


def header(stmt: cst.CSTNode) -> list[cst.CSTNode]:
    """The parts of a statement that run as the statement itself (not its nested blocks)."""
    if isinstance(stmt, cst.SimpleStatementLine):
        return list(stmt.body)
    if isinstance(stmt, cst.For):
        return [stmt.target, stmt.iter]
    if isinstance(stmt, (cst.If, cst.While)):
        return [stmt.test]
    if isinstance(stmt, cst.With):
        return list(stmt.items)
    if isinstance(stmt, cst.Try):
        return [h for h in stmt.handlers if h.name is not None]
    if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
        return [stmt.name]
    return []


class _Uses(cst.CSTVisitor):
    """Bindings and in-place changes of `name` in one statement's own parts."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.bound = False
        self.mutated = False

    def _target(self, node: cst.CSTNode) -> None:
        for sub in _walk(node):
            if isinstance(sub, cst.Name) and sub.value == self.name:
                self.bound = True

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._store(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._store(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._store(node.target)
        if isinstance(node.target, cst.Name) and node.target.value == self.name:
            self.mutated = True

    def visit_Del(self, node: cst.Del) -> None:
        self._store(node.target)

    def _store(self, target: cst.CSTNode) -> None:
        if isinstance(target, cst.Name):
            self._target(target)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for el in target.elements:
                self._store(el.value)
        elif isinstance(target, cst.StarredElement):
            self._store(target.value)
        elif isinstance(target, (cst.Subscript, cst.Attribute)) and _root_name(target) == self.name:
            self.mutated = True

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._target(node.target)

    def visit_Name(self, node: cst.Name) -> None:
        return None

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        bound = node.asname.name if node.asname else node.name
        if isinstance(bound, cst.Name) and bound.value == self.name:
            self.bound = True
        elif isinstance(bound, cst.Attribute) and _root_name(bound) == self.name:
            self.bound = True

    def visit_Global(self, node: cst.Global) -> None:
        self.bound |= any(n.name.value == self.name for n in node.names)

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        self.bound |= any(n.name.value == self.name for n in node.names)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in MUTATING and _root_name(func.value) == self.name:
            self.mutated = True

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    yield node
    for child in node.children:
        yield from _walk(child)


def _root_name(node: cst.CSTNode) -> Optional[str]:
    while isinstance(node, (cst.Attribute, cst.Subscript, cst.Call)):
        node = node.value if not isinstance(node, cst.Call) else node.func
    return node.value if isinstance(node, cst.Name) else None


def binds_or_mutates(stmt: cst.CSTNode, name: str) -> tuple[bool, bool]:
    uses = _Uses(name)
    for part in header(stmt):
        if isinstance(stmt, cst.For) and part is stmt.target:
            uses._store(part)
            continue
        if isinstance(part, cst.WithItem) and part.asname is not None:
            uses._store(part.asname.name)
        if isinstance(part, cst.ExceptHandler):
            uses._store(part.name.name)
            continue
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            uses._target(part)
            continue
        part.visit(uses)
    return uses.bound, uses.mutated


def free_names(node: cst.CSTNode) -> set[str]:
    """The user's names an expression reads (no attributes, keywords, comprehension or
    lambda variables, or builtins)."""
    local: set[str] = set()
    for sub in _walk(node):
        if isinstance(sub, cst.CompFor):
            local |= {n.value for n in _walk(sub.target) if isinstance(n, cst.Name)}
        elif isinstance(sub, cst.Lambda):
            local |= {p.name.value for p in sub.params.params}
    skip: set[int] = set()
    for sub in _walk(node):
        if isinstance(sub, cst.Attribute):
            skip.add(id(sub.attr))
        elif isinstance(sub, cst.Arg) and sub.keyword is not None:
            skip.add(id(sub.keyword))
    return {n.value for n in _walk(node) if isinstance(n, cst.Name) and id(n) not in skip
            and n.value not in local and n.value not in BUILTINS}


def references(root: cst.CSTNode, name: str) -> list[cst.CSTNode]:
    """Statements of `root` (see `statements`) whose own parts mention `name`."""
    out = []
    for stmt in statements(root):
        if any(isinstance(n, cst.Name) and n.value == name for part in header(stmt) for n in _walk(part)):
            out.append(stmt)
    return out


def _small(stmt) -> Optional[cst.CSTNode]:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        return stmt.body[0]
    return None


def _appends(stmt, name: str) -> bool:
    """Does a statement's body call `name.append`/`name.extend`?"""
    return any(isinstance(n, cst.Attribute) and n.attr.value in ("append", "extend", "insert")
               and isinstance(n.value, cst.Name) and n.value.value == name for n in _walk(stmt))


def _names(node: cst.CSTNode) -> list[str]:
    skip = {id(n.attr) for n in _walk(node) if isinstance(n, cst.Attribute)}
    skip |= {id(n.keyword) for n in _walk(node) if isinstance(n, cst.Arg) and n.keyword is not None}
    return [n.value for n in _walk(node) if isinstance(n, cst.Name) and id(n) not in skip]


def _module(node: cst.CSTNode, parent: Parent) -> cst.CSTNode:
    while not isinstance(node, cst.Module) and parent(node) is not None:
        node = parent(node)
    return node


class HelperFunctions:
    """ColumnReader's part that follows helper functions: `feature_columns=build_columns()`
    and `wide, deep = build_columns()` (uses the reader's binding, parent, code, statements)."""

    def _unpacked(self, name: cst.Name) -> Optional[cst.BaseExpression]:
        """The value bound to `name` when `binding` saw several bindings or a tuple target:
        `cols = [...]` then `cols += [...]`, or `wide, deep = build_columns()` (the element of
        the helper's returned tuple)."""
        scope = scope_of(statement_of(name, self.parent), self.parent)
        for root in (scope, _module(scope, self.parent)):
            binders = [s for s in statements(root) if binds_or_mutates(s, name.value)[0]]
            if binders:
                break
        binders = [b for b in binders if not isinstance(_small(b), cst.AugAssign)]  # `+=`: _built_after's
        if len(binders) != 1:
            return None
        small = _small(binders[0])
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            return small.value
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                and isinstance(small.targets[0].target, (cst.Tuple, cst.List))):
            return None
        names = [e.value.value if isinstance(e.value, cst.Name) else None for e in small.targets[0].target.elements]
        if name.value not in names:
            return None
        if isinstance(small.value, (cst.Tuple, cst.List)) and len(small.value.elements) == len(names) \
                and not any(isinstance(e, cst.StarredElement) for e in small.value.elements):
            return small.value.elements[names.index(name.value)].value  # `A, B = [...], [...]`
        if not isinstance(small.value, cst.Call):
            return None
        returned, values = self._returned(small.value)
        if values or not isinstance(returned, (cst.Tuple, cst.List)) or len(returned.elements) != len(names):
            return None
        return returned.elements[names.index(name.value)].value

    def _returned(self, call: cst.Call) -> tuple[cst.BaseExpression, dict]:
        """`build_columns()`: the list a module-level function returns (literal arguments only)."""
        fn = self.binding(call.func) if isinstance(call.func, (cst.Name, cst.Attribute)) else None
        if not isinstance(fn, cst.FunctionDef):
            raise NotTranslatable(f"`{self.code(call)}` is not a function defined once in this module", call)
        params = fn.params
        if params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or params.star_kwarg or params.kwonly_params \
                or params.posonly_params:
            raise NotTranslatable(f"`{fn.name.value}` takes * or keyword-only parameters", fn)
        values: dict[str, object] = {}
        for i, param in enumerate(params.params):
            arg = next((a for a in call.args if a.keyword and a.keyword.value == param.name.value), None)
            if arg is None and i < len(call.args) and not call.args[i].keyword:
                arg = call.args[i]
            node = arg.value if arg is not None else param.default
            if node is None:
                raise NotTranslatable(f"`{self.code(call)}` leaves {param.name.value} out", call)
            try:
                values[param.name.value] = self.static(node, f"argument {param.name.value}")
            except NotTranslatable:
                # known only at run time: the columns may read it where the model reads the
                # TF1 column objects (a normalizer_fn, a vocabulary), and nowhere else
                values[param.name.value] = Opaque(f"argument {param.name.value} of `{self.code(call)}`",
                                                  node if arg is not None else None, call)
        return single_return(fn), values


def single_return(fn: cst.FunctionDef) -> cst.BaseExpression:
    """The value of a function's only `return`, which must be its last statement."""
    returns = [s for s in statements(fn) for part in header(s) if isinstance(part, cst.Return)]
    body = fn.body.body
    last = body[-1] if body else None
    if len(returns) != 1 or returns[0] is not last or last.body[0].value is None:
        raise NotTranslatable(f"`{fn.name.value}()` does not end in its only `return` of the columns", fn)
    return last.body[0].value


# -- where a name resolves ------------------------------------------------------------

_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def _params(params: cst.Parameters) -> set[str]:
    out = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            out.add(star.name.value)
    return out


def _binds_in(scope: cst.CSTNode, name: str) -> bool:
    """Does a function, lambda or comprehension bind `name` itself (a local there)?"""
    if isinstance(scope, cst.Lambda):
        return name in _params(scope.params)
    if isinstance(scope, _COMPREHENSIONS):
        return any(isinstance(n, cst.Name) and n.value == name
                   for sub in _walk(scope) if isinstance(sub, cst.CompFor) for n in _walk(sub.target))
    if isinstance(scope, cst.FunctionDef):
        return name in _params(scope.params) or any(binds_or_mutates(s, name)[0] for s in statements(scope))
    return False


def module_binds(module: cst.CSTNode, name: str) -> bool:
    """Is `name` bound by a statement at the top of the module (imports, defs, assignments,
    also inside module-level if/for/with/try blocks)?"""
    return any(binds_or_mutates(s, name)[0] for s in statements(module))


def global_only(node: cst.CSTNode, parent: Parent) -> bool:
    """Does every name `node` reads resolve to a binding at the top of its module (so the
    expression means the same copied into a module-level class or function)? A lambda's
    parameter defaults are evaluated where the lambda is, so they count as read here."""
    names = free_names(node)
    for sub in _walk(node):  # defaults such as `k=k` read the enclosing scope's `k`
        if isinstance(sub, cst.Lambda):
            for p in (*sub.params.params, *sub.params.kwonly_params, *sub.params.posonly_params):
                if p.default is not None:
                    names |= {n.value for n in _walk(p.default) if isinstance(n, cst.Name)}
    module = _module(node, parent)
    up = parent(node)
    enclosing = []
    while up is not None:
        if isinstance(up, (cst.FunctionDef, cst.Lambda, cst.ClassDef, *_COMPREHENSIONS)):
            enclosing.append(up)
        up = parent(up)
    for name in names - BUILTINS:
        if any(isinstance(s, cst.ClassDef) or _binds_in(s, name) for s in enclosing):
            return False
        if not module_binds(module, name):
            return False
    return True


def mutated_anywhere(root: cst.CSTNode, name: str) -> bool:
    """Does any statement under `root`, nested functions included, change `name` in place
    (`d[k] = v`, `d.update(...)`, `x += ...`)? Conservative: any function's own `name`
    counts too."""
    for sub in _walk(root):
        if isinstance(sub, (cst.SimpleStatementLine, cst.BaseCompoundStatement)) and binds_or_mutates(sub, name)[1]:
            return True
    return False
