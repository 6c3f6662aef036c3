"""TFMIGRATE_COMPAT_DISABLE=1: the import is a no-op and apply() only reports."""
import sys

import tfmigrate.compat as compat

tf_imported_by_shim = "tensorflow" in sys.modules

import json  # noqa: E402

import tensorflow as tf  # noqa: E402

report = compat.apply(tf.compat.v1.ConfigProto(inter_op_parallelism_threads=2))
print("PROGRAM " + json.dumps({
    "tf_imported_by_shim": tf_imported_by_shim,
    "has_ConfigProto": hasattr(tf, "ConfigProto"),
    "installed": compat.is_installed(),
    "statuses": [r.status.value for r in report.results],
    "inter_op": tf.config.threading.get_inter_op_parallelism_threads(),
}))
