"""Has TensorFlow already fixed its process-wide settings?

Two things fix them:

* the eager runtime starting (the first op, or `tf.config.list_logical_devices()`):
  from then on tf.config refuses new threads, visible devices and memory settings;
* the first TF1 session: it creates the global thread pools and the GPU allocators
  with the settings in force at that moment, and later sessions share them. The eager
  runtime may not have started yet, so tf.config would still accept new values, but
  they would no longer match what the running sessions use. As in TF1, the first
  session's settings win.

The eager runtime has no public "is initialized" query; the context's handle is the
flag TensorFlow itself checks before raising "cannot be modified after initialization".
"""

from __future__ import annotations

import threading
from typing import Any

lock = threading.RLock()  # one ConfigProto is applied at a time
_session_started = False


def mark_session_started() -> None:
    global _session_started
    _session_started = True


def session_started() -> bool:
    return _session_started


def _context() -> Any:
    try:
        from tensorflow.python.eager import context
    except ImportError:  # pragma: no cover - TensorFlow moved its internals
        return None
    return context.context()


def eager_runtime_initialized() -> bool:
    ctx = _context()
    return ctx is not None and getattr(ctx, "_context_handle", None) is not None


def devices_enumerated() -> bool:
    """TensorFlow has listed the physical devices, which initializes CUDA on GPU builds."""
    ctx = _context()
    return _session_started or (ctx is not None and getattr(ctx, "_physical_devices", None) is not None)


def settings_fixed() -> bool:
    return _session_started or eager_runtime_initialized()


def why_fixed() -> str:
    if eager_runtime_initialized():
        return "TensorFlow's runtime is already initialized"
    return "a tf.Session already runs with the settings that were in force when it was created"
