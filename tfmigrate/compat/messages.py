"""How the shim speaks: warning categories, a logger, and "say it once".

Warnings go through the `warnings` module so that users can filter them, or turn them
into errors (`warnings.simplefilter("error", LateConfigWarning)`) in CI. Each distinct
message is emitted once per process: a session created in a loop must not flood the log.
"""

from __future__ import annotations

import logging
import threading
import warnings
from typing import Hashable, Optional

from tfmigrate.compat.origin import Origin

logger = logging.getLogger("tfmigrate.compat")


class CompatWarning(UserWarning):
    """Base class of every warning the runtime shim emits."""


class LateConfigWarning(CompatWarning):
    """A TF1 setting arrived after TensorFlow had fixed it for this process."""


class CudaVisibleDevicesWarning(LateConfigWarning):
    """CUDA_VISIBLE_DEVICES changed after TensorFlow had already enumerated the GPUs."""


class UntranslatableConfigWarning(CompatWarning):
    """A TF1 setting has no process-wide TF2 form, so the shim could not apply it."""


class ConfigNotAppliedWarning(CompatWarning):
    """Applying a TF1 setting failed for a reason other than timing (bad value, no NVML...)."""


_said: set[Hashable] = set()
_said_lock = threading.Lock()


def warn_once(key: Hashable, category: type[Warning], message: str, origin: Optional[Origin]) -> bool:
    """Emit `message` unless a warning with the same key was already emitted.

    The warning is attributed to the user's line (`origin`), not to the shim, so that
    `python -W` filters and IDEs point at the code to fix. Returns True if emitted.
    """
    with _said_lock:
        if key in _said:
            return False
        _said.add(key)
    if origin is None:
        warnings.warn(message, category, stacklevel=2)
    else:
        warnings.warn_explicit(message, category, origin.filename, origin.lineno, module=origin.module)
    return True


def forget_said() -> None:
    """Let every warning be emitted again (uninstall() starts from a clean slate)."""
    with _said_lock:
        _said.clear()


def enable_verbose_logging() -> None:
    """TFMIGRATE_COMPAT_VERBOSE=1: say on stderr what the shim applied (2: and what it ignored)."""
    import os

    if not any(getattr(h, "_tfmigrate", False) for h in logger.handlers):
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("tfmigrate.compat: %(message)s"))
        handler._tfmigrate = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
    level = os.environ.get("TFMIGRATE_COMPAT_VERBOSE", "1").strip()
    logger.setLevel(logging.DEBUG if level == "2" else logging.INFO)
