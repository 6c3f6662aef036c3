"""tfmigrate.parents must agree with LibCST's ParentNodeProvider, node for node."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, ParentNodeProvider

from tfmigrate.metadata import parent_map

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(ROOT.glob("corpus/*/before.py")) + sorted(ROOT.glob("tfmigrate/*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(ROOT)) for p in SOURCES])
def test_same_parents_as_libcst(path: Path) -> None:
    module = cst.parse_module(path.read_text(encoding="utf-8"))
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(ParentNodeProvider)
    got = parent_map(module)
    assert len(got) == len(expected)
    assert all(got[node] is parent for node, parent in expected.items())


def test_a_new_module_gets_a_new_map() -> None:
    first = cst.parse_module("x = 1\n")
    second = cst.parse_module("x = 1\n")
    assert parent_map(first) is parent_map(first)
    assert first.body[0] in parent_map(first)
    assert first.body[0] not in parent_map(second)
