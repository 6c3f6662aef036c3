"""Run one program in this (fresh) process and print the configuration it ended up with.

    python tests/observe.py tf1 before.py   run as TF1: `tensorflow` is tf.compat.v1, graph mode
    python tests/observe.py tf2 after.py    run as written, under TF 2

It prints one JSON line: the ConfigProto that governs the program's session (the
session's own config when it made one, else the process-wide runtime config) and the
devices that session or runtime sees.

Seam: Keras 3 has no `set_session`; for the TF1 run a recording stand-in is installed
as keras.backend.set_session (and keras.backend.tensorflow_backend.set_session), so a
program that hands its session to Keras can still be observed.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
import types

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


def _install_tf1_aliases():
    import tensorflow.compat.v1 as v1

    v1.disable_v2_behavior()
    sys.modules["tensorflow"] = v1
    handed = []
    import keras

    backend = types.ModuleType("keras.backend")
    backend.__dict__.update(vars(keras.backend))
    backend.set_session = handed.append
    tf_backend = types.ModuleType("keras.backend.tensorflow_backend")
    tf_backend.set_session = handed.append
    backend.tensorflow_backend = tf_backend
    sys.modules["keras.backend"] = backend
    sys.modules["keras.backend.tensorflow_backend"] = tf_backend
    keras.backend = backend
    return v1, handed


def main(mode: str, path: str) -> None:
    handed: list = []
    if mode == "tf1":
        v1, handed = _install_tf1_aliases()
    else:
        import tensorflow.compat.v1 as v1
    sys.argv = [path]  # the program parses its own command line, which has no arguments
    namespace = runpy.run_path(path, run_name="__main__")

    from google.protobuf import json_format
    from tensorflow.python.eager import context

    sessions = [s for s in handed if isinstance(s, v1.Session)]
    sessions += [v for v in namespace.values() if isinstance(v, v1.Session) and v not in sessions]
    if sessions:
        session = sessions[0]
        config = session._config
        devices = [d.device_type for d in session.list_devices()]
        source = "session"
    else:
        config = context.context().config
        import tensorflow as tf

        devices = [d.device_type for d in tf.config.list_logical_devices()]
        source = "runtime"
    print(json.dumps({
        "source": source,
        "config": json_format.MessageToDict(config, preserving_proto_field_name=True),
        "devices": {kind: devices.count(kind) for kind in sorted(set(devices))},
    }))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
