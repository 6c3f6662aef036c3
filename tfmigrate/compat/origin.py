"""Which line of the user's code a configuration came from.

TF1 code hands a ConfigProto to TensorFlow in a Session(...), set_session(...) or
RunConfig(...) call, sometimes through TensorFlow's own helpers (MonitoredTrainingSession,
Estimator.train). The line worth reporting is the innermost frame that is not
TensorFlow, Keras, the Estimator, protobuf, the import system or this shim: that is the
line the user can change, and the one `tfmigrate rewrite` rewrites.

We look at the call stack when the configuration is handed over, not when the
ConfigProto is constructed: protobuf messages accept neither extra attributes nor weak
references, so there is no robust place to remember where each one was built.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Optional

# Library code a user cannot change: never the origin of a setting.
_LIBRARY_PACKAGES = ("tensorflow", "tensorflow_estimator", "keras", "tf_keras", "google", "absl")
_SHIM_DIR = os.path.dirname(os.path.abspath(__file__))
_STDLIB_DIR = os.path.dirname(os.path.abspath(os.__file__))
# Standard-library helpers that sit between the user's line and the shim's hooks.
_STDLIB_FILES = {"os.py", "_collections_abc.py", "contextlib.py", "functools.py", "threading.py", "warnings.py"}


@dataclass(frozen=True)
class Origin:
    filename: str
    lineno: int
    module: Optional[str] = None

    def __str__(self) -> str:
        return f"{self.filename}:{self.lineno}"


def _is_library(frame) -> bool:
    module = frame.f_globals.get("__name__") or ""
    if module.split(".")[0] in _LIBRARY_PACKAGES or module.startswith("tfmigrate.compat"):
        return True
    filename = frame.f_code.co_filename
    if filename.startswith("<frozen"):  # the import system
        return True
    path = os.path.abspath(filename)
    if path.startswith(_SHIM_DIR + os.sep):
        return True
    return os.path.basename(path) in _STDLIB_FILES and os.path.dirname(path) == _STDLIB_DIR


def user_origin(skip: int = 1) -> Optional[Origin]:
    """The innermost caller frame that belongs to the user's code, or None."""
    try:
        frame = sys._getframe(skip)
    except ValueError:
        return None
    while frame is not None:
        if not _is_library(frame):
            return Origin(frame.f_code.co_filename, frame.f_lineno, frame.f_globals.get("__name__"))
        frame = frame.f_back
    return None
