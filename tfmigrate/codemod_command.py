"""Expose a tfmigrate rule as a LibCST codemod, for `python -m libcst.tool codemod`.

The engine does not use this: it is an adapter so that teams who already drive LibCST
codemods can run ours the same way. Diagnostics become LibCST warnings.
"""

from __future__ import annotations

from typing import Type

import libcst as cst
from libcst.codemod import CodemodContext, VisitorBasedCodemodCommand

from tfmigrate.rule import Rule


def command_for(rule: Rule, description: str) -> Type[VisitorBasedCodemodCommand]:
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
    return RuleCommand
