"""`import tfmigrate.compat`: TF1 session configuration keeps working on TF 2.x.

Put the import at the top of a legacy entry point. Until each file has been rewritten
by `tfmigrate rewrite`, its TF1 names resolve (tf.ConfigProto, tf.Session,
K.set_session...), and every ConfigProto it hands to a Session, set_session or
RunConfig is applied to the whole process through tf.config, with the same meaning
the rewrite gives it (both read tfmigrate/settings.py). Settings that arrive too late
keep the program running and raise one LateConfigWarning each. See docs/shim.md.

Environment variables:
    TFMIGRATE_COMPAT_DISABLE=1   the import changes nothing (not even importing TensorFlow)
    TFMIGRATE_COMPAT_VERBOSE=1   log each applied setting on stderr (2: also what was ignored)
"""

from __future__ import annotations

import os
import threading
from typing import Any, Optional

from tfmigrate.compat.messages import (
    CompatWarning,
    ConfigNotAppliedWarning,
    CudaVisibleDevicesWarning,
    LateConfigWarning,
    UntranslatableConfigWarning,
    enable_verbose_logging,
    forget_said,
)
from tfmigrate.compat.origin import user_origin
from tfmigrate.compat.results import ApplyReport, SettingResult, Source, Status
from tfmigrate.compat.stack_room import call_with_room

__all__ = [
    "ENV_DISABLE",
    "ENV_VERBOSE",
    "ApplyReport",
    "CompatWarning",
    "ConfigNotAppliedWarning",
    "CudaVisibleDevicesWarning",
    "LateConfigWarning",
    "SettingResult",
    "Status",
    "UntranslatableConfigWarning",
    "apply",
    "disabled",
    "effective",
    "install",
    "is_installed",
    "uninstall",
]

ENV_DISABLE = "TFMIGRATE_COMPAT_DISABLE"
ENV_VERBOSE = "TFMIGRATE_COMPAT_VERBOSE"

_lock = threading.Lock()
_shim: Optional[Any] = None  # legacy_api.Shim once installed


def disabled() -> bool:
    """True when TFMIGRATE_COMPAT_DISABLE is set to anything but '', 0, false, no or off."""
    return os.environ.get(ENV_DISABLE, "").strip().lower() not in ("", "0", "false", "no", "off")


def install() -> bool:
    """Install the shim (importing the package does this). False when disabled."""
    global _shim
    if disabled():
        return False
    with _lock:
        if _shim is None:
            # On a roomy stack: imported here, a few frames deeper than the program's own
            # `import tensorflow`, TensorFlow's import could cost 10-25% more (stack_room.py).
            tf = call_with_room(_import_tensorflow)

            from tfmigrate.compat.legacy_api import Shim

            shim = Shim(tf)
            try:
                shim.install()
            except BaseException:
                shim.uninstall()  # never leave TensorFlow half patched
                raise
            _shim = shim
    return True


def _import_tensorflow() -> Any:
    import tensorflow

    return tensorflow


def uninstall() -> None:
    """Restore every attribute the shim changed. Settings already applied stay applied:
    TensorFlow offers no way back once its runtime has used them."""
    global _shim
    with _lock:
        if _shim is not None:
            _shim.uninstall()
            _shim = None
        forget_said()


def is_installed() -> bool:
    return _shim is not None


def apply(config: Any) -> ApplyReport:
    """Apply a tf.compat.v1.ConfigProto to this process now, as a Session would.

    Returns what was applied (`report.applied`) and what was not, with the reason
    (`report.not_applied`). Never raises for a setting that cannot be applied; it warns.
    """
    import tensorflow as tf

    from tfmigrate.compat import applier

    if not isinstance(config, tf.compat.v1.ConfigProto):
        raise TypeError(f"apply() takes a tf.compat.v1.ConfigProto, not {type(config).__name__}")
    origin = user_origin()
    if disabled():
        return applier.plan_only(config, Source.APPLY, origin, Status.DISABLED, f"{ENV_DISABLE} is set")
    return applier.apply_config(tf, config, Source.APPLY, origin)


def effective() -> dict[str, Any]:
    """The settings in force, as a JSON-ready dict; see docs/shim.md for the keys.

    Never starts TensorFlow's runtime, so calling it changes nothing that follows.
    """
    import tensorflow as tf

    from tfmigrate.compat.inspection import effective as read_effective

    return read_effective(tf, is_installed())


if os.environ.get(ENV_VERBOSE, "").strip() not in ("", "0"):
    enable_verbose_logging()
install()
