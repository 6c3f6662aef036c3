"""The cheap text check that decides whether a file is worth parsing at all.

Parsing with LibCST and resolving names costs tens of milliseconds per file; looking
for a few byte strings costs microseconds. Each rule declares what a file must contain
for the rule to find anything in it:

* `triggers`: plain identifiers, searched with `bytes.__contains__` (a fast substring
  search; one big regular-expression alternation is several times slower);
* `trigger_patterns`: TriggerPatterns, for what a word cannot say. The regex runs only
  on files that contain one of its anchors, literals that every match contains.

Before either, a handful of short keys that every word and anchor contains rules out
most files in a few passes over their bytes (one per distinct first byte).

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


class UpgradeNames:
    """What TensorFlow's upgrade script acts on (`tfmigrate rewrite --tf-upgrade`): names
    spelled from `tf.` (`tf.placeholder`, `tf.train.AdamOptimizer`, `tf.contrib`), which
    is the only spelling the script follows, and methods of any object
    (`*.make_one_shot_iterator`). A file with none of them is one the script leaves
    alone, so a tree of TF2 code is not parsed for it."""

    _TF_NAME = re.compile(rb"\btf(?:[ \t]*\.[ \t]*[A-Za-z_][A-Za-z0-9_]*)+")
    _METHOD = re.compile(rb"\.[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*\(")

    def __init__(self, names: Iterable[str]) -> None:
        names = tuple(names)
        self._tf = frozenset(n.encode("ascii") for n in names if n.startswith("tf."))
        self._methods = frozenset(n[2:].encode("ascii") for n in names if n.startswith("*."))

    # The script also moves `import tensorflow.compat.v1 as tf` to `import tensorflow as
    # tf`, spelling each TF1 name of the file from tf.compat.v1.
    _COMPAT_V1_IMPORT = re.compile(rb"import[ \t]+tensorflow\.compat\.v1\b|from[ \t]+tensorflow\.compat[ \t]+import[ \t]+v1\b")

    def search(self, data: bytes) -> bool:
        if b"compat" in data and self._COMPAT_V1_IMPORT.search(data):
            return True
        if b"tf" in data:
            for match in self._TF_NAME.finditer(data):
                parts = re.sub(rb"[ \t]", b"", match.group()).split(b".")
                if any(b".".join(parts[:end]) in self._tf for end in range(2, len(parts) + 1)):
                    return True
        return bool(self._methods) and any(m in self._methods for m in self._METHOD.findall(data))


class Triggers:
    def __init__(self, words: Iterable[str], patterns: Iterable[TriggerPattern] = (),
                 upgrade: "UpgradeNames | None" = None) -> None:
        self.words = tuple(sorted(set(words)))
        for word in self.words:
            if not _IDENTIFIER.match(word):
                raise ValueError(f"trigger word {word!r} is not an identifier; use a TriggerPattern")
        self.patterns = tuple(sorted(set(patterns), key=lambda p: p.regex))
        self._words = tuple(w.encode("ascii") for w in self.words)
        self._patterns = tuple((tuple(a.encode("ascii") for a in p.anchors), re.compile(p.regex.encode("ascii")))
                               for p in self.patterns)
        self._keys = _cover([*self._words, *(a for anchors, _ in self._patterns for a in anchors)])
        self._first_stage = _by_first_byte(self._keys)
        self.upgrade = upgrade

    def search(self, data: bytes) -> bool:
        if self.upgrade is not None and self.upgrade.search(data):
            return True
        if not any(regex.search(data) for regex in self._first_stage):  # most files stop here
            return False
        if any(word in data for word in self._words):
            return True
        return any(any(a in data for a in anchors) and regex.search(data) is not None
                   for anchors, regex in self._patterns)

    def grep_source(self) -> str:
        """The same search as one `grep -E` alternation."""
        return "|".join([*self.words, *(p.regex for p in self.patterns)])


def _cover(needles: list[bytes], length: int = 6) -> tuple[bytes, ...]:
    """A few short strings such that every needle contains one of them: a file holding
    none of them holds no needle, and 11 keys cost far fewer passes over a file than
    26 needles. Chosen greedily, each key the `length`-byte piece (or the
    whole of a shorter needle) that the most uncovered needles share; 6 bytes measured
    fastest on the benchmark tree (shorter keys match too many files)."""
    pieces: dict[bytes, set[bytes]] = {}
    for needle in needles:
        size = min(length, len(needle))
        for start in range(len(needle) - size + 1):
            pieces.setdefault(needle[start:start + size], set()).add(needle)
    left, keys = set(needles), []
    while left:
        best = max(sorted(pieces), key=lambda piece: len(pieces[piece] & left))
        keys.append(best)
        left -= pieces[best]
    return tuple(keys)


def _by_first_byte(keys: Iterable[bytes]) -> tuple[re.Pattern, ...]:
    """One regex per first byte, `_(?:devic|DEV|OR)`: Python's `re` finds a literal first
    byte with a fast scan, so six keys that start with `_` cost one pass, not six."""
    groups: dict[bytes, list[bytes]] = {}
    for key in keys:
        groups.setdefault(key[:1], []).append(key[1:])
    return tuple(re.compile(re.escape(first) + b"(?:" + b"|".join(re.escape(rest) for rest in sorted(rests)) + b")")
                 for first, rests in sorted(groups.items()))


def compile_triggers(words: Iterable[str], patterns: Iterable[TriggerPattern] = (),
                     upgrade_names: Iterable[str] = ()) -> Triggers:
    upgrade_names = tuple(upgrade_names)
    return Triggers(words, patterns, UpgradeNames(upgrade_names) if upgrade_names else None)


def might_match(data: bytes, triggers: Triggers) -> bool:
    return triggers.search(data)


def might_match_file(path: str, data: bytes, triggers: Triggers) -> bool:
    """A notebook holds its cells as JSON strings, where `"` is written `\\"`: the quoted
    names the near-miss patterns look for ("CUDA_VISIBLE_DEVICE") are searched unescaped."""
    if path.endswith(".ipynb"):
        if b'\\"' in data:
            data = data.replace(b'\\"', b'"')
        # A source list may cut a line anywhere (`"config = tf.Config", "Proto()"`): the
        # strings side by side are searched as the one text they make.
        data = _ADJACENT_STRINGS.sub(b"", data)
    return triggers.search(data)


_ADJACENT_STRINGS = re.compile(rb'"\s*,\s*"')
