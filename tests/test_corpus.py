"""Every corpus case: exact output, exact diagnostics, and a second run changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import rewrite

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
CASES = sorted(CORPUS.glob("*/before.py"))


def _expected_diagnostics(case: Path) -> list[str]:
    path = case / "diagnostics.txt"
    if not path.exists():
        return []
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("before", CASES, ids=[c.parent.name for c in CASES])
def test_case(before: Path) -> None:
    case = before.parent
    src = before.read_text(encoding="utf-8")
    new, diags = rewrite(src)
    after = case / "after.py"
    expected = after.read_text(encoding="utf-8") if after.exists() else src
    assert new == expected
    assert [f"before.py:{d.line}:{d.col}: {d.code}" for d in diags] == _expected_diagnostics(case)
    again, _ = rewrite(new)
    assert again == new, "a second run changed the output"


def test_corpus_has_more_noop_than_transform_cases() -> None:
    noop = [c for c in CASES if not (c.parent / "after.py").exists()]
    assert len(noop) > len(CASES) - len(noop)


def test_no_op_cases_are_named_as_such() -> None:
    for before in CASES:
        is_noop = not (before.parent / "after.py").exists()
        assert is_noop == before.parent.name.startswith("noop_"), before.parent.name
