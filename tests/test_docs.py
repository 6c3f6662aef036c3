"""The docs cannot drift: every diff example in docs/rules/*.md and in the README is run
through the rewrite, and every rule code the tool knows appears in the README's rule table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support import check_transformed
from tfmigrate.engine import all_codes

ROOT = Path(__file__).resolve().parent.parent
DIFF = re.compile(r"```diff\n(.*?)```", re.S)


def _examples():
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs" / "rules").glob("*.md"))]:
        for i, block in enumerate(DIFF.findall(doc.read_text(encoding="utf-8"))):
            yield pytest.param(block, id=f"{doc.stem}-{i}")


@pytest.mark.parametrize("block", list(_examples()))
def test_diff_example_is_what_the_tool_does(block: str) -> None:
    lines = block.splitlines(keepends=True)
    before = "".join(line[1:] for line in lines if line[:1] in (" ", "-") or line == "\n")
    after = "".join(line[1:] for line in lines if line[:1] in (" ", "+") or line == "\n")
    if before == after:
        pytest.skip("not a diff example")
    check_transformed(before, after)


def test_readme_lists_every_rule_code() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [code for code in all_codes() if code not in readme]
    assert not missing
