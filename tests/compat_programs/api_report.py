"""tfmigrate.compat.apply(): what was applied, what was not and why."""
import tfmigrate.compat as compat

import json

import tensorflow as tf

config = tf.ConfigProto(intra_op_parallelism_threads=2, operation_timeout_in_ms=500, allow_soft_placement=True)
config.graph_options.optimizer_options.global_jit_level = tf.OptimizerOptions.ON_1
config.graph_options.rewrite_options.constant_folding = 3  # RewriterConfig.AGGRESSIVE: no TF2 form
config.gpu_options.allocator_type = "BFC"
report = compat.apply(config)  # LINE_OF_APPLY

# The same untranslatable field given to a session is kept by that session: no warning.
session = tf.Session(config=tf.ConfigProto(isolate_session_state=True))

# How the shim reads a live ConfigProto for the translation table (settings.plan()).
from tfmigrate.compat.proto_fields import config_fields  # noqa: E402

Experimental = tf.GPUOptions.Experimental
rich = tf.ConfigProto(device_count={"GPU": 0}, device_filters=["/job:a"])
rich.gpu_options.allow_growth = True
rich.gpu_options.experimental.virtual_devices.append(
    Experimental.VirtualDevices(memory_limit_mb=[100, 200], priority=[0, 1]))
rich.graph_options.optimizer_options.global_jit_level = tf.OptimizerOptions.ON_1

print("PROGRAM " + json.dumps({
    "fields": {path: repr(value.literal) for path, value in config_fields(rich).items()},
    "report": report.as_dict(),
    "jit": tf.config.optimizer.get_jit(),
    "text": str(report),
}))
