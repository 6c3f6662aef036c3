"""Drop imports that a rewrite left unused, without LibCST's RemoveImportsVisitor.

That visitor copies the module and runs a full scope analysis: about 140 ms on a
100-line file, more than everything else a rewrite costs together. Here the question is
narrower: a rule names the imports it may have orphaned (`from tensorflow import
ConfigProto`), and an import goes only when its name appears nowhere else: not as a
name in any scope, and not in a string that reads as an expression using it (`__all__`
entries, string annotations, `globals()["..."]`). Docstrings and prose do not count.
That is more conservative than a scope analysis, never less.

Only imports at the top level of the module, alone on their line, are handled here;
for anything else the caller falls back to LibCST's visitor (None is returned).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from typing import Iterable, Optional

import libcst as cst

from tfmigrate.parents import children, iter_nodes
from tfmigrate.rule import Replace, apply_edits

# Names in these fields are not uses of a variable: `x.attr`, `f(keyword=...)`.
_NOT_A_USE = {(cst.Attribute, "attr"), (cst.Arg, "keyword")}


def drop_unused(module: cst.Module, wanted: Iterable[tuple[str, Optional[str], Optional[str]]]) -> Optional[cst.Module]:
    """Remove each (module, obj, asname) import alias in `wanted` that nothing uses any more."""
    wanted = set(wanted)
    sites = _top_level_sites(module, wanted)
    if sites is None:
        return None
    uses, strings = _names_and_strings(module)
    edits = []
    for line, stmt, aliases in sites:
        unused = [a for a in aliases if uses.get(bound_name(a, stmt), 0) == 0
                  and not any(_mentions(text, bound_name(a, stmt)) for text in strings)]
        if not unused:
            continue
        kept = [a for a in stmt.names if a not in unused]  # type: ignore[union-attr]
        if not kept:  # the comment lines above it (a `# %%` cell marker) stay
            edits.append(Replace(line, cst.RemoveFromParent(), keep_comments=True))
            continue
        if isinstance(stmt.names[-1].comma, cst.MaybeSentinel):  # type: ignore[index]
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)  # no trailing comma before
        edits.append(Replace(stmt, stmt.with_changes(names=kept)))
    if not edits:
        return module
    # Every site is a top-level line: its parents are all apply_edits needs, and cheaper
    # than indexing the whole rewritten module.
    parents = {node: parent for line, stmt, _ in sites for node, parent in ((line, module), (stmt, line))}
    new = apply_edits(module, edits, parents)
    removed_first = any(e.node is module.body[0] and e.new is cst.RemoveFromParent() for e in edits)
    if removed_first and new.body:
        # The file's first line went: the blank lines that stood below it would now open the file.
        first = new.body[0]
        lines = list(first.leading_lines)
        while lines and lines[0].comment is None:
            lines.pop(0)
        new = new.with_changes(body=[first.with_changes(leading_lines=lines), *new.body[1:]])
    return new


def used_in(module: cst.Module, keys: Iterable[tuple[str, Optional[str], Optional[str]]]) -> list:
    """The (module, obj, asname) imports of `keys` whose name `module` uses: run on the
    source before a rewrite, it tells the imports the rewrite orphaned from those that
    were unused already (which are not the rewrite's to remove). Read off the node index
    the rules already built: a name is used if it occurs outside the import statements
    (an attribute or keyword of that name counts too, which only errs towards dropping,
    as before), or in a string that reads as code using it."""
    from tfmigrate.metadata import node_index

    index = node_index(module)
    everywhere = Counter(node.value for node in index.of(cst.Name))
    in_imports = Counter(node.value for stmt in import_statements(module) for node in iter_nodes(stmt)
                         if isinstance(node, cst.Name))

    def used(key: tuple[str, Optional[str], Optional[str]]) -> bool:
        mod, obj, asname = key
        name = asname or obj or mod.split(".")[0]
        if everywhere[name] > in_imports[name]:
            return True
        texts = (n.evaluated_value if isinstance(n, cst.SimpleString) else n.value
                 for n in index.of((cst.SimpleString, cst.FormattedStringText)))
        return any(isinstance(text, str) and _mentions(text, name) for text in texts)

    return [key for key in keys if used(key)]


def _top_level_sites(module: cst.Module, wanted: set) -> Optional[list]:
    """(line, import, matching aliases) for each top-level import holding a wanted alias;
    None if one sits anywhere this module does not handle."""
    sites = []
    for line in module.body:
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for stmt in line.body:
            aliases = [a for a in import_aliases(stmt) if import_key(a, stmt) in wanted]
            if aliases:
                if len(line.body) != 1:
                    return None
                sites.append((line, stmt, aliases))
    found = sum(len(a) for _, _, a in sites)
    return sites if found == _count_everywhere(module, wanted) else None


def _count_everywhere(module: cst.Module, wanted: set) -> int:
    return sum(1 for node in import_statements(module) for a in import_aliases(node) if import_key(a, node) in wanted)


def import_statements(root: cst.CSTNode) -> list:
    """Every `import` and `from ... import` under `root`. Only statements can hold one, so
    the walk never enters an expression: a tenth of the nodes of a full walk."""
    found = []
    stack = [root]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Import or kind is cst.ImportFrom:
            found.append(node)
            continue
        stack.extend(child for child in children(node) if _may_hold_statements(type(child)))
    return found


def _may_hold_statements(kind: type) -> bool:
    known = _HOLDS_STATEMENTS.get(kind)
    if known is None:
        known = _HOLDS_STATEMENTS[kind] = issubclass(kind, (
            cst.BaseStatement, cst.BaseSmallStatement, cst.BaseSuite, cst.Else, cst.ExceptHandler,
            cst.ExceptStarHandler, cst.Finally, cst.MatchCase))
    return known


_HOLDS_STATEMENTS: dict[type, bool] = {}


def import_aliases(stmt: cst.CSTNode) -> list[cst.ImportAlias]:
    """The aliases of an absolute, named import; [] for any other node."""
    if isinstance(stmt, cst.Import):
        return list(stmt.names)
    if isinstance(stmt, cst.ImportFrom) and not isinstance(stmt.names, cst.ImportStar) \
            and stmt.module is not None and not stmt.relative:
        return list(stmt.names)
    return []


def import_key(alias: cst.ImportAlias, stmt: cst.CSTNode) -> tuple[str, Optional[str], Optional[str]]:
    """(module, obj, asname): `from module import obj as asname`, or obj None for `import module`."""
    code = cst.Module([]).code_for_node
    asname = alias.asname.name.value if alias.asname else None  # type: ignore[union-attr]
    if isinstance(stmt, cst.ImportFrom):
        return code(stmt.module), code(alias.name), asname  # type: ignore[arg-type]
    return code(alias.name), None, asname


def bound_name(alias: cst.ImportAlias, stmt: cst.CSTNode) -> str:
    """The name the import binds: its `as` name, the imported name, or a module's first part."""
    if alias.asname is not None:
        return alias.asname.name.value  # type: ignore[union-attr]
    name = cst.Module([]).code_for_node(alias.name)
    return name if isinstance(stmt, cst.ImportFrom) else name.split(".")[0]


def _mentions(text: str, name: str) -> bool:
    """`text` is an expression (a name, an annotation) that refers to `name`."""
    if not re.search(rf"\b{re.escape(name)}\b", text):
        return False
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError):
        return False  # prose, not code
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(tree))


def _names_and_strings(module: cst.Module) -> tuple[dict[str, int], list[str]]:
    """How often each name is used outside import statements, and every string's text."""
    uses: dict[str, int] = {}
    strings: list[str] = []
    for node in iter_nodes(module, prune=_not_code, skip=_NOT_A_USE):
        if isinstance(node, cst.Name):
            uses[node.value] = uses.get(node.value, 0) + 1
        elif isinstance(node, cst.SimpleString):
            value = node.evaluated_value
            strings.append(value if isinstance(value, str) else node.value)
        elif isinstance(node, cst.FormattedStringText):
            strings.append(node.value)
    return uses, strings


def _not_code(node: cst.CSTNode) -> bool:
    """Import statements (the names being decided on), and docstrings or strings used
    as comments: what they hold is not a use."""
    if isinstance(node, (cst.Import, cst.ImportFrom)):
        return True
    return isinstance(node, cst.Expr) and isinstance(node.value, (cst.SimpleString, cst.ConcatenatedString))


def imports_tensorflow(small: cst.CSTNode) -> bool:
    """`import tensorflow…` or `from tensorflow… import …` (absolute)."""
    return any(import_key(alias, small)[0].split(".")[0] == "tensorflow" for alias in import_aliases(small))


def first_tensorflow_import(body) -> Optional[int]:
    """The index of the first top-level import line of tensorflow in a module body."""
    return next((i for i, stmt in enumerate(body) if isinstance(stmt, cst.SimpleStatementLine)
                 and any(imports_tensorflow(small) for small in stmt.body)), None)
