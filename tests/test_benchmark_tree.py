"""benchmarks/make_tree.py's real-size TF1 programs: valid, real-size, varied, TF1.

Only what the benchmark relies on is checked here; the benchmark's timings are never
asserted (see benchmarks/README.md).
"""

from __future__ import annotations

import ast
import random
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import make_tree  # noqa: E402

TEMPLATES = make_tree.program_templates()


def rendered(count: int = 200, seed: int = 0) -> list[tuple[str, str]]:
    return [(name, data.decode()) for name, data in make_tree.real_size_tf1_files(random.Random(seed), count)]


def test_there_are_varied_templates():
    assert len(TEMPLATES) >= 8
    for stem, source in TEMPLATES:
        ast.parse(source, filename=stem)  # each template is itself a valid program
        assert source.count(make_tree.OPTIONAL_BEGIN) == source.count(make_tree.OPTIONAL_END), stem


@pytest.mark.parametrize("seed", [0, 1])
def test_rendered_programs_are_real_size_python_that_tf_upgrade_v2_can_parse(seed):
    for name, text in rendered(seed=seed):
        ast.parse(text, filename=name)
        assert make_tree.tf_upgrade_can_parse(text), name
        assert "@optional" not in text and "# @end" not in text, name
        assert 5 * 1024 <= len(text.encode()) <= 25 * 1024, (name, len(text.encode()))


def test_every_template_is_used_and_variants_differ():
    files = rendered(len(TEMPLATES) * 6)
    by_template: dict[str, set[str]] = {}
    for name, text in files:
        by_template.setdefault(name.rsplit("_", 1)[0], set()).add(text)
    assert set(by_template) == {stem for stem, _ in TEMPLATES}
    assert all(len(variants) >= 3 for variants in by_template.values())


def test_the_same_seed_gives_the_same_tree():
    assert rendered(30, seed=7) == rendered(30, seed=7)
    assert make_tree.plan_tree(300, 0.1, 3, True, real_size=True) == make_tree.plan_tree(300, 0.1, 3, True,
                                                                                         real_size=True)


def test_every_program_reaches_tfmigrate_the_way_real_tf1_code_does():
    """Each passes the prefilter, so `rewrite --check` parses and analyses all of it."""
    from tfmigrate import engine, prefilter

    triggers = engine._trigger_pattern((), ())
    for name, text in rendered(len(TEMPLATES) * 2):
        assert prefilter.might_match(text.encode(), triggers), name


def test_the_small_tree_is_unchanged_by_the_real_size_option():
    small = make_tree.plan_tree(200, 0.05, 0, True)
    real = make_tree.plan_tree(200, 0.05, 0, True, real_size=True)
    assert len(small) == len(real) == 200
    small_tf1 = [rel for rel, _ in small if "train_gpu_" in rel]
    real_tf1 = [rel for rel, _ in real if "train_gpu_" in rel]
    assert len(small_tf1) == 10 and real_tf1 == []
