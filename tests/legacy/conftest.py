"""tests/legacy needs TensorFlow <= 2.15 (tf.estimator is gone from 2.16 on).

Elsewhere pytest does not even collect it. The version comes from the installed
distribution's metadata, so deciding costs no TensorFlow import.
"""

from __future__ import annotations

import importlib.metadata
from typing import Optional

_TENSORFLOW_DISTRIBUTIONS = ("tensorflow", "tensorflow-cpu", "tensorflow-gpu", "tensorflow-macos", "tensorflow-intel")


def _installed_tensorflow() -> Optional[tuple[int, int]]:
    for name in _TENSORFLOW_DISTRIBUTIONS:
        try:
            major, minor = importlib.metadata.version(name).split(".")[:2]
        except importlib.metadata.PackageNotFoundError:
            continue
        return int(major), int(minor)
    return None


_version = _installed_tensorflow()
if _version is None or _version > (2, 15):
    collect_ignore_glob = ["*"]
