"""The cheap text check that decides whether a file is worth parsing at all.

Parsing with LibCST and resolving names costs tens of milliseconds per file; looking
for a few byte strings costs microseconds. Each rule declares what a file must contain
for the rule to find anything in it:

* `triggers`: plain identifiers, searched with `bytes.__contains__` (a fast substring
  search; one big regular-expression alternation is several times slower);
* `trigger_patterns`: TriggerPatterns, for what a word cannot say. The regex runs only
  on files that contain one of its anchors, literals that every match contains.

A file that matches none of them is never parsed. The regexes are written in the common
subset of Python's `re` and POSIX extended regular expressions, so `grep -E` can search
for exactly the same thing (benchmarks/ relies on that).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass(frozen=True)
class TriggerPattern:
    regex: str
    anchors: tuple[str, ...]  # every match of regex contains at least one of these


class Triggers:
    def __init__(self, words: Iterable[str], patterns: Iterable[TriggerPattern] = ()) -> None:
        self.words = tuple(sorted(set(words)))
        for word in self.words:
            if not _IDENTIFIER.match(word):
                raise ValueError(f"trigger word {word!r} is not an identifier; use a TriggerPattern")
        self.patterns = tuple(sorted(set(patterns), key=lambda p: p.regex))
        self._words = tuple(w.encode("ascii") for w in self.words)
        self._patterns = tuple((tuple(a.encode("ascii") for a in p.anchors), re.compile(p.regex.encode("ascii")))
                               for p in self.patterns)

    def search(self, data: bytes) -> bool:
        if any(word in data for word in self._words):
            return True
        return any(any(a in data for a in anchors) and regex.search(data) is not None
                   for anchors, regex in self._patterns)

    def grep_source(self) -> str:
        """The same search as one `grep -E` alternation."""
        return "|".join([*self.words, *(p.regex for p in self.patterns)])


def compile_triggers(words: Iterable[str], patterns: Iterable[TriggerPattern] = ()) -> Triggers:
    return Triggers(words, patterns)


def might_match(data: bytes, triggers: Triggers) -> bool:
    return triggers.search(data)
