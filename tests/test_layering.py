"""The layering the architecture promises, read from the import statements.

Every import counts, a deferred one inside a function too: a deferred import hides a
cycle from Python, not from a reader.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"tfmigrate": ROOT / "tfmigrate", "tfmigrate.codemods": ROOT / "codemods"}
# What the rules may never reach: the command line and the notebook pass sit above them.
ABOVE_THE_RULES = {"tfmigrate.cli", "tfmigrate.notebooks", "tfmigrate.engine", "tfmigrate.ipython_syntax",
                   "tfmigrate.notebook_json", "tfmigrate.notebook_runtime"}


def _modules() -> dict[str, Path]:
    found = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            if package == "tfmigrate" and (path.parent.name == "codemods" or "codemods" in path.parts[len(folder.parts):]):
                continue
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((package, *parts))] = path
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


MODULES = _modules()
IMPORTS = {name: _imports(name, path, set(MODULES)) for name, path in MODULES.items()}


def test_the_module_list_is_read():
    assert "tfmigrate.engine" in MODULES and "tfmigrate.codemods.config_proto" in MODULES
    assert "tfmigrate.codemods.config_proto" in IMPORTS["tfmigrate.codemods"] or IMPORTS["tfmigrate.codemods"] == set()


def test_no_two_modules_import_each_other():
    pairs = sorted(
        (a, b) for a, imported in IMPORTS.items() for b in imported
        if a < b and b in IMPORTS and a in IMPORTS[b]
        # a package's __init__ re-exporting its own submodule is not a cycle of concerns
        and not b.startswith(a + ".") and not a.startswith(b + ".")
    )
    assert pairs == []


def test_the_rules_never_import_the_cli_or_the_notebook_pass():
    reached = sorted(
        (name, target) for name, imported in IMPORTS.items() if name.startswith("tfmigrate.codemods")
        for target in imported if target in ABOVE_THE_RULES
    )
    assert reached == []


def test_the_rewrite_never_imports_tensorflow():
    # The shim, the runtime helpers and the tests may; the rules and the engine may not.
    allowed = ("tfmigrate.compat", "tfmigrate.runtime")
    offenders = []
    for name, path in MODULES.items():
        if name.startswith(allowed):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == "tensorflow" or n.startswith(("tensorflow.", "keras")) for n in names):
                offenders.append(name)
    assert offenders == []
