"""TensorFlow's own upgrade script (tf_upgrade_v2), run safely on tfmigrate's output.

tfmigrate rewrites what it knows (session configs, Estimators, device queries); the
rest of the TF1 API is renamed by the script TensorFlow ships. This module hands the
texts to that script in a child process (tfmigrate/tf_upgrade_worker.py): the rewrite
process never imports TensorFlow, and the script never writes a file. Its result for a
text is kept only when it is safe to keep, which the script itself does not check:

- it parsed the text (it cannot parse Python 2, and crashes on `match` and other new
  syntax: by hand it then writes an empty file, or stops the whole run);
- its text parses again, and is not empty where the input was not;
- it reported no error for the text (an error means it left something it knows to be
  wrong; its other edits are then not kept either, and the error is reported).

Otherwise the text stays as tfmigrate wrote it, and `Upgrade.reason` says why.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import warnings
from dataclasses import dataclass, field
from typing import Optional, Sequence

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_upgrade_worker.py")
# `3:2: INFO: Renamed 'tf.placeholder' to 'tf.compat.v1.placeholder'`, as the script logs.
_LOG_LINE = re.compile(r"^(?:.*?:)?(?P<line>\d+):(?P<col>\d+): (?P<level>[A-Z]+): (?P<message>.*)$", re.S)


class ScriptUnavailable(RuntimeError):
    """No TensorFlow upgrade script could be run (no TensorFlow for that Python)."""


@dataclass(frozen=True)
class Note:
    line: int
    col: int
    level: str       # INFO (an edit), WARNING, ERROR, as the script logs them
    message: str


@dataclass(frozen=True)
class Upgrade:
    """The script's result for one text."""

    text: Optional[str]          # the upgraded text, when it is kept
    reason: Optional[str] = None  # why the script's text was not kept
    notes: tuple[Note, ...] = field(default=())

    @property
    def edits(self) -> tuple[Note, ...]:
        return tuple(n for n in self.notes if n.level == "INFO")


def upgrade_texts(texts: Sequence[tuple[str, str]], python: Optional[str] = None,
                  script_folder: Optional[str] = None, timeout: float = 600) -> list[Upgrade]:
    """Each (name, text) through the upgrade script; one child process for all of them.

    `python` is the interpreter whose TensorFlow provides the script (default: this one);
    `script_folder` names a `tensorflow/tools/compatibility` folder directly."""
    if not texts:
        return []
    with open(WORKER, encoding="utf-8") as handle:
        worker_source = handle.read()
    command = [python or sys.executable, "-c", worker_source]
    if script_folder:
        command.append(script_folder)
    payload = json.dumps([{"name": name, "text": text} for name, text in texts])
    try:
        done = subprocess.run(command, input=payload, capture_output=True, text=True,
                              encoding="utf-8", timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ScriptUnavailable(f"the upgrade script did not run: {error}") from error
    try:
        answer = json.loads(done.stdout)
    except ValueError:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise ScriptUnavailable(f"the upgrade script did not run: {last}") from None
    if "error" in answer:
        raise ScriptUnavailable(answer["error"])
    return [_judge(text, result) for (_, text), result in zip(texts, answer["results"])]


def _judge(original: str, result: dict) -> Upgrade:
    # the script lists its errors both in the log and apart: each once, in order
    notes = tuple(dict.fromkeys(_notes(result.get("log", ())) + _notes(result.get("errors", ()))))
    if result.get("crash"):
        last = result["crash"].strip().splitlines()[-1]
        return Upgrade(None, f"the upgrade script crashed on this file ({last})", notes)
    if not result.get("processed"):
        return Upgrade(None, "the upgrade script cannot parse this file (Python 2 syntax, or syntax "
                             "newer than it reads); by hand it would write an empty file", notes)
    text = result["text"]
    if original.strip() and not text.strip():
        return Upgrade(None, "the upgrade script returned an empty file", notes)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escapes the input had already
            ast.parse(text)
    except (SyntaxError, ValueError) as error:
        return Upgrade(None, f"the upgrade script's result does not parse ({error.msg if isinstance(error, SyntaxError) else error})", notes)
    errors = [n for n in notes if n.level == "ERROR"]
    if errors:
        first = errors[0]
        return Upgrade(None, f"the upgrade script reported an error at line {first.line}: {first.message}", notes)
    return Upgrade(text, None, notes)


def _notes(lines) -> list[Note]:
    found = []
    for line in lines:
        match = _LOG_LINE.match(line.strip())
        if match:
            found.append(Note(int(match["line"]), int(match["col"]), match["level"], match["message"].strip()))
    return found
