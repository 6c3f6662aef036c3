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


class UpgradeScript:
    """One child process running the script, kept for many texts (its start costs more
    than a file). Not thread-safe; each process of a run has its own (`shared`)."""

    def __init__(self, python: Optional[str] = None, script_folder: Optional[str] = None):
        with open(WORKER, encoding="utf-8") as handle:
            worker_source = handle.read()
        command = [python or sys.executable, "-c", worker_source]
        if script_folder:
            command.append(script_folder)
        try:
            self._child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                           stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
        except OSError as error:
            raise ScriptUnavailable(f"the upgrade script did not run: {error}") from error
        header = self._receive()
        if "error" in header:
            self.close()
            raise ScriptUnavailable(header["error"])
        self.folder: str = header["folder"]
        self.names: tuple[str, ...] = tuple(header["names"])  # what the script acts on (for the prefilter)
        self.runtime_imported: bool = header["runtime_imported"]

    def upgrade(self, name: str, text: str) -> Upgrade:
        result = _judge(text, self._ask(name, text))
        if result.text is None or result.text == text:
            return result
        # The script is not always final: it renames softmax_cross_entropy_with_logits_v2 to
        # softmax_cross_entropy_with_logits, which its next run takes for the TF1 function
        # and wraps the labels in stop_gradient, a change of behaviour. A result that the
        # script would change again is not kept, so that a second tfmigrate run is a no-op.
        again = _judge(result.text, self._ask(name, result.text))
        if again.text is not None and again.text != result.text:
            first = next(iter(again.edits), None)
            where = f" (line {first.line}: {first.message})" if first else ""
            return Upgrade(None, "the upgrade script's result is not final: run on it again, the script "
                                 f"changes it again{where}", result.notes)
        return result

    def _ask(self, name: str, text: str) -> dict:
        try:
            self._child.stdin.write(json.dumps({"name": name, "text": text}) + "\n")
            self._child.stdin.flush()
        except OSError as error:
            raise ScriptUnavailable(f"the upgrade script stopped: {error}") from error
        return self._receive()

    def _receive(self) -> dict:
        line = self._child.stdout.readline()
        if not line:
            self.close()
            raise ScriptUnavailable("the upgrade script did not run: it stopped without an answer "
                                    "(is TensorFlow installed for that Python?)")
        return json.loads(line)

    def close(self) -> None:
        if self._child.poll() is None:
            self._child.stdin.close()
            try:
                self._child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._child.kill()
        self._child.stdout.close()


_shared: dict[tuple[Optional[str], int], UpgradeScript] = {}


def shared(python: Optional[str] = None) -> UpgradeScript:
    """This process's script child for `python` (a forked worker gets its own)."""
    key = (python, os.getpid())
    script = _shared.get(key)
    if script is None or script._child.poll() is not None:
        script = _shared[key] = UpgradeScript(python)
    return script


def upgrade_texts(texts: Sequence[tuple[str, str]], python: Optional[str] = None,
                  script_folder: Optional[str] = None) -> list[Upgrade]:
    """Each (name, text) through the upgrade script, in one child process.

    `python` is the interpreter whose TensorFlow provides the script (default: this one);
    `script_folder` names a `tensorflow/tools/compatibility` folder directly."""
    if not texts:
        return []
    script = UpgradeScript(python, script_folder)
    try:
        return [script.upgrade(name, text) for name, text in texts]
    finally:
        script.close()


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


# -- what the engine calls ---------------------------------------------------------------

RENAME_CODE = "TFM400"   # a TF1 name or call the upgrade script rewrites
KEPT_OUT_CODE = "TFM401"  # the script's result for a file was not kept, or it asks for a check
CODES = {
    RENAME_CODE: "with --tf-upgrade: a TF1 name or call TensorFlow's upgrade script renames (tf.placeholder -> tf.compat.v1.placeholder)",
    KEPT_OUT_CODE: "with --tf-upgrade: the upgrade script's result for a file was not kept (the reason is given), or a warning it gave",
}


def upgrade_file_text(text: str, display: str, python: Optional[str] = None, names_tensorflow: Optional[bool] = None,
                      original: Optional[str] = None, own_lines: frozenset = frozenset()):
    """The script on `text`, one file's (or cell's) text as tfmigrate's rules left it.

    Returns what _upgrade_text returns. When the rules changed the file (`original` is
    its text before them), the fixes and diagnostics are those of the script's run on
    the original, so that they point at the file's own lines; a rename on a line where
    tfmigrate's own rules act (`own_lines`) is not listed."""
    upgraded, fixes, diagnostics = _upgrade_text(text, display, python, names_tensorflow)
    if original is not None and original != text:
        _, fixes, diagnostics = _upgrade_text(original, display, python, names_tensorflow)
        fixes = [fix for fix in fixes if fix.line not in own_lines]
    return upgraded, fixes, diagnostics


def _upgrade_text(text: str, display: str, python: Optional[str] = None, names_tensorflow: Optional[bool] = None):
    """The script on one text.

    Returns (text to write, fixes, diagnostics): the script's text when it is kept, else
    `text`; its edits as RENAME_CODE fixes (listed by `check`); and as KEPT_OUT_CODE
    diagnostics, why its result was not kept, or each warning it gave on a kept result.
    `names_tensorflow` says whether the file imports TensorFlow where `text` is only part
    of it (a notebook cell). Raises ScriptUnavailable when the script cannot run at all."""
    from tfmigrate.diagnostics import Diagnostic

    if not (names_tensorflow if names_tensorflow is not None else "tensorflow" in text):
        # The script renames `tf.placeholder` whatever `tf` is; without TensorFlow in the
        # file, `tf` is something else (a parameter, a local object): left alone.
        return text, [], []
    upgrade = shared(python).upgrade(display, text)
    fixes = [Diagnostic(display, n.line, n.col, RENAME_CODE, f"upgrade script: {n.message}") for n in upgrade.edits]
    if upgrade.text is None:
        where = next((n for n in upgrade.notes if n.level == "ERROR"), None)
        reason = Diagnostic(display, where.line if where else 1, where.col if where else 0, KEPT_OUT_CODE, f"{upgrade.reason}; the file keeps tfmigrate's "
                            "own rewrite, without the upgrade script's renames")
        return text, [], [reason]
    warnings_ = [Diagnostic(display, n.line, n.col, KEPT_OUT_CODE, f"upgrade script: {n.message}")
                 for n in upgrade.notes if n.level == "WARNING"]
    return upgrade.text, fixes if upgrade.text != text else [], warnings_
