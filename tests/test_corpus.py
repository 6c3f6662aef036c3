"""Every corpus case: exact output, exact diagnostics, and a second run changes nothing
and reports the same sites."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.support import rewrite
from tfmigrate.engine import Options, load_rules, transform_source

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
ALL_CASES = sorted(CORPUS.glob("*/before.py"))
# A case with an args.txt is run with those command-line options (`--tf-upgrade`): the
# engine's whole pipeline, not only the rules. The others run the rules alone.
CASES = [c for c in ALL_CASES if not (c.parent / "args.txt").exists()]
OPTION_CASES = [c for c in ALL_CASES if (c.parent / "args.txt").exists()]


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


def _sites(text: str, diagnostics) -> list[tuple[str, str]]:
    """Each report as (code, the text of its line): a rewrite above a site moves it to
    another line number, and its message may name line numbers, but the site is the same."""
    lines = text.splitlines()
    return sorted((d.code, lines[d.line - 1].strip()) for d in diagnostics)


@pytest.mark.parametrize("before", CASES, ids=[c.parent.name for c in CASES])
def test_one_run_is_final(before: Path) -> None:
    """A file is final after one run: a second run over the output rewrites nothing, and
    it reports exactly the sites the first run left (a note that explains an applied fix,
    such as a dropped allocator_type, goes with the fix)."""
    src = before.read_text(encoding="utf-8")
    new, first = transform_source(src, load_rules(), Options())
    again, second = transform_source(new, load_rules(), Options())
    assert again == new, "a second run changed the output"
    assert not second.changed and not second.notes
    left = [d for d in first.diagnostics if d not in first.notes]
    assert _sites(new, second.diagnostics) == _sites(src, left), "a second run reports other sites"


def _options(case: Path) -> Options:
    words = (case / "args.txt").read_text(encoding="utf-8").split()
    assert words == ["--tf-upgrade"], f"{case.name}: only --tf-upgrade is supported in args.txt"
    return Options(tf_upgrade=True)


def _run_engine(text: str, options: Options) -> tuple[str, list[str]]:
    from tfmigrate.engine import rewrite_bytes

    result, data = rewrite_bytes(text.encode("utf-8"), load_rules(), options, "before.py")
    assert result.status != "failed", result.error
    return (text if data is None else data.decode("utf-8")), [f"before.py:{d.line}:{d.col}: {d.code}"
                                                                 for d in result.diagnostics]


@pytest.mark.parametrize("before", OPTION_CASES, ids=[c.parent.name for c in OPTION_CASES])
def test_case_with_options(before: Path) -> None:
    if importlib.util.find_spec("tensorflow") is None:  # found, not imported: the script's child loads it
        pytest.skip("--tf-upgrade runs the upgrade script of an installed TensorFlow")
    case = before.parent
    src = before.read_text(encoding="utf-8")
    new, diags = _run_engine(src, _options(case))
    after = case / "after.py"
    assert new == (after.read_text(encoding="utf-8") if after.exists() else src)
    assert diags == _expected_diagnostics(case)
    again, _ = _run_engine(new, _options(case))
    assert again == new, "a second run changed the output"


def test_corpus_has_more_noop_than_transform_cases() -> None:
    noop = [c for c in ALL_CASES if not (c.parent / "after.py").exists()]
    assert len(noop) > len(ALL_CASES) - len(noop)


def test_no_op_cases_are_named_as_such() -> None:
    for before in ALL_CASES:
        is_noop = not (before.parent / "after.py").exists()
        assert is_noop == before.parent.name.startswith("noop_"), before.parent.name


def test_cli_twice_over_a_copy_of_the_whole_corpus(tmp_path: Path, capsys) -> None:
    """The real CLI, files on disk, every case at once: the first run produces each
    expected after.py, the second run finds nothing to do."""
    import shutil

    from tfmigrate.cli import main

    for before in CASES:
        shutil.copy(before, tmp_path / f"{before.parent.name}.py")
    main(["rewrite", str(tmp_path)])
    for before in CASES:
        after = before.parent / "after.py"
        expected = (after if after.exists() else before).read_bytes()
        assert (tmp_path / f"{before.parent.name}.py").read_bytes() == expected, before.parent.name
    capsys.readouterr()
    main(["rewrite", str(tmp_path)])
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert f"{len(CASES)} files scanned, 0 rewritten, {len(CASES)} unchanged, 0 failed" in summary
