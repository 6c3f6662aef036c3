"""The contract between rules and the engine: rules report, the engine fixes.

A rule reads a module (with LibCST metadata resolved once) and returns `Finding`s. A
finding names a node (for its position), a code, a message and, when the site can be
translated faithfully, the edits that translate it. A finding without edits is a
diagnostic: the site is left as it is and a human has to look.

Keeping rules read-only means one engine serves `rewrite`, `--diff`, `--check` and
`check`, and that `--select`, `--ignore` and `# tfmigrate: ignore[...]` comments work the
same way for every rule: the engine drops findings before anything is applied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Iterable, Mapping, Optional, Sequence, Union

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from tfmigrate.prefilter import TriggerPattern

Replacement = Union[cst.CSTNode, cst.RemovalSentinel, cst.FlattenSentinel]


@dataclass(frozen=True)
class Replace:
    """Put `new` where `node` is. `node` must belong to the analysed module.

    With `keep_comments`, a statement removed this way hands the comment lines above it
    to the next statement of its block (or to the block's end)."""

    node: cst.CSTNode
    new: Replacement
    keep_comments: bool = False


@dataclass(frozen=True)
class InsertBefore:
    """Insert statements before `stmt` (a statement of the analysed module).

    The blank lines above `stmt` move above the insertion, and so do its comments when
    `take_comments` (the insertion belongs to the statement); otherwise they stay with it.
    `separator` lines go between the insertion and `stmt`."""

    stmt: cst.BaseStatement
    new: Sequence[cst.BaseStatement]
    separator: Sequence[cst.EmptyLine] = ()
    take_comments: bool = True


Edit = Union[Replace, InsertBefore]


@dataclass(frozen=True)
class ImportSpec:
    """`import module as asname` (obj None) or `from module import obj as asname`."""

    module: str
    obj: Optional[str] = None
    asname: Optional[str] = None


@dataclass
class Finding:
    code: str
    message: str
    node: cst.CSTNode
    edits: tuple[Edit, ...] = ()
    add_imports: tuple[ImportSpec, ...] = ()
    # (module, name) imports to drop if the rewrite left them unused.
    remove_unused_imports: tuple[tuple[str, Optional[str]], ...] = ()
    # Extra diagnostics that travel with a fix (e.g. "allocator_type dropped").
    notes: tuple["Finding", ...] = ()
    # The fix writes TF1 code another rule rewrites (a ConfigProto for TFM1xx): the engine
    # runs the rules again on its output, so that one run is final.
    rewrite_again: bool = False

    @property
    def fixable(self) -> bool:
        return bool(self.edits)


class Rule:
    """Base class for a rule: subclasses set the class attributes and implement find()."""

    name: ClassVar[str]  # module-like identifier, e.g. "config_proto"
    codes: ClassVar[Mapping[str, str]]  # every code it may report -> one-line description
    triggers: ClassVar[tuple[str, ...]]  # identifiers whose absence proves there is nothing to do
    trigger_patterns: ClassVar[tuple[TriggerPattern, ...]] = ()  # for what a word cannot say

    def find(self, wrapper: MetadataWrapper) -> Iterable[Finding]:
        raise NotImplementedError


def position(wrapper: MetadataWrapper, node: cst.CSTNode) -> tuple[int, int, int]:
    """(line, 1-based column, end line) of a node of `wrapper.module`."""
    pos = wrapper.resolve(PositionProvider)[node]
    return pos.start.line, pos.start.column + 1, pos.end.line


class EditConflict(Exception):
    pass


class _Applier(cst.CSTTransformer):
    def __init__(self, edits: Iterable[Edit], wanted: set, parents: dict) -> None:
        super().__init__()
        self.wanted = wanted
        self.parents = parents
        self.carry_from: set[cst.CSTNode] = set()  # removed statements whose comments move on
        self.carried: dict[cst.CSTNode, list[cst.EmptyLine]] = {}  # statement (or block) -> lines it gets
        self.replace: dict[cst.CSTNode, Replacement] = {}
        self.before: dict[cst.CSTNode, list[cst.BaseStatement]] = {}
        self.separator: dict[cst.CSTNode, list[cst.EmptyLine]] = {}
        self.keep_comments: set[cst.CSTNode] = set()
        for e in edits:
            if isinstance(e, Replace):
                if e.node in self.replace:
                    raise EditConflict(f"two edits replace the same {type(e.node).__name__}")
                self.replace[e.node] = e.new
                if e.keep_comments and isinstance(e.new, cst.RemovalSentinel):
                    self.carry_from.add(e.node)
            else:
                self.before.setdefault(e.stmt, []).extend(e.new)
                self.separator.setdefault(e.stmt, []).extend(e.separator)
                if not e.take_comments:
                    self.keep_comments.add(e.stmt)

    def on_visit(self, node: cst.CSTNode) -> bool:
        # A transformer rebuilds every node it descends into; below here nothing changes.
        return node in self.wanted

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):  # type: ignore[override]
        new: Replacement = self.replace.get(original_node, updated_node)
        new = self._carry_comments(original_node, new)
        inserted = self.before.get(original_node)
        if not inserted:
            return new
        # The blank lines above the statement now sit above the insertion; its comments stay.
        leading = list(getattr(new, "leading_lines", ()))
        blanks = len(leading)
        if original_node in self.keep_comments:
            blanks = 0
            while blanks < len(leading) and leading[blanks].comment is None:
                blanks += 1
        if hasattr(new, "leading_lines") and hasattr(inserted[0], "leading_lines"):
            inserted = [inserted[0].with_changes(leading_lines=[*leading[:blanks], *inserted[0].leading_lines]),
                        *inserted[1:]]
            new = new.with_changes(  # type: ignore[union-attr]
                leading_lines=[*self.separator.get(original_node, ()), *leading[blanks:]])
        if isinstance(new, cst.RemovalSentinel):
            return cst.FlattenSentinel(inserted)
        if isinstance(new, cst.FlattenSentinel):
            return cst.FlattenSentinel([*inserted, *new.nodes])
        return cst.FlattenSentinel([*inserted, new])


    def _carry_comments(self, original: cst.CSTNode, new: Replacement) -> Replacement:
        lines = self.carried.pop(original, [])
        if original in self.carry_from:
            own = list(getattr(original, "leading_lines", ()))
            trailing = getattr(getattr(original, "trailing_whitespace", None), "comment", None)
            if trailing is not None:  # `sess = tf.Session(config=c)  # TODO ...`: the note stays, on its own line
                own.append(cst.EmptyLine(comment=trailing))
            if any(line.comment is not None for line in own):
                lines = [*lines, *own]
        if not lines:
            return new
        if isinstance(new, cst.RemovalSentinel):  # pass them on to what follows
            parent = self.parents.get(original)
            body = list(getattr(parent, "body", ()))
            later = body[body.index(original) + 1:] if original in body else []
            self.carried.setdefault(later[0] if later else parent, []).extend(lines)  # type: ignore[arg-type]
            return new
        if isinstance(new, (cst.IndentedBlock, cst.Module)) and not hasattr(original, "leading_lines"):
            return new.with_changes(footer=[*new.footer, *lines])
        if isinstance(new, cst.FlattenSentinel) and new.nodes and hasattr(new.nodes[0], "leading_lines"):
            first = new.nodes[0]
            return cst.FlattenSentinel([first.with_changes(leading_lines=[*lines, *first.leading_lines]),
                                        *new.nodes[1:]])
        if hasattr(new, "leading_lines"):
            return new.with_changes(leading_lines=[*lines, *new.leading_lines])  # type: ignore[union-attr]
        return new


def apply_edits(module: cst.Module, edits: Iterable[Edit], parents: Optional[dict] = None) -> cst.Module:
    """`parents`, if given, maps each edited node to its parent, and so on up to the module
    (the whole tree's map otherwise)."""
    from tfmigrate.metadata import parent_map

    edits = list(edits)
    if parents is None:
        parents = parent_map(module)
    wanted: set = set()  # the edited nodes and everything above them
    for e in edits:
        node: Optional[cst.CSTNode] = e.node if isinstance(e, Replace) else e.stmt
        while node is not None and node not in wanted:
            wanted.add(node)
            node = parents.get(node)
    return module.visit(_Applier(edits, wanted, parents))


def edits_overlap(a: Finding, b: Finding) -> bool:
    nodes_a = {e.node if isinstance(e, Replace) else e.stmt for e in a.edits}
    nodes_b = {e.node if isinstance(e, Replace) else e.stmt for e in b.edits}
    return bool(nodes_a & nodes_b)


@dataclass
class RuleSelection:
    """--select / --ignore: codes or code prefixes ("TFM1" selects TFM100..TFM199)."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    def allows(self, code: str) -> bool:
        if self.select and not any(code.startswith(s) for s in self.select):
            return False
        return not any(code.startswith(i) for i in self.ignore)

