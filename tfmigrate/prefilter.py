"""The cheap text check that decides whether a file is worth parsing at all.

Parsing with LibCST costs milliseconds per file; a substring search costs
microseconds. A file that contains none of these words cannot hold a site any
rule acts on, so the engine never parses it.
"""

from __future__ import annotations

import re
from typing import Iterable

# Each rule module contributes its own words; this is the union used when every
# rule is selected. Keep them plain ASCII identifiers: the search runs on bytes.
TRIGGER_WORDS: tuple[str, ...] = (
    "ConfigProto",
    "GPUOptions",
    "set_session",
)


def compile_triggers(words: Iterable[str]) -> re.Pattern[bytes]:
    """One alternation over all words, searched in raw bytes (no decoding)."""
    unique = sorted(set(words))
    return re.compile(b"|".join(re.escape(w.encode("ascii")) for w in unique))


def might_match(data: bytes, pattern: re.Pattern[bytes]) -> bool:
    return pattern.search(data) is not None
