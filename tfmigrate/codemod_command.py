"""Expose a tfmigrate rule as a LibCST codemod, for `python -m libcst.tool codemod`.

The engine does not use this: it is an adapter so that teams who already drive LibCST
codemods can run ours the same way. Diagnostics become LibCST warnings.
"""

from __future__ import annotations

from typing import Callable, Mapping

from tfmigrate.rule import Rule


def command_attributes(rule: Rule, commands: Mapping[str, str], module_globals: dict) -> tuple[Callable, Callable]:
    """Module-level __getattr__ and __dir__ (PEP 562) that build each command on first use."""

    def __getattr__(name: str):
        if name not in commands:
            raise AttributeError(f"module {module_globals['__name__']!r} has no attribute {name!r}")
        command = module_globals[name] = command_for(rule, commands[name])
        return command

    def __dir__() -> list[str]:
        return sorted(set(module_globals) | set(commands))

    return __getattr__, __dir__


def command_for(rule: Rule, description: str):
    import libcst as cst
    from libcst.codemod import CodemodContext, VisitorBasedCodemodCommand

    class RuleCommand(VisitorBasedCodemodCommand):
        DESCRIPTION = description

        def __init__(self, context: CodemodContext) -> None:
            super().__init__(context)

        def transform_module_impl(self, tree: cst.Module) -> cst.Module:
            from tfmigrate.engine import transform_module

            result = transform_module(tree, [rule])
            for d in result.diagnostics:
                self.warn(f"{d.line}:{d.col}: {d.code} {d.message}")
            return result.module

    RuleCommand.__name__ = RuleCommand.__qualname__ = type(rule).__name__.replace("Rule", "Command")
    RuleCommand.__module__ = type(rule).__module__
    return RuleCommand
