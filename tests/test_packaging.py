"""As installed, not as checked out: the CLI must work from any folder, and every rule
module must load under the tfmigrate.codemods name (a stray `import codemods` works
only at the repository root)."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import tfmigrate.codemods as package


def test_rules_command_works_outside_the_repository(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "tfmigrate", "rules"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    codes = [line.split()[0] for line in proc.stdout.splitlines() if line.strip()]
    assert {c[:4] for c in codes} >= {"TFM1", "TFM3"}


def test_every_rule_module_exposes_a_rule_and_a_libcst_command():
    from libcst.codemod import CodemodCommand

    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"tfmigrate.codemods.{info.name}")
        assert getattr(module, "RULE", None) is not None, info.name
        # dir() and getattr(), as libcst.tool does: the commands are built on first use
        commands = [v for v in (getattr(module, name) for name in dir(module))
                    if isinstance(v, type) and issubclass(v, CodemodCommand) and v.__module__ == module.__name__]
        assert commands, f"{info.name} has no LibCST command"
