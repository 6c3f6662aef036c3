"""A scanner for the TF1 names that survive a rewrite, independent of the rules (#15).

It reads tokens, not the rules' name resolution: any code token spelling session-config or
Estimator API counts, whatever it is bound to. tests/test_nothing_silent.py requires each
such token left after `rewrite` to sit in a top-level statement (a function, a class, or a
statement of the module) that the second run reports on; a rule that rewrote part of a file
and passed over the rest in silence fails it.

Spellings looked for (in code, never in comments or strings):
- session config: ConfigProto, GPUOptions, gpu_options, set_session, session_config, and
  `Session(` with a `config=` keyword;
- Estimator: `.estimator` reached as an attribute, tensorflow_estimator, EstimatorSpec,
  RunConfig, model_to_estimator, and `contrib.learn`.
"""

from __future__ import annotations

import ast
import io
import tokenize
from dataclasses import dataclass

CONFIG_NAMES = frozenset({"ConfigProto", "GPUOptions", "gpu_options", "set_session", "session_config"})
ESTIMATOR_NAMES = frozenset({"EstimatorSpec", "RunConfig", "model_to_estimator", "tensorflow_estimator"})
_SKIP = {tokenize.COMMENT, tokenize.STRING, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
         tokenize.ENDMARKER, tokenize.ENCODING}
_SKIP |= {getattr(tokenize, n) for n in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END") if hasattr(tokenize, n)}


@dataclass(frozen=True)
class Survivor:
    line: int
    family: str  # "config" or "estimator"
    text: str


def survivors(source: str) -> list[Survivor]:
    """Every code token of `source` that spells TF1 session-config or Estimator API."""
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type not in _SKIP]
    found: list[Survivor] = []
    for i, tok in enumerate(tokens):
        if tok.type != tokenize.NAME:
            continue
        before = tokens[i - 1].string if i else ""
        after = tokens[i + 1].string if i + 1 < len(tokens) else ""
        if tok.string in CONFIG_NAMES:
            found.append(Survivor(tok.start[0], "config", tok.string))
        elif tok.string in ESTIMATOR_NAMES:
            found.append(Survivor(tok.start[0], "estimator", tok.string))
        elif tok.string == "estimator" and (before == "." or _imported_from_tensorflow(tokens, i)):
            found.append(Survivor(tok.start[0], "estimator", "estimator"))
        elif tok.string == "learn" and before == "." and i >= 2 and tokens[i - 2].string == "contrib":
            found.append(Survivor(tok.start[0], "estimator", "contrib.learn"))
        elif tok.string == "Session" and after == "(" and _has_config_keyword(tokens, i + 1):
            found.append(Survivor(tok.start[0], "config", "Session(config=)"))
    return found


def _imported_from_tensorflow(tokens, i: int) -> bool:
    """`from tensorflow import estimator` / `from tensorflow.compat.v1 import estimator`."""
    j = i
    while j > 0 and tokens[j].start[0] == tokens[i].start[0] and tokens[j].string != "from":
        j -= 1
    return tokens[j].string == "from" and j + 1 < len(tokens) and tokens[j + 1].string == "tensorflow"


def _has_config_keyword(tokens, open_paren: int) -> bool:
    depth = 0
    for j in range(open_paren, len(tokens)):
        s = tokens[j].string
        if s in "([{":
            depth += 1
        elif s in ")]}":
            depth -= 1
            if depth == 0:
                return False
        elif depth == 1 and s == "config" and j + 1 < len(tokens) and tokens[j + 1].string == "=":
            return True
    return False


def top_level_spans(source: str) -> list[tuple[int, int]]:
    """(first line, last line) of each top-level statement, decorators included."""
    spans = []
    for node in ast.parse(source).body:
        first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
        spans.append((first, node.end_lineno or node.lineno))
    return spans


def silent(source: str, reported_lines: list[int]) -> list[Survivor]:
    """The survivors of `source` in no top-level statement that holds a reported line."""
    spans = top_level_spans(source)
    covered = {span for span in spans for line in reported_lines if span[0] <= line <= span[1]}
    out = []
    for s in survivors(source):
        span = next((sp for sp in spans if sp[0] <= s.line <= sp[1]), None)
        if span not in covered:
            out.append(s)
    return out
