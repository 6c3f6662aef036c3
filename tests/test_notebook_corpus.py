"""Every notebook case of corpus/notebooks: the exact bytes a rewrite writes, the sites
`check` lists, a second run that changes nothing, no byte altered outside the changed
cells, and reports that are the same, byte for byte, from run to run.

A case is a folder with `before.ipynb` (written in the style of one notebook writer:
nbformat/JupyterLab, Colab, VS Code, a compact one-line writer, CRLF), `after.ipynb` (the
exact expected file; absent when the notebook must not change) and `sites.txt` (what
`tfmigrate check --format json` lists for before.ipynb, one `cell:line:col: CODE` a line;
absent when it lists nothing).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from difflib import SequenceMatcher
from pathlib import Path

import pytest

from tfmigrate.cli import main

pytest.importorskip("nbformat")

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus" / "notebooks"
CASES = sorted(CORPUS.glob("*/before.ipynb"))
IDS = [c.parent.name for c in CASES]


def _run(*args: str) -> int:
    return main([args[0], "-j", "1", "--no-config", "--no-progress", *args[1:]])


def _check_json(path: Path, capsys) -> list[str]:
    capsys.readouterr()
    _run("check", "--format", "json", "-q", str(path))
    found = json.loads(capsys.readouterr().out)
    return [f"{d['path'].split(':', 1)[1] if ':' in d['path'] else ''}:{d['line']}:{d['col']}: {d['code']}"
            for d in found]


def _expected_sites(case: Path) -> list[str]:
    path = case / "sites.txt"
    return [line.strip() for line in path.read_text().splitlines() if line.strip()] if path.exists() else []


def test_there_are_more_noop_cases_than_transform_cases():
    transform = [c for c in CASES if (c.parent / "after.ipynb").exists()]
    assert len(CASES) - len(transform) > len(transform) >= 5


@pytest.mark.parametrize("before", CASES, ids=IDS)
def test_case(before: Path, tmp_path: Path, capsys) -> None:
    case = before.parent
    target = tmp_path / "before.ipynb"
    shutil.copyfile(before, target)
    assert _check_json(target, capsys) == _expected_sites(case)

    _run("rewrite", str(target))
    after = case / "after.ipynb"
    expected = (after if after.exists() else before).read_bytes()
    assert target.read_bytes() == expected

    # One run is final: a second one writes nothing.
    mtime = os.stat(target).st_mtime_ns
    _run("rewrite", str(target))
    assert (target.read_bytes(), os.stat(target).st_mtime_ns) == (expected, mtime)
    if after.exists():  # what is left is no more than what was there
        assert len(_check_json(target, capsys)) < len(_expected_sites(case))


# -- the bytes outside the changed cells, checked without the patcher's own code ------------

_SOURCE_KEY = re.compile(r'"source"\s*:\s*')


def _source_spans(text: str) -> list[tuple[int, int, object]]:
    """(start, end, value) of every cell's "source" value, in order (our fixtures hold no
    other "source" key)."""
    decoder, out = json.JSONDecoder(), []
    for m in _SOURCE_KEY.finditer(text):
        value, end = decoder.raw_decode(text, m.end())
        out.append((m.end(), end, value))
    return out


TRANSFORM = [c for c in CASES if (c.parent / "after.ipynb").exists()]


@pytest.mark.parametrize("before", TRANSFORM, ids=[c.parent.name for c in TRANSFORM])
def test_no_byte_changes_outside_the_changed_cells(before: Path) -> None:
    old = before.read_text(encoding="utf-8")
    new = (before.parent / "after.ipynb").read_text(encoding="utf-8")
    spans = _source_spans(old)
    sources = [value for _, _, value in spans]
    for tag, i1, i2, _, _ in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        inside = [(s, e) for s, e, _ in spans if s <= i1 and i2 <= e]
        # An edit is inside one cell's source; or, for an added cell, a whole cell object
        # put between two cells (nothing of the old text removed).
        assert inside or (tag == "insert" and _is_added_cells(new, old, i1)), (tag, old[i1 - 40:i2 + 40])
    changed = [v for v, w in zip(sources, [v for _, _, v in _source_spans(new)]) if v != w]
    assert changed or len(_source_spans(new)) > len(spans)


def _is_added_cells(new: str, old: str, at: int) -> bool:
    cells = json.loads(new)["cells"]
    return len(cells) > len(json.loads(old)["cells"]) and any(
        "".join(c["source"]).startswith("# Added by tfmigrate:") for c in cells)


# -- reports: the same bytes on every run ------------------------------------------------------


@pytest.mark.parametrize("form", ["text", "json", "sarif"])
def test_reports_are_byte_identical_from_run_to_run(tmp_path: Path, form: str) -> None:
    """LibCST keeps references in sets ordered by object ids, and Python's string hashes
    change with PYTHONHASHSEED: two processes with different seeds must still agree."""
    folder = tmp_path / "nbs"
    shutil.copytree(CORPUS, folder)
    outputs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-m", "tfmigrate", "check", "--no-config", "--no-progress",
                               "--format", form, str(folder)], capture_output=True, text=True, env=env,
                              cwd=tmp_path)
        assert done.returncode == 2, done.stderr  # the Python 2 case cannot be read
        outputs.append((done.stdout, done.stderr))
    assert outputs[0] == outputs[1]
    assert ("error: cannot parse" if form == "text" else "TFM001") in outputs[0][0] + outputs[0][1]


# -- the helper cell runs without tfmigrate -----------------------------------------------------


def test_the_written_out_helper_runs_in_a_kernel_without_tfmigrate() -> None:
    nb = json.loads((CORPUS / "jupyterlab_future_ids" / "after.ipynb").read_text(encoding="utf-8"))
    helper = "".join(next(c for c in nb["cells"] if "".join(c["source"]).startswith("# Added by tfmigrate:"))["source"])
    assert helper.isascii()  # it goes into files of every writer's style, ASCII-only ones too
    code = f"import sys\nsys.modules['tfmigrate'] = None\n{helper}\n" \
           "print(visible_gpu_to_nvml_id(1, '3,GPU-a1'), visible_gpu_to_nvml_id(0, '3,GPU-a1'))\n" \
           "try:\n    total_memory_mib(type('G', (), {'name': '/physical_device:GPU:0'})())\n" \
           "except RuntimeError as e:\n    print('needs NVML' if 'nvidia-ml-py' in str(e) else e)\n"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    nvml = subprocess.run([sys.executable, "-I", "-c", "import pynvml"], capture_output=True).returncode == 0
    assert done.stdout.splitlines()[0] == "GPU-a1 3"
    if not nvml:
        assert done.stdout.splitlines()[1] == "needs NVML"


# -- nothing silent --------------------------------------------------------------------------


@pytest.mark.parametrize("before", CASES, ids=IDS)
def test_every_tf1_name_left_sits_in_a_cell_that_is_reported(before: Path, tmp_path: Path, capsys) -> None:
    """The scanner of tests/survivors.py, cell by cell: after a rewrite, a cell that still
    spells TF1 session-config or Estimator API has a site `check` lists, or the notebook
    was not handled at all (TFM001 on a cell before it, or on the notebook)."""
    from tests.survivors import survivors
    from tfmigrate.ipython_syntax import mask_magics

    target = tmp_path / "nb.ipynb"
    shutil.copyfile(before, target)
    _run("rewrite", str(target))
    nb = json.loads(target.read_text(encoding="utf-8"))
    if nb["metadata"].get("kernelspec", {}).get("language", "python").lower() != "python":
        return  # another language's notebook is skipped, and says so
    sites = _check_json(target, capsys)
    unhandled = [int(s.split(":")[0].split()[1]) for s in sites if s.endswith("TFM001")]
    reported = {int(s.split(":")[0].split()[1]) for s in sites}
    for number, cell in enumerate(nb["cells"], start=1):
        text = "".join(cell["source"])
        if cell["cell_type"] != "code" or text.startswith("# Added by tfmigrate:"):
            continue
        masked = mask_magics(text)
        left = re.findall(r"ConfigProto|GPUOptions|gpu_options|RunConfig", text) if masked.foreign \
            else survivors(masked.text)
        if left:
            assert number in reported or any(u <= number for u in unhandled), (number, left)
