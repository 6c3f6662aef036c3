"""TFM1xx planning beyond the translation table: values only the program knows.

`tfmigrate.settings.plan()` is shared with the runtime shim, which always sees a live
ConfigProto, so every value it plans is a literal. The rewrite also meets values that
only the running program knows. One of them needs more than an expression in the
emitted call:

* `per_process_gpu_memory_fraction=FLAGS.gpu_memory_fraction` (a flag, an argument, a
  parameter): TF1 gave 0 the meaning "no limit" and values above 1 CUDA unified memory,
  so the TF2 form depends on the value. It becomes `set_gpu_memory_fraction(<value>)`
  from `tfmigrate.runtime`, which decides at run time, as TF1 did. A literal above 1
  goes the same way: `tf.config` has no switch for unified memory, the helper does.
  A literal in (0, 1] keeps the table's plain `tf.config` form, and 0 emits nothing.

Combinations the table reports stay reported: with `allow_growth` on (or unknown), any
fraction above 0 meant "grow up to the limit" (TFM113), and with virtual devices the
limits are the user's to choose.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping

from tfmigrate import settings
from tfmigrate.settings import Names, Value

FRACTION = "gpu_options.per_process_gpu_memory_fraction"
HELPER = "set_gpu_memory_fraction"
HELPER_MODULE = "tfmigrate.runtime"


@dataclass(frozen=True)
class RuntimeNames(Names):
    """Names plus the spelling of the run-time fraction helper (free in the file)."""

    memory_fraction: str = HELPER


@dataclass(frozen=True)
class MemoryFractionAtRunTime:
    """`set_gpu_memory_fraction(<value>)`: TF1's fraction, whatever its value turns out to be.

    An action of the rewrite alone, shaped like settings.Action (stage, key, fields,
    render, apply) but not one of the table's: the runtime shim plans live ConfigProtos,
    whose fractions are always numbers, and keeps a reader for each of the table's."""

    stage: settings.Stage
    key: str
    fields: tuple[str, ...]
    value: Value = Value()
    imports: tuple[tuple[str, str], ...] = field(default=((HELPER_MODULE, HELPER),))

    def render(self, n: Names) -> list[str]:
        return [f"{getattr(n, 'memory_fraction', HELPER)}({self.value.text().strip()})"]

    def apply(self, tf: Any) -> None:
        from tfmigrate.runtime import set_gpu_memory_fraction

        set_gpu_memory_fraction(self.value.literal)


def plan(fields: Mapping[str, Value]) -> settings.Plan:
    """settings.plan(), with a fraction the helper can carry taken out and planned here."""
    fraction = fields.get(FRACTION)
    if fraction is None or not _for_the_helper(fraction, fields):
        return _with_precise_reasons(settings.plan(fields), fields)
    result = settings.plan({path: v for path, v in fields.items() if path != FRACTION})
    result.actions.append(MemoryFractionAtRunTime(settings.Stage.MEMORY, "gpu_memory", (FRACTION,), value=fraction))
    result.actions.sort(key=lambda a: a.stage)  # stable: the memory stage, after devices
    return result


def _for_the_helper(fraction: Value, fields: Mapping[str, Value]) -> bool:
    if fraction.known:
        f = fraction.literal
        if not isinstance(f, (int, float)) or isinstance(f, bool) or math.isnan(f) or f <= 1:
            return False  # the table's own forms (or its report of a value that is not a number)
    elif fraction.source is None or _is_text(fraction.source):
        return False
    growth = fields.get("gpu_options.allow_growth")
    if growth is not None and not (growth.known and not growth.literal):
        return False  # "grow up to the limit" unless the fraction is 0: TFM113
    return "gpu_options.experimental.virtual_devices" not in fields


def _with_precise_reasons(result: settings.Plan, fields: Mapping[str, Value]) -> settings.Plan:
    """The table's report of a fraction it cannot read, said for what the helper leaves."""
    fraction = fields.get(FRACTION)
    if fraction is None:
        return result
    text = fraction.text().strip()
    for i, p in enumerate(result.problems):
        if p.field != FRACTION:
            continue
        if isinstance(fraction.literal, str) or (not fraction.known and _is_text(text)):
            message = (f"per_process_gpu_memory_fraction={text} is a string, which TF1 rejected (TypeError): write "
                       "the number")
        elif not fraction.known and "gpu_options.allow_growth" in fields:
            message = (f"allow_growth together with per_process_gpu_memory_fraction={text}: whenever the fraction is "
                       "above 0 at run time, TF1 grew on demand up to it, and TF2 ignores memory growth once a GPU "
                       "has a limit; keep one of the two")
            result.problems[i] = settings.Problem(FRACTION, settings.CODE_GROWTH_AND_LIMIT, message)
            continue
        else:
            continue
        result.problems[i] = settings.Problem(FRACTION, p.code, message)
    return result


def _is_text(source: str) -> bool:
    """A string or f-string: never a fraction (TF1 rejected it)."""
    text = source.strip().lstrip("rRbBuUfF")
    return text[:1] in ("'", '"')
