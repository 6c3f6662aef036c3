"""A notebook gets tfmigrate.runtime's code written out, never an import of it.

A rewritten notebook runs in a kernel that has TensorFlow and not tfmigrate (a fresh
Colab or Kaggle kernel). So where the rewrite of a file imports a memory-fraction helper
(`from tfmigrate.runtime import total_memory_mib`, TFM106), the rewrite of a notebook
drops that import and adds a cell of its own, just before the first cell that calls the
helper, holding the helper's code and what it calls, read from tfmigrate/runtime.py
itself (one copy of the code, so the two can never disagree), under a comment that says
what the cell is.
"""

from __future__ import annotations

import ast
import re
from difflib import SequenceMatcher
from pathlib import Path
from typing import Optional

from tfmigrate.ipython_syntax import split_lines

RUNTIME_MODULE = "tfmigrate.runtime"
_RUNTIME_SOURCE = Path(__file__).with_name("runtime.py")
_IMPORT_LINE = re.compile(r"^[ \t]*from[ \t]+tfmigrate\.runtime[ \t]+import[ \t]+([\w \t,]+?)[ \t]*$")

HEADER = """\
# Added by tfmigrate: what tfmigrate.runtime does for TF1's per_process_gpu_memory_fraction,
# written out so that this notebook runs in a kernel without tfmigrate. It reads each GPU's
# total memory through NVML (pip install nvidia-ml-py) and caps TensorFlow's use of it as
# TF1's GPUOptions did. Run this cell before the cell that configures the GPUs.
"""


def is_helper_cell(text: str) -> bool:
    """The cell a rewrite added: tfmigrate's own code, which no rule reads."""
    return text.startswith(HEADER.splitlines()[0])


def take_runtime_imports(old: str, new: str) -> tuple[str, dict[str, str]]:
    """`new` without the runtime imports the rewrite added to it, and the names they
    bound (runtime name -> name in the notebook). An import the cell had already stays."""
    lines = split_lines(new)
    had = {line.rstrip("\r\n") for line in split_lines(old)}
    names: dict[str, str] = {}
    for index in reversed(range(len(lines))):
        body = lines[index].rstrip("\r\n")
        m = _IMPORT_LINE.match(body)
        if m is None or body in had:
            continue
        for part in m.group(1).split(","):
            words = part.split()
            if len(words) == 3 and words[1] == "as":
                names[words[0]] = words[2]
            elif len(words) == 1:
                names[words[0]] = words[0]
            else:
                return new, {}  # not a form the rewrite writes: leave it for the report
        lines = _without_line(lines, index, old)
    return "".join(lines), dict(sorted(names.items()))


def _without_line(lines: list[str], index: int, old: str) -> list[str]:
    """Drop line `index`, and the blank line the rewrite put after it when the cell did not
    have one there (whichever of the two reads closer to the cell as it was)."""
    plain = lines[:index] + lines[index + 1:]
    if index + 1 < len(lines) and not lines[index + 1].strip():
        both = lines[:index] + lines[index + 2:]
        def bare(lines: list[str]) -> list[str]:  # a cell's last line has no newline
            return [line.rstrip("\r\n") for line in lines]

        before = bare(split_lines(old))
        if SequenceMatcher(None, before, bare(both)).ratio() > SequenceMatcher(None, before, bare(plain)).ratio():
            return both
    return plain


def uses(text: str, names: dict[str, str]) -> bool:
    return any(re.search(rf"\b{re.escape(local)}\b", text) for local in names.values())


def helper_cell(names: dict[str, str], newline: str = "\n") -> Optional[str]:
    """The cell's source: the runtime functions `names` asks for, the functions they call
    and the imports they use, in tfmigrate/runtime.py's order. None if a name is unknown."""
    source = _RUNTIME_SOURCE.read_text(encoding="utf-8")
    tree = ast.parse(source)
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    if any(name not in functions for name in names):
        return None
    wanted: set[str] = set()
    pending = list(names)
    while pending:
        name = pending.pop()
        if name in wanted:
            continue
        wanted.add(name)
        pending.extend(n.id for n in ast.walk(functions[name]) if isinstance(n, ast.Name) and n.id in functions)
    used = {n.id for name in wanted for n in ast.walk(functions[name]) if isinstance(n, ast.Name)}
    imports = []
    for node in tree.body:
        if isinstance(node, ast.Import) or (isinstance(node, ast.ImportFrom) and node.module != "__future__"):
            if any((alias.asname or alias.name).split(".")[0] in used for alias in node.names):
                imports.append(ast.get_source_segment(source, node))
    parts = [HEADER + "".join(line + "\n" for line in imports)]
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in wanted:
            text = ast.get_source_segment(source, node) or ""
            for name, local in names.items():
                if local != name:
                    text = re.sub(rf"\b{re.escape(name)}\b", local, text)
            parts.append(text + "\n")
    return ("\n\n".join(parts)).rstrip("\n").replace("\n", newline)
