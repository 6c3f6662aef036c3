"""One module: load the rules, run them on a parsed module, apply their fixes, check the result.

The pieces every pass shares: the engine (one file, many files), the notebook pass (the
code cells of a notebook, together) and the project-wide pass (project_pass.py) each read
and write files their own way, and all of them transform a module here. This module
imports none of them: they sit above it.
"""

from __future__ import annotations

import difflib
import functools
import importlib
import pkgutil
import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Optional, Sequence

from tfmigrate import prefilter
from tfmigrate.diagnostics import ENGINE_CODES, Diagnostic

# LibCST is imported lazily: a run whose files all fail the prefilter never needs it.


@dataclass(frozen=True)
class Options:
    mode: str = "write"  # "write" | "diff" | "check"
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    list_fixes: bool = False  # also report sites that were (or would be) rewritten
    target_version: Optional[str] = None  # TF 2.x release the code will run on, e.g. "2.21"
    tf_upgrade: bool = False  # also TensorFlow's upgrade-script renames (tfmigrate/tf_upgrade.py)
    tf_upgrade_python: Optional[str] = None  # the Python whose TensorFlow has that script
    # what that script acts on (UpgradeScript.names), for the prefilter; without it, any
    # file that names tensorflow passes
    tf_upgrade_names: tuple[str, ...] = ()


@dataclass
class FileResult:
    path: str
    status: str  # "unchanged" | "rewritten" | "would-rewrite" | "failed" | "skipped"
    diagnostics: list[Diagnostic] = field(default_factory=list)
    diff: Optional[str] = None
    error: Optional[str] = None
    parsed: bool = False


@dataclass
class ModuleResult:
    module: "object"  # libcst.Module
    changed: bool
    diagnostics: list[Diagnostic]
    fixes: list[Diagnostic]
    code: str  # module.code, generated once
    # The part of `diagnostics` that describes a fix that was applied (a note such as
    # "allocator_type dropped"): it goes with the rewritten code. Everything else in
    # `diagnostics` is a site left as it is, which a second run reports again.
    notes: list[Diagnostic] = field(default_factory=list)


# -- rules -------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _load_rules() -> tuple:
    return tuple(_discover_rules())


def load_rules() -> list:
    """Every rule in the tfmigrate.codemods package (a module that defines RULE)."""
    return list(_load_rules())


def _discover_rules() -> list:
    import tfmigrate.codemods as package

    rules = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        rule = getattr(module, "RULE", None)
        if rule is not None:
            rules.append(rule)
    return rules


def all_codes() -> dict[str, str]:
    from tfmigrate.tf_upgrade import CODES as UPGRADE_SCRIPT_CODES  # not rules: the engine applies them

    codes: dict[str, str] = {**ENGINE_CODES, **UPGRADE_SCRIPT_CODES}
    for rule in load_rules():
        codes.update(rule.codes)
    return dict(sorted(codes.items()))


def selected_rules(options: Options) -> list:
    from tfmigrate.rule import RuleSelection

    selection = RuleSelection(options.select, options.ignore)
    return [r for r in load_rules() if any(selection.allows(c) for c in r.codes)]


# -- suppression comments --------------------------------------------------------------

_SUPPRESS = re.compile(r"#\s*tfmigrate:\s*ignore(?:\[([A-Za-z0-9_,\s]*)\])?")


def suppressions(text: str) -> dict[int, Optional[set[str]]]:
    """line -> codes ignored on it (None: every code)."""
    found: dict[int, Optional[set[str]]] = {}
    if "tfmigrate:" not in text:
        return found
    for number, line in enumerate(text.splitlines(), start=1):
        m = _SUPPRESS.search(line)
        if m:
            codes = m.group(1)
            found[number] = None if codes is None else {c.strip() for c in codes.split(",") if c.strip()}
    return found


def _suppressed(table: dict[int, Optional[set[str]]], start: int, end: int, code: str) -> bool:
    for line in range(start, end + 1):
        if line in table:
            codes = table[line]
            if codes is None or any(code.startswith(c) for c in codes):
                return True
    return False


# -- one module ----------------------------------------------------------------------------


def transform_module(module, rules: Sequence, options: Options = Options(), path: str = "",
                     _depth: int = 0, text: Optional[str] = None) -> ModuleResult:
    """Run rules on a parsed module and apply every fix that survives filtering.

    `text`, if given, is `module.code` (the source it was parsed from): generating it
    again costs as much as a walk over the tree."""
    from tfmigrate.metadata import analyse
    from tfmigrate.rule import RuleSelection, apply_edits, position

    original = module.code if text is None else text
    wrapper = analyse(module, original)  # the scopes, names and positions every rule reads
    selection = RuleSelection(options.select, options.ignore)
    quiet = suppressions(original)

    def keep(f) -> bool:
        if not selection.allows(f.code):
            return False
        if not quiet:  # positions are computed when first needed: a clean file may need none
            return True
        line, _, end = position(wrapper, f.node)
        return not _suppressed(quiet, line, end, f.code)

    def diag(f) -> Diagnostic:
        line, col, _ = position(wrapper, f.node)
        return Diagnostic(path, line, col, f.code, f.message)

    # A rule whose own trigger words are not in the file finds nothing in it (the
    # prefilter's contract), so it is not run: the file got here on another rule's words.
    data = original.encode("utf-8", "surrogatepass")
    findings = [f for rule in rules if _rule_triggers(rule).search(data) for f in rule.find(wrapper) if keep(f)]
    fixes, reports, deferred = [], [], False
    taken: set = set()  # every node a chosen fix edits, or replaces together with its subtree
    for f in findings:
        if not f.fixable:
            reports.append(f)
            continue
        touched = _edited_nodes(f.edits)
        if touched & taken or any(n in _covered_nodes([f.edits]) for g in fixes for n in _edited_nodes(g.edits)):
            deferred = True  # nested in another rewrite: applied by the next pass below
            continue
        fixes.append(f)
        taken |= touched | _covered_nodes([f.edits])

    covered = _covered_nodes(f.edits for f in fixes)
    diagnostics = [diag(f) for f in reports if f.node not in covered]
    notes = sorted({diag(n) for f in fixes for n in f.notes if keep(n)})
    # One node can be reached from two sites (a GPUOptions shared by two configs): say it once.
    diagnostics = sorted(set(diagnostics) | set(notes))
    fix_reports = [diag(f) for f in fixes] if options.list_fixes else []

    if not fixes:
        return ModuleResult(module, False, diagnostics, [], original)

    new = apply_edits(wrapper.module, [e for f in fixes for e in f.edits])
    # LibCST's import visitors copy the module and walk all of it (most of a file's cost),
    # so AddImportsVisitor runs only when an import is really missing, and unused imports
    # are dropped by tfmigrate.unused_imports where it can.
    needed = {spec for f in fixes for spec in f.add_imports} - _top_level_imports(new)
    if needed:
        new = _add_imports(new, needed)
    drops = {d for f in fixes for d in f.remove_unused_imports}
    droppable = list(_matching_imports(new, drops)) if drops else []
    if droppable:  # only what the rewrite orphaned: an import unused before is not ours to drop
        from tfmigrate.unused_imports import used_in

        droppable = used_in(wrapper.module, droppable)
    if droppable:
        new = _drop_unused_imports(new, droppable)
    code = new.code
    # A site reported in this pass may be rewritable in its output: a device call that
    # started TF2's runtime before a config (TFM123) is rewritten into one that does not.
    # One run must be final, so a pass that rewrote something and left a report runs again.
    # When that pass rewrites nothing more, this pass's reports stand: they read the file as
    # the user wrote it (a set_session this pass removed still explains a get_session).
    again = transform_module(new, rules, options, path, _depth=_depth + 1, text=code) \
        if (deferred or diagnostics or any(f.rewrite_again for f in fixes)) and _depth < 3 else None
    if again is not None and (deferred or again.changed):
        # The next pass read this pass's output: its sites go back to the lines they stand on
        # in the file as given, and this pass's own notes are kept beside them.
        back = _OriginalLines(code, original)
        later_notes = [back.of(d) for d in again.notes]
        later = [back.of(d) for d in again.diagnostics]
        return ModuleResult(again.module, True, sorted(set(later) | set(notes)),
                            fix_reports + [back.of(d) for d in again.fixes], again.code,
                            sorted(set(later_notes) | set(notes)))
    return ModuleResult(new, code != original, diagnostics, fix_reports, code, notes)


class _OriginalLines:
    """Where a line of a rewritten text stands in the text it was rewritten from: the one
    line of the same text (a statement the rewrite left as it was), else where it is."""

    def __init__(self, rewritten: str, original: str) -> None:
        self.rewritten = rewritten.splitlines()
        self.where: dict[str, list[int]] = {}
        for number, line in enumerate(original.splitlines(), 1):
            self.where.setdefault(line, []).append(number)

    def of(self, diagnostic: Diagnostic) -> Diagnostic:
        import dataclasses

        if not 0 < diagnostic.line <= len(self.rewritten):
            return diagnostic
        found = self.where.get(self.rewritten[diagnostic.line - 1], [])
        return dataclasses.replace(diagnostic, line=found[0]) if len(found) == 1 else diagnostic


def _add_imports(module, needed):
    """`import tensorflow as tf` goes at the end of the run of import lines that holds the
    file's first top-level import of tensorflow, so TensorFlow is imported when it was
    (not above an `os.environ` or `sys.path` change). Other imports go where
    AddImportsVisitor puts them."""
    import libcst as cst

    from tfmigrate.unused_imports import first_tensorflow_import

    body = list(module.body)
    for spec in sorted((s for s in needed if s.module == "tensorflow" and s.obj is None), key=repr):
        first = first_tensorflow_import(body)
        if first is None:
            # TensorFlow is imported only in functions or guards: at least not above the
            # environment it reads at import (TF_CPP_MIN_LOG_LEVEL, ...).
            first = _last_environment_change(module, body)
            if first is None:
                continue
        end = first + 1  # the end of the run of import lines it is in
        while end < len(body) and isinstance(body[end], cst.SimpleStatementLine) and all(
                isinstance(small, (cst.Import, cst.ImportFrom)) for small in body[end].body):
            end += 1
        text = "import tensorflow" + (f" as {spec.asname}" if spec.asname else "")
        body.insert(end, cst.parse_statement(text))
        following = body[end + 1] if end + 1 < len(body) else None
        if following is not None and (not following.leading_lines or following.leading_lines[0].comment):
            # A blank line between the imports and the code, as AddImportsVisitor leaves.
            body[end + 1] = following.with_changes(leading_lines=[cst.EmptyLine(), *following.leading_lines])
        needed = needed - {spec}
    module = module.with_changes(body=body)
    if needed and all(s.obj is not None and s.asname is None and s.module != "__future__" for s in needed):
        added = _add_from_imports(module, sorted(needed, key=repr))  # the order AddImportsVisitor is given
        if added is not None:
            return added
    return _add_imports_with_libcst(module, needed) if needed else module


def _last_environment_change(module, body: list) -> Optional[int]:
    """The index of the last os.environ/sys.path line of the module's prologue (the leading
    run of docstring, imports and such lines): nothing before it can use the import."""
    import libcst as cst

    found = None
    for i, stmt in enumerate(body):
        if _is_docstring_or_strict(stmt) or _is_import_line(stmt):
            continue
        code = module.code_for_node(stmt) if isinstance(stmt, cst.SimpleStatementLine) else ""
        if not any(word in code for word in ("os.environ", "os.putenv", "sys.path")):
            break
        found = i
    return found


def _add_from_imports(module, specs):
    """`from M import obj` lines where AddImportsVisitor puts them when the file imports
    nothing from M yet: after the leading run of import lines (below a docstring), with a
    blank line before the code that follows. Building that visitor and its matchers costs
    more than the rest of a file's rewrite. A file that already imports from M (the
    visitor would merge the names) gets None, and goes to the visitor."""
    import libcst as cst

    from tfmigrate.unused_imports import import_statements

    imports = [module.code_for_node(node) for node in import_statements(module)]
    if any(spec.module in code for spec in specs for code in imports) or len({s.module for s in specs}) < len(specs):
        return None  # AddImportsVisitor merges names into one line
    body = list(module.body)
    end = _end_of_leading_imports(body)
    lines = [cst.parse_statement(f"from {spec.module} import {spec.obj}") for spec in specs]
    following = body[end] if end < len(body) else None
    if following is not None and (not following.leading_lines or following.leading_lines[0].comment):
        body[end] = following.with_changes(leading_lines=[cst.EmptyLine(), *following.leading_lines])
    return module.with_changes(body=[*body[:end], *lines, *body[end:]])


def _add_imports_with_libcst(module, needed):
    """AddImportsVisitor, run over the part of the module it reads: the docstring and the
    leading import block (where it inserts), the statement after it (which it may give a
    blank line), and any other statement holding an import (it skips an import that
    exists anywhere). The rest of a long module is spliced back untouched."""
    import libcst as cst
    from libcst.codemod import CodemodContext
    from libcst.codemod.visitors import AddImportsVisitor

    from tfmigrate.unused_imports import import_statements

    body = list(module.body)
    end = _end_of_leading_imports(body)
    head = body[: end + 1]
    extras = [i for i in range(len(head), len(body)) if import_statements(body[i])]
    context = CodemodContext()
    for spec in sorted(needed, key=repr):
        AddImportsVisitor.add_needed_import(context, spec.module, spec.obj, spec.asname)
    reduced = module.with_changes(body=[*head, *(body[i] for i in extras)])
    new_body = list(AddImportsVisitor(context).transform_module(reduced).body)
    split = len(new_body) - len(extras)
    changed = dict(zip(extras, new_body[split:]))
    rest = [changed.get(i, body[i]) for i in range(len(head), len(body))]
    return module.with_changes(body=[*new_body[:split], *rest])


def _end_of_leading_imports(body: list) -> int:
    """Where AddImportsVisitor inserts: after the run of import lines that opens the
    module (below a docstring or `__strict__`)."""
    end = 1 if body and _is_docstring_or_strict(body[0]) else 0
    while end < len(body) and _is_import_line(body[end]):
        end += 1
    return end


def _is_import_line(stmt) -> bool:
    import libcst as cst

    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 \
        and isinstance(stmt.body[0], (cst.Import, cst.ImportFrom))


def _is_docstring_or_strict(stmt) -> bool:
    """What AddImportsVisitor never puts an import above: a docstring or `__strict__ = …`."""
    import libcst as cst

    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return False
    first = stmt.body[0]
    if isinstance(first, cst.Expr):
        return isinstance(first.value, cst.SimpleString)
    return isinstance(first, cst.Assign) and len(first.targets) == 1 \
        and isinstance(first.targets[0].target, cst.Name) and first.targets[0].target.value == "__strict__"


def _drop_unused_imports(module, droppable: list):
    from tfmigrate.unused_imports import drop_unused

    dropped = drop_unused(module, droppable)
    if dropped is not None:
        return dropped
    # An import inside a block or beside another statement: LibCST's way, which is slower.
    from libcst.codemod import CodemodContext
    from libcst.codemod.visitors import RemoveImportsVisitor

    context = CodemodContext()
    for module_name, obj, asname in droppable:
        RemoveImportsVisitor.remove_unused_import(context, module_name, obj, asname)
    return RemoveImportsVisitor(context).transform_module(module)


def _edited_nodes(edits) -> set:
    from tfmigrate.rule import Replace

    return {e.node if isinstance(e, Replace) else e.stmt for e in edits}


def _covered_nodes(edit_groups: Iterable[Iterable]) -> set:
    """Every node inside a node that a fix replaces or removes."""
    from tfmigrate.parents import iter_nodes
    from tfmigrate.rule import Replace

    covered: set = set()
    for edits in edit_groups:
        for e in edits:
            if isinstance(e, Replace):
                covered.update(iter_nodes(e.node))
    return covered


def _top_level_imports(module) -> set:
    """The ImportSpecs that `module` already satisfies with a top-level import."""
    import libcst as cst

    from tfmigrate.rule import ImportSpec
    from tfmigrate.unused_imports import import_aliases, import_key

    return {ImportSpec(*import_key(alias, small)) for stmt in module.body if isinstance(stmt, cst.SimpleStatementLine)
            for small in stmt.body for alias in import_aliases(small)}


def _matching_imports(module, wanted: set) -> Iterator[tuple[str, Optional[str], Optional[str]]]:
    """The (module, obj, asname) of imports in `module` that match (module, obj) in `wanted`:
    `from module import obj [as x]`, `import module.obj as x`, or `import module [as x]`
    for (module, None)."""
    from tfmigrate.unused_imports import import_aliases, import_key, import_statements

    for node in import_statements(module):
        for alias in import_aliases(node):
            mod, obj, asname = import_key(alias, node)
            if obj is not None:
                if (mod, obj) in wanted:
                    yield mod, obj, asname
            elif (mod, None) in wanted:  # `import functools`
                yield mod, None, asname
            else:
                parent, _, last = mod.rpartition(".")
                if parent and (parent, last) in wanted and asname is not None:
                    yield mod, None, asname


@functools.lru_cache(maxsize=None)
def _rule_triggers(rule) -> "prefilter.Triggers":
    return prefilter.compile_triggers(rule.triggers, rule.trigger_patterns)


def trigger_pattern(options: Options):
    """The prefilter of a run: the selected rules' words, and with --tf-upgrade what the
    upgrade script acts on."""
    return _trigger_pattern(options.select, options.ignore, options.tf_upgrade, options.tf_upgrade_names)


@functools.lru_cache(maxsize=None)
def _trigger_pattern(select: tuple[str, ...], ignore: tuple[str, ...], tf_upgrade: bool = False,
                     upgrade_names: tuple[str, ...] = ()):
    rules = selected_rules(Options(select=select, ignore=ignore))
    # Without the script's own names, any file that names tensorflow may need its renames.
    upgrade_words = ("tensorflow",) if tf_upgrade and not upgrade_names else ()
    return prefilter.compile_triggers((*(w for r in rules for w in r.triggers), *upgrade_words),
                                      (p for r in rules for p in r.trigger_patterns),
                                      upgrade_names if tf_upgrade else ())


def parse_error(text: str, exc) -> str:
    """Why `text` cannot be parsed, at the line Python itself names: LibCST's tokenizer
    errors carry no position, and its parser's can point a line off."""
    try:
        compile(text, "<source>", "exec", flags=0x400, dont_inherit=True)  # PyCF_ONLY_AST
    except SyntaxError as err:
        if err.lineno:
            return f"cannot parse (line {err.lineno}): {err.msg}"
    except (ValueError, MemoryError, RecursionError):
        pass
    return f"cannot parse (line {exc.raw_line}): {exc.message}"


def unified_diff(old: str, new: str, display: str) -> str:
    """A unified diff that `patch` accepts, also for files without a final newline."""
    lines = []
    for line in difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                     fromfile=f"a/{display}", tofile=f"b/{display}"):
        if not line.endswith(("\n", "\r")):
            line += "\n\\ No newline at end of file\n"
        lines.append(line)
    return "".join(lines)


def _verify(text: str, original: Optional[str] = None) -> Optional[str]:
    """The rewrite must still be Python this interpreter compiles. When it does not, and
    neither does the original (syntax newer than this Python), LibCST's parser judges."""
    import libcst as cst

    try:
        compile(text, "<rewrite>", "exec", dont_inherit=True)  # all of it: `return` outside a function too
        return None
    except SyntaxError as exc:
        problem = f"line {exc.lineno}: {exc.msg}"
    except ValueError:
        problem = None
    if original is not None and problem is not None and _compiles(original):
        return problem
    try:
        cst.parse_module(text)
    except cst.ParserSyntaxError as exc:
        return exc.message
    return None


def _compiles(text: str) -> bool:
    try:
        compile(text, "<source>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def warm_up() -> None:
    """Import LibCST and the rules in each worker while the main process is still reading.
    Then everything the worker holds so far (inherited or imported) is left out of the
    garbage collector's scans: a parsed file makes tens of thousands of objects, and each
    collection would otherwise walk every module object too (about 1 ms of a file's ~30)."""
    import gc

    import libcst  # noqa: F401

    load_rules()
    gc.freeze()
