"""LibCST's scope and qualified-name metadata, without the walks that carry nothing.

`MetadataWrapper.resolve_many` computes ScopeProvider in three batched traversals: one
for its dependency ExpressionContextProvider, one for ScopeProvider, one for
QualifiedNameProvider. Each traversal walks the whole tree only to call the provider's
`visit_Module`, which then walks the tree again itself; and QualifiedNameProvider's own
walk does nothing but pair each node with the scope ScopeProvider already found for it.
And resolving PositionProvider, which is computed by generating the code, also walks
the tree once for nothing. Together that was half the time spent on a TF1 file.

`analyse()` calls the first two providers' `visit_Module` directly and builds the
qualified names from the scopes in one walk that uses plain attribute access (the same
lazy values, keyed in the same order). The wrapper it returns is an ordinary
MetadataWrapper, so rules still call `wrapper.resolve(...)`. tests/test_metadata.py
checks every mapping against what LibCST computes itself.
"""

from __future__ import annotations

from types import MappingProxyType
from collections.abc import Mapping
from typing import Iterator, Optional

import libcst as cst
from libcst.metadata import (
    BaseMetadataProvider,
    ExpressionContextProvider,
    MetadataWrapper,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)

from tfmigrate.parents import fields, is_node_type

# node type -> (fields in visit order, fields it did not visit that may hold nodes)
_VISIT_ORDER: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def analyse(module: cst.Module) -> MetadataWrapper:
    """A wrapper around `module` itself (not a copy) with scopes, qualified names and
    positions resolved."""
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    resolved = wrapper._metadata  # what resolve() consults before computing anything
    resolved[ExpressionContextProvider] = _run(ExpressionContextProvider(), wrapper)
    scopes = resolved[ScopeProvider] = _run(ScopeProvider(), wrapper)
    resolved[QualifiedNameProvider] = QualifiedNames(node_index(module), scopes)
    # Not batchable: one code generation pass. wrapper.resolve() would also run a batched
    # traversal with no providers in it, a walk over the whole tree that records nothing.
    resolved[PositionProvider] = PositionProvider()._gen(wrapper)
    return wrapper


def _run(provider: BaseMetadataProvider, wrapper: MetadataWrapper) -> MappingProxyType:
    with provider.resolve(wrapper):  # hands it the dependencies already resolved
        provider.visit_Module(wrapper.module)  # type: ignore[attr-defined]
    return MappingProxyType(dict(provider._computed))


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
    """Every node of a module, found in one walk: each one's place in visit order and its
    parent, and the nodes of each type. Rules look things up here instead of walking the
    tree (and testing every node against LibCST's abstract classes) again and again."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.order: dict[cst.CSTNode, int] = {}  # node -> its place in visit order
        self.parents: dict[cst.CSTNode, cst.CSTNode] = {}
        by_type: dict[type, list] = {}
        order, parents = self.order, self.parents
        stack: list[cst.CSTNode] = [module]
        while stack:
            node = stack.pop()
            order[node] = len(order)
            kind = type(node)
            same = by_type.get(kind)
            if same is None:
                by_type[kind] = [node]
            else:
                same.append(node)
            below = _children_in_visit_order(node)
            for child in below:
                parents[child] = node
            stack.extend(reversed(below))
        self._by_type = by_type
        self._of: dict = {}

    def of(self, kind: "type | tuple[type, ...]") -> list:
        """The nodes that are instances of `kind`, in visit order."""
        found = self._of.get(kind)
        if found is None:
            types = [t for t in self._by_type if issubclass(t, kind)]
            if len(types) == 1:
                found = self._by_type[types[0]]
            else:
                found = sorted((n for t in types for n in self._by_type[t]), key=self.order.__getitem__)
            found = self._of[kind] = tuple(found)
        return list(found)


_last_index: Optional[NodeIndex] = None  # the rules of one file share one index


def node_index(module: cst.Module) -> NodeIndex:
    global _last_index
    if _last_index is None or _last_index.module is not module:
        _last_index = NodeIndex(module)
    return _last_index


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
