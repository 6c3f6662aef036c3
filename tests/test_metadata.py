"""tfmigrate.metadata.analyse() must hand the rules exactly the metadata LibCST computes.

Both are computed over the same module object, so nodes compare by identity; scopes,
which are new objects in each, compare by kind, owning node, assignments and accesses.
LibCST parses string annotations ("tf.Tensor") into new nodes on every run, so those
compare by their type and code.
"""

from __future__ import annotations

import sysconfig
import textwrap
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import (
    ExpressionContextProvider,
    MetadataWrapper,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)

from tfmigrate.metadata import analyse

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
STDLIB = Path(sysconfig.get_paths()["stdlib"])

# Modules chosen for their variety: classes in functions, closures, comprehensions,
# global/nonlocal, decorators, lambdas, star imports, match statements, async code.
STDLIB_MODULES = ["dataclasses.py", "functools.py", "enum.py", "argparse.py", "inspect.py",
                  "typing.py", "asyncio/tasks.py", "re/_parser.py", "ast.py", "pathlib.py"]

SCOPE_EDGE_CASES = textwrap.dedent('''
    import tensorflow as tf
    import tensorflow.compat.v1 as tf1
    from tensorflow import ConfigProto as CP
    from os.path import *
    try:
        import tensorflow.compat.v1 as tfx
    except ImportError:
        import tensorflow as tfx

    counter = 0

    def bump():
        global counter
        counter += 1
        def inner():
            nonlocal_value = counter
            def innermost():
                nonlocal nonlocal_value
                nonlocal_value = tf.constant(1)
            return innermost
        return inner

    class Model:
        tf = None
        config = tf1.ConfigProto()
        def method(self, tf=tf):
            return [tf for tf in range(3)], {k: CP for k in "ab"}, lambda x=tfx: x.Session

    @tf.function
    def decorated(x: "tf.Tensor") -> tf.Tensor:
        if (y := x) is not None:
            del y
        match x:
            case tf.Tensor(shape=s):
                return s
            case [first, *rest]:
                return first
        return tf1.Session(config=CP())

    async def agen():
        async with tf1.Session() as sess:
            yield [item async for item in sess]
''')


def _cases() -> list:
    cases = [pytest.param(SCOPE_EDGE_CASES, id="scope-edge-cases")]
    for path in sorted(CORPUS.glob("*/*.py")):
        cases.append(pytest.param(path.read_text(encoding="utf-8"), id=f"{path.parent.name}/{path.name}"))
    for name in STDLIB_MODULES:
        path = STDLIB / name
        if path.exists():
            cases.append(pytest.param(path.read_text(encoding="utf-8"), id=f"stdlib/{name}"))
    return cases


def _keyer(module: cst.Module):
    """node -> a key equal across runs: its identity if it is in the module, else its code."""
    ours = {id(n) for n in _all_nodes(module)}

    def key(node) -> tuple:
        if id(node) in ours:
            return ("in-module", id(node))
        return ("parsed-string", type(node).__name__, cst.Module([]).code_for_node(node))

    return key


def _all_nodes(module: cst.Module) -> list:
    met: list = []

    class Record(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            met.append(node)
            return True

    module.visit(Record())
    return met


def _scope_shape(scope, key) -> tuple:
    # _index: how many assignments the scope had seen when this one (or this access) was
    # met; it decides which assignments an access sees.
    assignments = sorted((a.name, key(a.node), a._index) for a in scope.assignments)
    accesses = sorted((key(a.node), a._index, tuple(sorted(key(r.node) for r in a.referents if hasattr(r, "node"))))
                      for a in scope.accesses)
    owner = getattr(scope, "node", None)  # the global scope has none
    return type(scope).__name__, owner and key(owner), tuple(assignments), tuple(accesses)


@pytest.mark.parametrize("source", _cases())
def test_analyse_matches_libcst(source: str) -> None:
    module = cst.parse_module(source)
    ours = analyse(module)
    theirs = MetadataWrapper(module, unsafe_skip_copy=True)
    theirs.resolve_many([ScopeProvider, QualifiedNameProvider, PositionProvider])
    assert ours.module is theirs.module is module

    assert dict(ours.resolve(ExpressionContextProvider)) == dict(theirs.resolve(ExpressionContextProvider))
    assert dict(ours.resolve(PositionProvider)) == dict(theirs.resolve(PositionProvider))

    key = _keyer(module)
    our_scopes, their_scopes = ours.resolve(ScopeProvider), theirs.resolve(ScopeProvider)
    assert [key(n) for n in our_scopes] == [key(n) for n in their_scopes]  # same nodes, same order
    shapes: dict = {}

    def shape(scope) -> tuple:
        if id(scope) not in shapes:
            shapes[id(scope)] = _scope_shape(scope, key)
        return shapes[id(scope)]

    for (node, scope), mine in zip(their_scopes.items(), our_scopes.values()):
        assert shape(mine) == shape(scope), type(node).__name__

    our_names, their_names = ours.resolve(QualifiedNameProvider), theirs.resolve(QualifiedNameProvider)
    assert list(our_names) == list(their_names)  # rules iterate it: the order matters too
    resolved = 0
    for node, value in their_names.items():
        expected = value() if callable(value) else value
        mine = our_names[node]
        assert (mine() if callable(mine) else mine) == expected, type(node).__name__
        resolved += bool(expected)
    assert resolved > 0


def test_every_node_is_keyed_once_in_visit_order() -> None:
    """The qualified-name keys are the tree's nodes in the order a LibCST visitor meets them."""
    module = cst.parse_module(SCOPE_EDGE_CASES)
    met = _all_nodes(module)
    keys = list(analyse(module).resolve(QualifiedNameProvider))
    assert keys == met and len(set(map(id, keys))) == len(keys)


CONTEXT_EDGE_CASES = textwrap.dedent('''
    import a.b.c
    from . import x as y
    from .m import (p, q as r)
    del a, (b, c), d[0], e.f
    [g, *h] = i, (j, k) = l
    m.n[o], p.q = s
    t: u[int] = v
    w.x: int
    z += 1
    if (aa := bb) and [cc for dd, *ee in ff if (gg := dd)]:
        pass
    with open(hh) as (ii, jj), kk as ll.mm:
        pass
    try:
        pass
    except (ValueError, nn) as oo:
        pass
    for pp, (qq, *rr) in ss:
        del pp
    else:
        tt = [uu for uu in vv for ww in uu]
    async def f(a1: int = b1, *a2: c1, a3=lambda d1=e1: d1, **a4) -> g1[h1]:
        async for i1 in j1:
            pass
        async with k1 as l1:
            pass
        global m1
        nonlocal_ = {n1: o1 for n1, o1 in p1}
        return (q1 for q1 in r1)
    @deco(s1)
    class C(Base, metaclass=Meta):
        attr: int = 0
        def method(self, *, key=None): ...
    match command:
        case [x1, *rest] if x1 > 0:
            pass
        case {"k": v2, **others}:
            pass
        case Point(x=x3, y=0) | Other(x3) as whole:
            pass
    print(f"{s2!r:>{width}} {t2.u2[0]}")
    v3[1:2, ::3] = w3[x3:y3]
''')


@pytest.mark.parametrize("source", [pytest.param(CONTEXT_EDGE_CASES, id="context-edge-cases"),
                                    pytest.param("def f[T: int, *Ts, **P](x: T) -> T: ...\n"
                                                 "class C[K, V](Base[K]): pass\n"
                                                 "type Pair[A] = tuple[A, A]\n", id="type-parameters"),
                                    *(pytest.param(path.read_text(encoding="utf-8"), id=f"stdlib/{path.name}")
                                      for path in sorted(STDLIB.glob("*.py"))[::7])])
def test_expression_contexts_match_libcst(source: str) -> None:
    """tfmigrate.metadata.expression_contexts walks the tree itself; ScopeProvider reads
    it to tell assignments from accesses, so it must equal LibCST's own mapping."""
    from tfmigrate.metadata import expression_contexts

    module = cst.parse_module(source)
    theirs = MetadataWrapper(module, unsafe_skip_copy=True).resolve(ExpressionContextProvider)
    assert expression_contexts(module) == dict(theirs)


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*/before.py"))[::4], ids=lambda p: p.parent.name)
def test_nodes_under_a_root_match_a_walk(path: Path) -> None:
    """NodeIndex.under answers from the index what a walk of the subtree finds."""
    from tfmigrate.metadata import NodeIndex, preorder

    module = cst.parse_module(path.read_text(encoding="utf-8"))
    index = NodeIndex(module)
    roots = list(index.order)[::7]
    for kind in (cst.Call, cst.Comment, (cst.Name, cst.Attribute), cst.BaseExpression):
        for root in roots:
            assert index.under(root, kind) == [n for n in preorder(root) if isinstance(n, kind)]
    assert index.under(cst.Name("elsewhere"), cst.Name) is None


class _HookRecorder(cst.CSTVisitor):
    """Every hook call of a traversal, with the node's identity (and the field's value)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.calls.append(("visit", id(node)))
        return not isinstance(node, cst.Lambda)  # a visitor may also stop the descent

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.calls.append(("leave", id(original_node)))

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        if getattr(node, attribute) is not None:  # see visit_in_place: a None field may differ
            self.calls.append(("visit field", id(node), attribute))

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        if getattr(original_node, attribute) is not None:
            self.calls.append(("leave field", id(original_node), attribute))


@pytest.mark.parametrize("source", [pytest.param(SCOPE_EDGE_CASES, id="scope-edge-cases"),
                                    pytest.param(CONTEXT_EDGE_CASES, id="context-edge-cases"),
                                    *(pytest.param(STDLIB.joinpath(name).read_text(encoding="utf-8"), id=f"stdlib/{name}")
                                      for name in STDLIB_MODULES if STDLIB.joinpath(name).exists())])
def test_visit_in_place_calls_the_hooks_libcst_calls(source: str) -> None:
    """The scope analysis walks the tree with visit_in_place instead of CSTNode.visit,
    which copies every node: the hooks a visitor sees must be the same, in the same order."""
    from tfmigrate.metadata import visit_in_place

    module = cst.parse_module(source)
    theirs, ours = _HookRecorder(), _HookRecorder()
    module.visit(theirs)
    assert visit_in_place(module, ours) is module
    assert ours.calls == theirs.calls
    assert len(theirs.calls) > 100


def test_libcst_visit_is_restored_after_an_analysis() -> None:
    """CSTNode.visit is swapped only while a scope analysis runs, and back even if it fails."""
    from tfmigrate import metadata

    original = cst.CSTNode.visit
    analyse(cst.parse_module(SCOPE_EDGE_CASES))
    assert cst.CSTNode.visit is original

    class Boom(Exception):
        pass

    def fail(self, node):
        raise Boom

    broken = type("Broken", (metadata._ScopeVisitor,), {"visit_Name": fail})
    saved, metadata._ScopeVisitor = metadata._ScopeVisitor, broken
    try:
        with pytest.raises(Boom):
            analyse(cst.parse_module("x = y\n"))
    finally:
        metadata._ScopeVisitor = saved
    assert cst.CSTNode.visit is original


def _position_cases() -> list:
    cases = [pytest.param(SCOPE_EDGE_CASES, True, id="scope-edge-cases"),
             pytest.param(CONTEXT_EDGE_CASES, True, id="context-edge-cases"),
             # The same statement at two depths and twice at one (found through the
             # statement around it), a block with its own indent, a tab in an indent.
             pytest.param("def f():\n    x = 1\n    if x:\n    \tx = 1\n    return x\nclass C:\n"
                          "  def g(self):\n      # note\n\n      x = 1\n      x = 1\n", True, id="repeats-and-indents"),
             pytest.param("import os\r\n\r\ndef f():\r\n    return os.sep  # sep\r\nx = f()\r\n", True, id="crlf"),
             pytest.param("a = 1\rif a:\r    b = 2\r", True, id="cr"),
             # Each top-level statement's code is also inside another: the whole pass.
             pytest.param("x = 1\ndef f():\n    x = 1\nx = 1", False, id="no-final-newline")]
    for path in sorted(CORPUS.glob("*/before.py"))[::5]:
        cases.append(pytest.param(path.read_text(encoding="utf-8"), True, id=f"{path.parent.name}"))
    for name in STDLIB_MODULES[:4]:
        cases.append(pytest.param(STDLIB.joinpath(name).read_text(encoding="utf-8"), True, id=f"stdlib/{name}"))
    for path in sorted(STDLIB.glob("*.py"))[3::12]:  # a wider sample of real code
        cases.append(pytest.param(path.read_text(encoding="utf-8"), True, id=f"stdlib/{path.name}"))
    return cases


@pytest.mark.parametrize("source, by_statement", _position_cases())
def test_positions_found_statement_by_statement_match_libcst(source: str, by_statement: bool) -> None:
    """Given the source text, Positions generates only the statement around the node
    asked about and finds its code in the text; every node must still get LibCST's range."""
    from tfmigrate.metadata import Positions

    module = cst.parse_module(source)
    theirs = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    ours = Positions(module, source)
    nodes = _all_nodes(module)
    # Statements first, the module itself last (it needs the whole pass). A top-level statement
    # whose code occurs twice in the text (`estimator.train(...)` run twice) cannot be placed
    # alone, so its nodes are asked about after the others: they need the whole pass too.
    repeated = set()
    for stmt in module.body if by_statement else ():
        if source.count(module.code_for_node(stmt).strip("\n")) > 1:
            repeated |= {id(n) for n in _all_nodes(stmt)}
    ordered = [n for n in reversed(nodes) if id(n) not in repeated and n is not module]
    for node in [*ordered, *[n for n in reversed(nodes) if id(n) in repeated], module]:
        assert ours[node] == theirs[node], (type(node).__name__, module.code_for_node(node)[:60])
    if by_statement:
        assert len(ours._found) > len(nodes) // 2
    else:
        assert not ours._found


def test_a_statement_is_found_alone_only_where_its_code_is_unique() -> None:
    from tfmigrate.metadata import NodeIndex, Positions, _statement_spans

    source = "class C:\n  def g(self):\n  \tx = 1\n  \treturn x\n\ndef h():\n    return x\n"
    module = cst.parse_module(source)
    index = NodeIndex(module)
    lines = [n for n in index.of(cst.SimpleStatementLine)]
    assign, return_in_g, return_in_h = lines
    # Inside two blocks, one with its own indent ("  ", then "  \t"): found where it is.
    spans = _statement_spans(assign, index.parents, module, source)
    assert spans is not None and spans[assign] == ((3, 3), (3, 8))  # its own code: after the indent, before the newline
    # "    return x\n" is h's, but "  \treturn x\n" is g's alone: each is unique.
    assert _statement_spans(return_in_g, index.parents, module, source)[return_in_g][0] == (4, 3)
    assert _statement_spans(return_in_h, index.parents, module, source)[return_in_h][0] == (7, 4)
    # An `elif` is an If inside another If: alone it would read `if ...`, which may well
    # occur elsewhere, so its position comes from the statement around it.
    source = "def f():\n    if a:\n        b()\n    elif c:\n        d()\ndef g():\n    if c:\n        d()\n"
    module = cst.parse_module(source)
    theirs = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    elif_call = [n for n in _all_nodes(module) if isinstance(n, cst.Call)][1]
    assert Positions(module, source)[elif_call] == theirs[elif_call]
    assert theirs[elif_call].start.line == 5
    # A statement whose code also occurs elsewhere is not placed by a guess.
    twice = "def a():\n    return x\ndef b():\n    return x\n"
    module = cst.parse_module(twice)
    index = NodeIndex(module)
    first = index.of(cst.SimpleStatementLine)[0]
    assert _statement_spans(first, index.parents, module, twice) is None
