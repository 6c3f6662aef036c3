"""What a run reports: one record per site, printable as text or JSON."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Iterable


@dataclass(frozen=True, order=True)
class Diagnostic:
    """A site that needs a human, or a note about a rewrite.

    `path` may carry a location prefix beyond the file, e.g. "nb.ipynb:cell 4".
    """

    path: str
    line: int
    col: int
    code: str
    message: str

    def format(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.code} {self.message}"


def to_json(diagnostics: Iterable[Diagnostic]) -> str:
    return json.dumps([asdict(d) for d in diagnostics], indent=2, ensure_ascii=False)
