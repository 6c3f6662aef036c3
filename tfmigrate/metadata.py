"""LibCST's scope, qualified-name and position metadata, without the work that carries
nothing for tfmigrate.

`MetadataWrapper.resolve_many` computes ScopeProvider in three batched traversals: one
for its dependency ExpressionContextProvider, one for ScopeProvider, one for
QualifiedNameProvider. Each traversal walks the whole tree only to call the provider's
`visit_Module`, which then walks the tree again itself; QualifiedNameProvider's own walk
pairs every node with the scope ScopeProvider already found for it, and resolves none.
PositionProvider builds objects for every node during code generation. Together that was
half the time spent on a TF1 file.

`analyse()` calls the first two providers' `visit_Module` directly, answers qualified
names from the scopes when a rule asks (`QualifiedNames`), and records positions as
plain tuples (`positions()`). One walk (`NodeIndex`) gives every rule the visit order,
parents and nodes of each type. The wrapper it returns is an ordinary MetadataWrapper,
so rules still call `wrapper.resolve(...)`. tests/test_metadata.py checks every mapping
against what LibCST computes itself.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterator, Optional

import libcst as cst
from libcst._add_slots import add_slots
from libcst._nodes.internal import CodegenState
from libcst.metadata import (
    BaseMetadataProvider,
    CodePosition,
    CodeRange,
    ExpressionContext,
    ExpressionContextProvider,
    MetadataWrapper,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)
from libcst.metadata import scope_provider
from libcst.metadata.scope_provider import ScopeVisitor

from tfmigrate.parents import _IS_NODE, fields, is_node_type

# node type -> (fields in visit order, fields it did not visit that may hold nodes)
_VISIT_ORDER: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}

# The node types after which ScopeVisitor counts one more assignment in the scope (an
# access made later sees it); see _ScopeVisitor.on_leave.
_ASSIGNMENT_LIKE: Optional[tuple] = getattr(scope_provider, "_ASSIGNMENT_LIKE_NODES", None)


def analyse(module: cst.Module, text: Optional[str] = None) -> MetadataWrapper:
    """A wrapper around `module` itself (not a copy) with scopes, qualified names and
    positions resolved. `text`, if given, is `module.code`: positions are then found one
    statement at a time (see Positions)."""
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    resolved = wrapper._metadata  # what resolve() consults before computing anything
    resolved[ExpressionContextProvider] = MappingProxyType(expression_contexts(module))
    scopes = resolved[ScopeProvider] = _run(_ScopeProvider(), wrapper)
    resolved[QualifiedNameProvider] = QualifiedNames(node_index(module), scopes)
    resolved[PositionProvider] = Positions(module, text)
    return wrapper


class _CachedDispatch(cst.CSTVisitor):
    """CSTVisitor's hooks find the handler for each node and each of its fields by name, a
    string format and a getattr every time, and most find only LibCST's do-nothing stub
    (`_is_no_op`). The handlers are methods of the visitor's class, so each is looked up
    once per class here, and a stub is not called at all: the same handlers run in the
    same order, and a scope analysis takes about a tenth less time."""

    def on_visit(self, node: cst.CSTNode) -> bool:
        handler = _HANDLERS.get((type(self), "visit", type(node), None), _UNKNOWN)
        if handler is _UNKNOWN:
            handler = _handler((type(self), "visit", type(node), None))
        return True if handler is None else handler(self, node) is not False

    def on_leave(self, original_node: cst.CSTNode) -> None:
        handler = _HANDLERS.get((type(self), "leave", type(original_node), None), _UNKNOWN)
        if handler is _UNKNOWN:
            handler = _handler((type(self), "leave", type(original_node), None))
        if handler is not None:
            handler(self, original_node)

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        handler = _HANDLERS.get((type(self), "visit", type(node), attribute), _UNKNOWN)
        if handler is _UNKNOWN:
            handler = _handler((type(self), "visit", type(node), attribute))
        if handler is not None:
            handler(self, node)

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        handler = _HANDLERS.get((type(self), "leave", type(original_node), attribute), _UNKNOWN)
        if handler is _UNKNOWN:
            handler = _handler((type(self), "leave", type(original_node), attribute))
        if handler is not None:
            handler(self, original_node)


_HANDLERS: dict = {}  # (visitor class, "visit" | "leave", node type, field or None) -> method or None
_UNKNOWN = object()


def _handler(key: tuple):
    """The method CSTVisitor would look up for `key` (`visit_Name`, `leave_ClassDef_bases`),
    or None where there is only LibCST's no-op stub; remembered."""
    visitor_class, hook, node_type, field_name = key
    name = f"{hook}_{node_type.__name__}" + (f"_{field_name}" if field_name is not None else "")
    method = getattr(visitor_class, name, None)
    _HANDLERS[key] = None if method is None or getattr(method, "_is_no_op", False) else method
    return _HANDLERS[key]


class _ScopeVisitor(ScopeVisitor, _CachedDispatch):
    """LibCST's ScopeVisitor, with _CachedDispatch's hooks behind its own."""

    if _ASSIGNMENT_LIKE is not None:  # else LibCST changed: keep its on_leave as it is

        def on_leave(self, original_node: cst.CSTNode) -> None:
            """ScopeVisitor.on_leave, with its type test answered once per node type: an
            isinstance against a tuple of a dozen LibCST classes costs a dozen Python-level
            ABCMeta.__instancecheck__ calls for every node, a third of the whole analysis."""
            self.provider._computed[original_node] = self.scope  # set_metadata
            kind = type(original_node)
            assignment_like = _IS_ASSIGNMENT_LIKE.get(kind)
            if assignment_like is None:
                assignment_like = _IS_ASSIGNMENT_LIKE[kind] = issubclass(kind, _ASSIGNMENT_LIKE)
            if assignment_like:
                self.scope._assignment_count += 1
            _CachedDispatch.on_leave(self, original_node)


_IS_ASSIGNMENT_LIKE: dict[type, bool] = {}


class _ScopeProvider(ScopeProvider):
    def visit_Module(self, node: cst.Module) -> None:  # as ScopeProvider's, with the visitor above
        visitor = _ScopeVisitor(self)
        cst.CSTNode.visit = _scope_visit  # type: ignore[method-assign]
        try:
            node.visit(visitor)
        finally:
            cst.CSTNode.visit = _LIBCST_VISIT  # type: ignore[method-assign]
        visitor.infer_accesses()


# -- the scope analysis's traversal ---------------------------------------------------------
#
# CSTNode.visit builds a new copy of every node it passes, validated field by field, even
# for a visitor that can change nothing, and checks each result against LibCST's abstract
# classes: a fifth of the cost of a scope analysis. ScopeVisitor walks much of the tree through
# its own `node.body.visit(self)` calls, so a walk of ours alone cannot replace it; for the
# length of one analysis, CSTNode.visit is this function, which walks a _ScopeVisitor
# through the tree in place, with the same hooks in the same order, and hands every other
# visitor to LibCST's own visit. Another thread that visits meanwhile is therefore served
# exactly as before; the worst a race can do is restore LibCST's visit early, which only
# makes the rest of the analysis slower. tests/test_metadata.py compares the hooks called
# and the scopes computed with LibCST's own.

_LIBCST_VISIT = cst.CSTNode.visit


def _scope_visit(self: cst.CSTNode, visitor: cst.CSTVisitor):
    if type(visitor) is _ScopeVisitor:
        return visit_in_place(self, visitor)
    return _LIBCST_VISIT(self, visitor)


def visit_in_place(node: cst.CSTNode, visitor: cst.CSTVisitor) -> cst.CSTNode:
    """CSTNode.visit for a CSTVisitor, which cannot change the tree: the same calls of
    on_visit, on_visit_attribute, on_leave_attribute and on_leave, without the copies.
    (Where LibCST skips a field that is None, an f-string's format spec, this may still
    call that field's attribute hooks; ScopeVisitor has none for such a field.)"""
    if visitor.on_visit(node):
        is_node = _IS_NODE
        for name in _visit_order(node):
            visitor.on_visit_attribute(node, name)
            value = getattr(node, name)
            kind = type(value)
            if kind is tuple or kind is list:
                for child in value:
                    visit_in_place(child, visitor)
            elif is_node.get(kind) or (kind not in is_node and is_node_type(kind)):
                visit_in_place(value, visitor)
            visitor.on_leave_attribute(node, name)
    visitor.on_leave(node)
    return node


def _run(provider: BaseMetadataProvider, wrapper: MetadataWrapper) -> MappingProxyType:
    with provider.resolve(wrapper):  # hands it the dependencies already resolved
        provider.visit_Module(wrapper.module)  # type: ignore[attr-defined]
    return MappingProxyType(dict(provider._computed))


# -- expression contexts -------------------------------------------------------------------
#
# Which names, attributes, subscripts, tuples, lists and starred elements are stored to,
# deleted or read: what ScopeProvider needs to tell an assignment from an access. Found
# in NodeIndex's walk, without LibCST's visitor machinery (which rebuilds every node it
# passes), to give exactly the mapping ExpressionContextProvider gives, LibCST's
# own choices included: an attribute's `attr` name and a definition's type parameters get
# no context, and an import's dotted name is read.

_STORE, _LOAD, _DEL = ExpressionContext.STORE, ExpressionContext.LOAD, ExpressionContext.DEL
_CONTEXT_HOLDERS = (cst.Name, cst.Attribute, cst.Subscript, cst.Tuple, cst.List, cst.StarredElement)


def expression_contexts(module: cst.Module) -> dict:
    """node -> ExpressionContext, as ExpressionContextProvider gives it (found in the walk
    NodeIndex makes)."""
    return node_index(module).contexts


def _targets(node, context):  # Assign
    for target in node.targets:
        yield target, _STORE
    yield node.value, context


def _annotated(node, context):  # AnnAssign
    yield node.target, _STORE
    yield node.annotation, context
    yield node.value, context


def _target_and_value(node, context):  # AugAssign, NamedExpr
    yield node.target, _STORE
    yield node.value, context


def _comprehension(node, context):  # CompFor
    yield node.target, _STORE
    yield node.iter, context
    for test in node.ifs:
        yield test, context
    yield node.inner_for_in, context


def _for(node, context):
    yield node.target, _STORE
    yield node.iter, context
    yield node.body, context
    yield node.orelse, context


def _attribute(node, context):  # the attribute's own name gets no context
    yield node.value, _LOAD


def _subscript(node, context):
    yield node.value, _LOAD
    for element in node.slice:
        yield element, _LOAD


def _class(node, context):  # type parameters get no context
    yield node.name, _STORE
    yield node.body, context
    for part in (*node.bases, *node.keywords, *node.decorators):
        yield part, context


def _function(node, context):  # type parameters get no context
    yield node.name, _STORE
    yield node.params, context
    yield node.body, context
    for decorator in node.decorators:
        yield decorator, context
    yield node.returns, context


def _param(node, context):
    yield node.name, _STORE
    yield node.annotation, context
    yield node.default, context


_CONTEXT_RULES = {
    cst.Name: lambda node, context: (),
    cst.Assign: _targets,
    cst.AnnAssign: _annotated,
    cst.AugAssign: _target_and_value,
    cst.NamedExpr: _target_and_value,
    cst.AsName: lambda node, context: ((node.name, _STORE),),
    cst.CompFor: _comprehension,
    cst.For: _for,
    cst.Del: lambda node, context: ((node.target, _DEL),),
    cst.Attribute: _attribute,
    cst.Subscript: _subscript,
    cst.ClassDef: _class,
    cst.FunctionDef: _function,
    cst.Param: _param,
}
_RECORDED = frozenset(_CONTEXT_HOLDERS)


class QualifiedNames(Mapping):
    """What QualifiedNameProvider gives: every node, in visit order, mapped to the
    qualified names its scope gives it, or an empty set. Computed when first asked for,
    since a rule asks about a few dozen of a file's thousands of nodes."""

    def __init__(self, index: "NodeIndex", scopes: Mapping) -> None:
        self._index = index
        self._scopes = scopes
        self._known: dict = {}

    def __getitem__(self, node: cst.CSTNode) -> set:
        found = self._known.get(node)
        if found is None:
            if node not in self._index.order:
                raise KeyError(node)
            scope = self._scopes.get(node)
            found = self._known[node] = scope.get_qualified_names_for(node) if scope else set()
        return found

    def __iter__(self) -> Iterator[cst.CSTNode]:
        return iter(self._index.order)

    def __len__(self) -> int:
        return len(self._index.order)

    def __contains__(self, node: object) -> bool:
        return node in self._index.order


class NodeIndex:
    """Every node of a module, found in one walk: each one's place in visit order, its
    parent and its expression context, and the nodes of each type. Rules look things up
    here instead of walking the tree (and testing every node against LibCST's abstract
    classes) again and again."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.order: dict[cst.CSTNode, int] = {}  # node -> its place in visit order
        self.parents: dict[cst.CSTNode, cst.CSTNode] = {}
        self.contexts: dict[cst.CSTNode, ExpressionContext] = {}  # see expression_contexts()
        by_type: dict[type, list] = {}
        order, parents, contexts = self.order, self.parents, self.contexts
        # Two stacks, (node, its expression context or None): this walk meets every node
        # of the file, so it is written out flat, without a call per node.
        nodes: list = [module]
        node_contexts: list = [_LOAD]
        known_orders, is_node, rules, recorded = _VISIT_ORDER, _IS_NODE, _CONTEXT_RULES, _RECORDED
        while nodes:
            node = nodes.pop()
            context = node_contexts.pop()
            order[node] = len(order)
            kind = type(node)
            same = by_type.get(kind)
            if same is None:
                by_type[kind] = [node]
            else:
                same.append(node)
            known = known_orders.get(kind)
            names = known[0] if known is not None and not known[1] else _visit_order(node)
            below = []
            for name in names:
                value = getattr(node, name)
                value_kind = type(value)
                if value_kind is tuple or value_kind is list:
                    below.extend(value)
                elif is_node.get(value_kind) or (value_kind not in is_node and is_node_type(value_kind)):
                    below.append(value)
            if not below:
                if context is not None and kind in recorded:
                    contexts[node] = context
                continue
            for child in below:
                parents[child] = node
            below.reverse()
            nodes.extend(below)
            if context is None:  # a part LibCST's context visitor never enters
                node_contexts.extend([None] * len(below))
                continue
            if kind in recorded:
                contexts[node] = context
            rule = rules.get(kind)
            if rule is None:  # the parts share the context of the whole
                node_contexts.extend([context] * len(below))
            else:
                given = {id(child): child_context for child, child_context in rule(node, context) if child is not None}
                node_contexts.extend([given.get(id(child)) for child in below])
        self._by_type = by_type
        self._of: dict = {}  # kind -> (its nodes in visit order, their places in it)
        self._sizes: Optional[dict] = None  # node -> how many nodes its subtree holds

    def of(self, kind: "type | tuple[type, ...]") -> list:
        """The nodes that are instances of `kind`, in visit order."""
        return list(self._nodes_and_places(kind)[0])

    def under(self, root: cst.CSTNode, kind: "type | tuple[type, ...]") -> Optional[list]:
        """The nodes that are instances of `kind` in `root`'s subtree, `root` included, in
        visit order; None if `root` is not in this module. (Nodes never change, so a
        subtree is the same in every module that holds it.)"""
        start = self.order.get(root)
        if start is None:
            return None
        if self._sizes is None:
            self._sizes = sizes = dict.fromkeys(self.order, 1)
            parents = self.parents
            for node in reversed(self.order):  # children before their parents
                parent = parents.get(node)
                if parent is not None:
                    sizes[parent] += sizes[node]
        nodes, places = self._nodes_and_places(kind)
        return list(nodes[bisect_left(places, start):bisect_left(places, start + self._sizes[root])])

    def _nodes_and_places(self, kind) -> tuple[tuple, list[int]]:
        found = self._of.get(kind)
        if found is None:
            types = [t for t in self._by_type if issubclass(t, kind)]
            if len(types) == 1:
                nodes = self._by_type[types[0]]
            else:
                nodes = sorted((n for t in types for n in self._by_type[t]), key=self.order.__getitem__)
            found = self._of[kind] = (tuple(nodes), [self.order[n] for n in nodes])
        return found


class Positions(Mapping):
    """What PositionProvider gives (each node's syntactic CodeRange), from code generation
    that records plain (line, column) pairs. LibCST's own pass builds two position objects
    and a range per node and enters a generator-based context manager for most of them,
    which costs twice the code generation itself. Nothing is computed until a position
    is asked for (a file with nothing to report needs none), and a range is built only for
    the few dozen nodes a rule asks about.

    Given the module's source text, a node's position comes from its statement alone: the
    statement's code is generated with the indentation of the blocks around it, and found
    in the text. Where that code occurs exactly once, its place there is its place in the
    module, so the positions are exact; otherwise the enclosing statement is tried, and
    last the whole module."""

    def __init__(self, module: cst.Module, text: Optional[str] = None) -> None:
        self._module = module
        self._text = text
        self._known: Optional[dict] = None  # node -> ((line, column), (line, column)), all of them
        self._found: dict = {}  # the same, for the statements generated one by one

    @property
    def _spans(self) -> dict:
        if self._known is None:
            self._known = _spans(self._module)
        return self._known

    def __getitem__(self, node: cst.CSTNode) -> CodeRange:
        span = self._found.get(node)
        if span is None and self._known is None and self._text is not None:
            span = self._from_statement(node)
        if span is None:
            span = self._spans[node]
        start, end = span
        return CodeRange(CodePosition(*start), CodePosition(*end))

    def __iter__(self) -> Iterator[cst.CSTNode]:
        return iter(self._spans)

    def __len__(self) -> int:
        return len(self._spans)

    def __contains__(self, node: object) -> bool:
        return node in self._spans

    def _from_statement(self, node: cst.CSTNode) -> Optional[tuple]:
        index = node_index(self._module)
        if node not in index.order:
            return None
        parents = index.parents
        unit: Optional[cst.CSTNode] = node
        while unit is not None:
            # Only a statement of a body generates the same code alone: an `elif` is an If
            # in its parent's orelse, and alone it would come out as `if`.
            if isinstance(unit, cst.BaseStatement) and isinstance(parents.get(unit), (cst.IndentedBlock, cst.Module)):
                spans = _statement_spans(unit, parents, self._module, self._text)  # type: ignore[arg-type]
                if spans is not None:
                    self._found.update(spans)
                    return spans[node]
            unit = parents.get(unit)
        return None


def _statement_spans(stmt: cst.BaseStatement, parents: dict, module: cst.Module, text: str) -> Optional[dict]:
    """The spans of `stmt` and everything in it, if its code occurs exactly once in `text`.
    `stmt` must be one of a body's statements: their code depends on nothing else but the
    indentation of the blocks around them."""
    indents = []  # what each enclosing block adds, as IndentedBlock's code generation does
    block = parents.get(stmt)
    while block is not None:
        if isinstance(block, cst.IndentedBlock):
            indents.append(module.default_indent if block.indent is None else block.indent)
        block = parents.get(block)
    state = _PositionState(default_indent=module.default_indent, default_newline=module.default_newline,
                           indent_tokens=indents[::-1])
    stmt._codegen(state)
    code = "".join(state.tokens)
    at = text.find(code)
    if not code or at < 0 or text.find(code, at + 1) >= 0 or (at > 0 and text[at - 1] not in "\r\n"):
        return None
    lines_before = len(_NEWLINE.findall(text, 0, at)) if "\r" in text else text.count("\n", 0, at)
    if not lines_before:
        return state.spans
    return {n: ((start[0] + lines_before, start[1]), (end[0] + lines_before, end[1]))
            for n, (start, end) in state.spans.items()}


def positions(module: cst.Module) -> Positions:
    found = Positions(module)
    found._spans  # computed now
    return found


def _spans(module: cst.Module) -> dict:
    state = _PositionState(default_indent=module.default_indent, default_newline=module.default_newline)
    module._codegen(state)
    return state.spans


@add_slots
@dataclass(frozen=False)
class _PositionState(CodegenState):
    """PositionProvidingCodegenState's bookkeeping, with tuples and a plain context manager."""

    line: int = 1  # one-indexed
    column: int = 0  # zero-indexed
    spans: dict = field(default_factory=dict)
    _starts: list = field(default_factory=list)

    def add_indent_tokens(self) -> None:
        self.tokens.extend(self.indent_tokens)
        for token in self.indent_tokens:
            self._advance(token)

    def add_token(self, value: str) -> None:
        self.tokens.append(value)
        self._advance(value)

    def _advance(self, value: str) -> None:
        if "\n" in value or "\r" in value:
            segments = _NEWLINE.split(value)
            self.line += len(segments) - 1
            self.column = len(segments[-1])
        else:
            self.column += len(value)

    def before_codegen(self, node: cst.CSTNode) -> None:
        self._starts.append((self.line, self.column))

    def after_codegen(self, node: cst.CSTNode) -> None:
        start = self._starts.pop()
        if node not in self.spans:  # a syntactic position recorded inside wins
            self.spans[node] = (start, (self.line, self.column))

    def record_syntactic_position(self, node: cst.CSTNode, *, start_node: Optional[cst.CSTNode] = None,
                                  end_node: Optional[cst.CSTNode] = None) -> "_SyntacticSpan":
        return _SyntacticSpan(self, node, start_node, end_node)


class _SyntacticSpan:
    __slots__ = ("state", "node", "start_node", "end_node", "start")

    def __init__(self, state: _PositionState, node: cst.CSTNode, start_node: Optional[cst.CSTNode],
                 end_node: Optional[cst.CSTNode]) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node

    def __enter__(self) -> None:
        self.start = (self.state.line, self.state.column)

    def __exit__(self, *exc: object) -> None:
        state = self.state
        start = self.start if self.start_node is None else state.spans[self.start_node][0]
        end = (state.line, state.column) if self.end_node is None else state.spans[self.end_node][1]
        state.spans[self.node] = (start, end)


_NEWLINE = re.compile(r"\r\n?|\n")  # what PositionProvider counts as a line break

_last_index: Optional[NodeIndex] = None  # the rules of one file share one index


def nodes_under(root: cst.CSTNode, kind: "type | tuple[type, ...]") -> list:
    """The nodes that are instances of `kind` under `root` (included), in visit order:
    looked up in the last module indexed when `root` is in it, else found by a walk."""
    if _last_index is not None:
        found = _last_index.under(root, kind)
        if found is not None:
            return found
    return [node for node in preorder(root) if isinstance(node, kind)]


def node_index(module: cst.Module) -> NodeIndex:
    global _last_index
    if _last_index is None or _last_index.module is not module:
        _last_index = NodeIndex(module)
    return _last_index


def parent_map(module: cst.Module) -> dict[cst.CSTNode, cst.CSTNode]:
    """Each node's parent, from the walk NodeIndex makes, which the rules of one file share."""
    return node_index(module).parents


def preorder(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node, in the order a LibCST visitor meets them."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(_children_in_visit_order(node)))


def _children_in_visit_order(node: cst.CSTNode) -> list:
    below = []
    for name in _visit_order(node):
        value = getattr(node, name)
        kind = type(value)
        if kind is tuple or kind is list:
            below.extend(value)
        elif is_node_type(kind):
            below.append(value)
    return below


def _visit_order(node: cst.CSTNode) -> tuple[str, ...]:
    """The fields of `node`'s type in the order LibCST's traversal visits them (not always
    their declaration order: a function's decorators come before its name), read from the
    visitor hooks LibCST calls for each field. A few types visit a field only when it is
    set (an f-string's format spec), so the order is read again from the first node that
    has such a field set, and that fuller order serves every node of the type."""
    known = _VISIT_ORDER.get(type(node))
    if known is not None:
        order, unseen = known
        if not unseen or not any(_holds_nodes(getattr(node, name)) for name in unseen):
            return order
    recorder = _FieldRecorder()
    node._visit_and_replace_children(recorder)
    order = tuple(recorder.fields)
    unseen = tuple(name for name in fields(type(node)) if name not in order
                   and not isinstance(getattr(node, name), (str, bool, int)))  # never nodes
    _VISIT_ORDER[type(node)] = (order, unseen)
    return order


def _holds_nodes(value: object) -> bool:
    return is_node_type(type(value)) or (isinstance(value, (tuple, list)) and bool(value))


class _FieldRecorder(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.fields: list[str] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        return False  # fields only, not what is in them

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        self.fields.append(attribute)
