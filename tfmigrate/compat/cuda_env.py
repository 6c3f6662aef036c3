"""Warn when CUDA_VISIBLE_DEVICES changes after TensorFlow has enumerated the GPUs.

CUDA reads the variable once, when TensorFlow first lists the devices (the first
tf.config.list_physical_devices, op, or Session). Assigning it later does nothing, which
TF1-era scripts do all the time (`os.environ[...] = args.gpu` halfway through main()).

How: the shim wraps `__setitem__` and `__delitem__` of os.environ's class, so the
warning names the very line that assigns. The wrapper compares one string per
assignment and otherwise hands over to the original. It warns only when the process
has GPUs: without any, TensorFlow ignores the variable as it ignores every GPU option.
"""

from __future__ import annotations

import os
from typing import Any, Optional

from tfmigrate.compat import runtime_state
from tfmigrate.compat.messages import CudaVisibleDevicesWarning, logger, warn_once
from tfmigrate.compat.origin import user_origin
from tfmigrate.compat.patches import PatchLog

NAME = "CUDA_VISIBLE_DEVICES"
_UNSET = "<unset>"
_in_force: Optional[str] = None  # the value CUDA used, once we know it differs from os.environ


def value_in_force() -> Optional[str]:
    """The value TensorFlow's GPUs were enumerated with, as best known (None: unset)."""
    if _in_force is not None:
        return None if _in_force == _UNSET else _in_force
    return os.environ.get(NAME)


def _gpus_enumerated(tf: Any) -> bool:
    return runtime_state.devices_enumerated() and bool(tf.config.list_physical_devices("GPU"))


def _check(tf: Any, new: Optional[str]) -> None:
    global _in_force
    if not runtime_state.devices_enumerated():
        return
    if not _gpus_enumerated(tf):
        logger.debug("%s changed after device enumeration; no GPU, so nothing to warn about", NAME)
        return
    if _in_force is None:
        _in_force = os.environ.get(NAME, _UNSET)
    shown_new = _UNSET if new is None else repr(new)
    shown_old = _UNSET if _in_force == _UNSET else repr(_in_force)
    if shown_new == shown_old:
        return
    origin = user_origin()
    message = (
        f"{NAME}={shown_new} (set at {origin or 'an unknown place'}) has no effect: TensorFlow already "
        f"enumerated the GPUs, and the value in force stays {NAME}={shown_old}. Set it before TensorFlow "
        "first touches the GPUs: in the shell that starts the program, or at the top of the entry point."
    )
    warn_once(("cuda_visible_devices", shown_new), CudaVisibleDevicesWarning, message, origin)


def install(log: PatchLog, tf: Any) -> None:
    environ_type = type(os.environ)
    original_set = environ_type.__setitem__
    original_del = environ_type.__delitem__

    def __setitem__(self: Any, key: Any, value: Any) -> None:
        if key == NAME and self is os.environ:
            _guarded(tf, value)
        original_set(self, key, value)

    def __delitem__(self: Any, key: Any) -> None:
        if key == NAME and self is os.environ:
            _guarded(tf, None)
        original_del(self, key)

    log.set_attr(environ_type, "__setitem__", __setitem__)
    log.set_attr(environ_type, "__delitem__", __delitem__)


def _guarded(tf: Any, new: Optional[str]) -> None:
    try:
        _check(tf, new)
    except Warning:
        raise  # -W error turns the warning into an exception on purpose
    except Exception as exc:  # setting an environment variable must never fail because of us
        logger.debug("could not check %s: %s", NAME, exc)
