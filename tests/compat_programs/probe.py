"""Run one legacy program as `python program.py` would, then report what happened.

    python probe.py PROGRAM [--fake-gpus N] [--no-preload]

The program runs unchanged (runpy, as __main__). Around it the probe records every
warning, and afterwards prints one line `PROBE {json}` with: the warnings, whether the
program finished, the TF1 names as they resolve, tfmigrate.compat.effective(), and the
calls made to the fake GPUs (fake_gpus.py) when --fake-gpus is given.

TensorFlow is imported before the program unless --no-preload is given: it is needed
for the fake GPUs, and it changes nothing for a program that imports it anyway.
"""

from __future__ import annotations

import argparse
import json
import os
import runpy
import sys
import traceback
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
TF1_NAMES = ("ConfigProto", "GPUOptions", "GraphOptions", "OptimizerOptions", "Session", "InteractiveSession")


def _names() -> dict:
    import tensorflow as tf

    found = {}
    for name in TF1_NAMES:
        value = getattr(tf, name, None)
        found[f"tf.{name}"] = "missing" if value is None else ("compat.v1" if value is getattr(tf.compat.v1, name) else "other")
    kb = tf.keras.backend
    v1kb = tf.compat.v1.keras.backend
    found["tf.keras.backend.set_session"] = "missing" if not hasattr(kb, "set_session") else (
        "compat.v1" if getattr(v1kb, "set_session", None) is kb.set_session else "present")
    import keras

    found["keras.backend.set_session"] = "missing" if not hasattr(keras.backend, "set_session") else (
        "same" if keras.backend.set_session is getattr(kb, "set_session", None) else "other")
    return found


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("program")
    parser.add_argument("--fake-gpus", type=int, default=0)
    parser.add_argument("--no-preload", action="store_true")
    args = parser.parse_args()

    sys.path.insert(0, HERE)
    if args.fake_gpus:
        import fake_gpus

        fake_gpus.install(args.fake_gpus)
    elif not args.no_preload:
        import tensorflow  # noqa: F401

    recorded = []
    original_showwarning = warnings.showwarning

    def record(message, category, filename, lineno, file=None, line=None):
        recorded.append({"category": category.__name__, "message": str(message), "filename": filename, "lineno": lineno})
        original_showwarning(message, category, filename, lineno, file, line)

    warnings.simplefilter("always")
    warnings.showwarning = record
    report = {"finished": False}
    sys.argv = [args.program]
    try:
        runpy.run_path(args.program, run_name="__main__")
        report["finished"] = True
    except SystemExit as exc:
        report["finished"] = exc.code in (None, 0)
    except BaseException:
        report["error"] = traceback.format_exc()
    sys.stdout.flush()
    report["warnings"] = recorded
    if "tfmigrate.compat" in sys.modules and "tensorflow" in sys.modules:
        import tfmigrate.compat as compat

        report["effective"] = compat.effective()
        report["installed"] = compat.is_installed()
        if compat.is_installed():
            report["names"] = _names()
    if args.fake_gpus:
        import fake_gpus

        report["gpu_calls"] = fake_gpus.CALLS
    print("PROBE " + json.dumps(report, default=str), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
