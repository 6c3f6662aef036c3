"""device_count={'CPU': 0} hides the CPUs from TensorFlow (on a CPU-only machine nothing
could run afterwards, so this program stops at reading the configuration back)."""
import tfmigrate.compat as compat

import json

import tensorflow as tf

report = compat.apply(tf.ConfigProto(device_count={"CPU": 0}))
print("PROGRAM " + json.dumps({
    "statuses": {r.setting: r.status.value for r in report.results},
    "visible": [d.name for d in tf.config.get_visible_devices()],
    "physical": [d.name for d in tf.config.list_physical_devices()],
}))
