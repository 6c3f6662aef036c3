"""`tfmigrate check --format sarif`: a SARIF 2.1.0 log for code-scanning dashboards.

Written by hand: the log is one run with one result per diagnostic, a few dozen lines of
plain JSON. The SARIF object-model package on PyPI (sarif-om) only provides classes and
needs a separate serialiser to produce valid JSON, which would be two dependencies for
less than this module.
"""

from __future__ import annotations

import os
import re
from typing import Iterable, Mapping, Sequence
from urllib.parse import quote

from tfmigrate.diagnostics import UNHANDLED_CODE, Diagnostic

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_CELL = re.compile(r"^(?P<file>.*\.ipynb):(?P<cell>cell \d+)$")


def artifact_uri(path: str) -> str:
    """A relative path stays relative (resolved against the checkout); absolute -> file://."""
    posix = path.replace(os.sep, "/")
    if os.path.isabs(path):
        return "file://" + quote(posix if posix.startswith("/") else "/" + posix)
    return quote(posix)


def _location(path: str, region: dict | None) -> dict:
    physical: dict = {"artifactLocation": {"uri": artifact_uri(path)}}
    if region:
        physical["region"] = region
    return {"physicalLocation": physical}


def result(d: Diagnostic, rule_index: Mapping[str, int]) -> dict:
    cell = _CELL.match(d.path)
    if cell:
        # A notebook is one JSON file: a cell's line numbers are not lines of that file,
        # so the cell and line go into the message and the location names the file only.
        text = f"{cell['cell']}, line {d.line}, column {d.col}: {d.message}"
        location = _location(cell["file"], None)
    else:
        text = d.message
        location = _location(d.path, {"startLine": d.line, "startColumn": d.col})
    level = "error" if d.code == UNHANDLED_CODE else "warning"  # a file not checked at all
    out = {"ruleId": d.code, "level": level, "message": {"text": text}, "locations": [location]}
    if d.code in rule_index:
        out["ruleIndex"] = rule_index[d.code]
    return out


def sarif_log(diagnostics: Iterable[Diagnostic], rules: Mapping[str, str], version: str,
              errors: Sequence[tuple[str, str]] = ()) -> dict:
    """`rules` maps each code to its description; `errors` are (path, message) of files
    that could not be checked: they make the run unsuccessful and are listed as such."""
    codes = sorted(rules)
    rule_index = {code: i for i, code in enumerate(codes)}
    notifications = [
        {"level": "error", "message": {"text": message}, "locations": [_location(path, None)]}
        for path, message in errors
    ]
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "tfmigrate",
                "version": version,
                "rules": [{"id": c, "shortDescription": {"text": rules[c]}} for c in codes],
            }},
            "invocations": [{"executionSuccessful": not errors, "toolExecutionNotifications": notifications}],
            "results": [result(d, rule_index) for d in diagnostics],
        }],
    }
