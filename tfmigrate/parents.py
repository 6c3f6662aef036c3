"""Walking a LibCST tree without LibCST's visitor machinery, which is ten times slower.

Every node under a root, and each node's fields. The parent map the rules share is
tfmigrate.metadata.parent_map, built on this walk.

ParentNodeProvider walks the tree through LibCST's visitor machinery and asks every
node for its `children`, which are themselves computed by a visit. The parent map only
needs each node's fields, which are plain dataclass attributes, so this walks those
directly. The result is the same mapping (tests/test_parents.py compares the two).
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Collection, Iterator, Optional

import libcst as cst

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def iter_nodes(root: cst.CSTNode, prune: Optional[Callable[[cst.CSTNode], bool]] = None,
               skip: Collection[tuple[type, str]] = ()) -> Iterator[cst.CSTNode]:
    """`root` and every node below it, in no particular order. A node for which `prune`
    is true is left out with everything below it; `skip` is passed on to children()."""
    stack: list[cst.CSTNode] = [root]
    while stack:
        node = stack.pop()
        if prune is not None and prune(node):
            continue
        yield node
        stack.extend(children(node, skip))


def children(node: cst.CSTNode, skip: Collection[tuple[type, str]] = ()) -> Iterator[cst.CSTNode]:
    """The nodes held in `node`'s fields, except the (node type, field name) pairs in `skip`."""
    node_type = type(node)
    for name in fields(node_type):
        if skip and (node_type, name) in skip:
            continue
        value = getattr(node, name)
        kind = type(value)
        if kind is tuple or kind is list:
            for child in value:
                if is_node_type(type(child)):
                    yield child
        elif is_node_type(kind):
            yield value


def is_node_type(kind: type) -> bool:
    """issubclass(kind, CSTNode), remembered: CSTNode is an ABC, whose isinstance checks
    cost more than the rest of a walk."""
    known = _IS_NODE.get(kind)
    if known is None:
        known = _IS_NODE[kind] = issubclass(kind, cst.CSTNode)
    return known


_IS_NODE: dict[type, bool] = {}


def fields(node_type: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(node_type)
    if names is None:
        names = _FIELD_NAMES[node_type] = tuple(f.name for f in dataclasses.fields(node_type))
    return names
