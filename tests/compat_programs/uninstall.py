"""uninstall() restores every attribute the shim changed, including those it changed in
modules imported after the shim (Keras 2's compat.v1 backend, the Estimator)."""
import json
import os
import sys

import tensorflow as tf

KERAS_BACKENDS = ("keras.backend", "keras._tf_keras.keras.backend", "keras.api._v2.keras.backend")
LATE_MODULES = ("keras.api._v1.keras.backend", "tensorflow_estimator.python.estimator.run_config")


def early_targets():
    found = {"tensorflow": tf, "Session": tf.compat.v1.Session, "InteractiveSession": tf.compat.v1.InteractiveSession,
             "os.environ type": type(os.environ)}
    found.update({name: sys.modules[name] for name in KERAS_BACKENDS if name in sys.modules})
    return found


def late_targets():
    found = {name: sys.modules[name] for name in LATE_MODULES if name in sys.modules}
    run_config = found.get("tensorflow_estimator.python.estimator.run_config")
    if run_config is not None:
        found["RunConfig"] = run_config.RunConfig
    return found


def snapshot(targets):
    return {name: dict(vars(target)) for name, target in targets.items()}


def differences(before, after):
    diffs = []
    for name in before:
        old, new = before[name], after[name]
        for key in set(old) | set(new):
            if type(old.get(key)).__name__.endswith("LazyLoader"):
                continue  # TensorFlow swaps its lazy loaders for the modules on first use
            if old.get(key, "<absent>") is not new.get(key, "<absent>"):
                diffs.append(f"{name}.{key}")
    return sorted(diffs)


def shim_objects(targets):
    """Attributes that still hold something defined by tfmigrate.compat."""
    return sorted(f"{name}.{key}" for name, target in targets.items() for key, value in vars(target).items()
                  if _defined_by_shim(value))


def _defined_by_shim(value):
    # By code location: functools.wraps copies __module__ from the function it wraps.
    code = getattr(value, "__code__", None)
    return code is not None and os.sep.join(("tfmigrate", "compat")) in code.co_filename


tf.keras.backend  # noqa: B018  (import the public Keras backend before the shim)
early = early_targets()
before, meta_path_before = snapshot(early), list(sys.meta_path)
env_before = os.environ.get("CUDA_VISIBLE_DEVICES")

imported_after_shim = [name for name in LATE_MODULES if name not in sys.modules]
import tfmigrate.compat as compat  # noqa: E402

changed = differences(before, snapshot(early))
tf.compat.v1.keras.backend  # noqa: B018  (imported after the shim: Keras 2 patches it then)
try:
    import tensorflow_estimator.python.estimator.run_config  # noqa: F401
except ImportError:
    pass
patched_late = shim_objects(late_targets())

compat.uninstall()
restored = {
    "differences": differences(before, snapshot(early)),
    "shim_objects_left": shim_objects({**early, **late_targets()}),
    "meta_path": sys.meta_path == meta_path_before,
    "legacy_keras_module": "keras.backend.tensorflow_backend" in sys.modules,
    "has_Session": hasattr(tf, "Session"),
}
session = tf.compat.v1.Session(config=tf.compat.v1.ConfigProto(inter_op_parallelism_threads=3))
restored["inter_op_after_uninstalled_session"] = tf.config.threading.get_inter_op_parallelism_threads()

reinstalled = compat.install() and hasattr(tf, "Session")
compat.uninstall()
print("PROGRAM " + json.dumps({
    "changed": changed,
    "patched_late": patched_late,
    "imported_after_shim": imported_after_shim,
    "restored": restored,
    "reinstalled": reinstalled,
    "after_reinstall": differences(before, snapshot(early)),
    "env_unchanged": os.environ.get("CUDA_VISIBLE_DEVICES") == env_before,
}))
