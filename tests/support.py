"""Test vocabulary shared by every rule's tests: tests read like the docs.

    check_transformed(before, after)   the rewrite turns `before` into exactly `after`,
                                       and running it again changes nothing
    check_noop(src)                    the source is left exactly as it is
    diagnostics(src)                   the (code, line) pairs reported for the source
"""

from __future__ import annotations

import textwrap
from typing import Optional, Sequence

from tfmigrate.engine import Options, load_rules, transform_source


def _rules(select: Optional[Sequence[str]]):
    rules = load_rules()
    if select:
        rules = [r for r in rules if any(c.startswith(tuple(select)) for c in r.codes)]
    return rules


def rewrite(src: str, select: Optional[Sequence[str]] = None) -> tuple[str, list]:
    new, result = transform_source(src, _rules(select), Options(select=tuple(select or ())))
    return new, result.diagnostics


def check_transformed(before: str, after: str, select: Optional[Sequence[str]] = None) -> None:
    before, after = textwrap.dedent(before), textwrap.dedent(after)
    new, _ = rewrite(before, select)
    assert new == after, f"--- got ---\n{new}\n--- expected ---\n{after}"
    again, _ = rewrite(new, select)
    assert again == new, f"second run changed the output:\n{again}"


def check_noop(src: str, select: Optional[Sequence[str]] = None) -> list:
    src = textwrap.dedent(src)
    new, diags = rewrite(src, select)
    assert new == src, f"expected no change, got:\n{new}"
    return diags


def diagnostics(src: str, select: Optional[Sequence[str]] = None) -> list[tuple[str, int]]:
    _, diags = rewrite(textwrap.dedent(src), select)
    return [(d.code, d.line) for d in diags]
