"""Import TensorFlow on a roomy frame stack, so that the shim's import costs no more than yours.

`import tfmigrate.compat` imports TensorFlow itself, a few frames deeper than the
program's own `import tensorflow` would have. On CPython 3.11+ that depth alone can
make TensorFlow's import 10-25% slower (+0.3-0.8 s on TF 2.21), for this reason:

CPython keeps Python frames on a per-thread stack made of 16 KiB chunks. A call that
does not fit in the current chunk gets a new chunk (mmap), and the chunk is released
(munmap) as soon as that call returns. When one of TensorFlow's hot call paths sits
across a chunk boundary, every call there maps, touches and unmaps a fresh chunk: a
plain `import tensorflow` does that about 9,000-19,000 times, depending only on how
deep the stack is where the import starts (`strace -e mmap,munmap`, count the 16384-byte
ones; `getrusage().ru_minflt` counts the page faults). A few frames more or less move
every boundary, so the cost of an import depends on where it happens, not on what it
does.

`call_with_room(fn)` runs `fn` from a frame that reserves ROOM_SLOTS of stack. That
frame cannot fit in a 16 KiB chunk, so CPython gives it a chunk of 256 KiB, and the
calls made under it use the rest of that chunk: about 15,700 slots (125 KiB), well
above the ~5,000 that TensorFlow's import uses at its deepest. No chunk is mapped or
released during the import, wherever it starts. The reserved slots are never written,
so the pages behind them are never touched; the chunk is released when `fn` returns.

The reservation is the code object's `co_stacksize`, which only sizes the frame (a
larger value than the code needs is valid). Elsewhere than CPython 3.11+, or if the
code object cannot be changed, `fn` is simply called.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

# The frame must exceed 128 KiB with CPython's 1,000-slot chunk overhead or without it,
# and stay under 256 KiB, so that its chunk is 256 KiB: 17,000 slots of 8 bytes.
ROOM_SLOTS = 17_000


def _call(fn: Callable[[], Any]) -> Any:
    return fn()


def _roomy_caller() -> Callable[[Callable[[], Any]], Any]:
    if sys.implementation.name != "cpython" or sys.version_info < (3, 11):
        return _call  # no chunked frame stack (3.10 and older allocate each frame alone)
    try:
        names = {"co_name": "call_with_room"}
        if sys.version_info >= (3, 11):
            names["co_qualname"] = "call_with_room"
        code = _call.__code__.replace(co_stacksize=ROOM_SLOTS, **names)  # tracebacks name it
        roomy = type(_call)(code, _call.__globals__, "call_with_room")
        if roomy(lambda: 42) != 42:  # pragma: no cover - defensive
            return _call
    except Exception:  # pragma: no cover - an interpreter that refuses the code object
        return _call
    return roomy


call_with_room = _roomy_caller()
call_with_room.__doc__ = "Return fn(), called from a frame with ROOM_SLOTS of stack reserved above it."
