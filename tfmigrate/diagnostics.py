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


# Not a rule's: the engine's own report of a file, or a notebook cell, it could not handle.
UNHANDLED_CODE = "TFM001"
# A notebook cell under a cell magic whose body is not Python (%%bash, %%writefile) names TF1 API.
FOREIGN_CELL_CODE = "TFM002"
ENGINE_CODES = {
    UNHANDLED_CODE: "a file or notebook cell that could not be read, parsed or written: it was left unchanged "
                    "(the message says why); its TF1 sites, if any, are not reported",
    FOREIGN_CELL_CODE: "a notebook cell whose body is not Python (%%bash, %%writefile, ...) names TF1 session or "
                       "Estimator API: it is left as it is",
}


def to_json(diagnostics: Iterable[Diagnostic]) -> str:
    return json.dumps([asdict(d) for d in diagnostics], indent=2, ensure_ascii=False)
