"""How long `import tfmigrate.compat` takes on top of `import tensorflow`, in seconds."""
import json
import time

start = time.perf_counter()
import tensorflow  # noqa: E402,F401

after_tensorflow = time.perf_counter()
import tfmigrate.compat  # noqa: E402,F401

after_shim = time.perf_counter()
from tensorflow.python.eager import context  # noqa: E402

print("PROGRAM " + json.dumps({
    "tensorflow_s": after_tensorflow - start,
    "shim_s": after_shim - after_tensorflow,
    "installed": tfmigrate.compat.is_installed(),
    # The import must leave TensorFlow untouched: no device listing, no runtime.
    "devices_listed": context.context()._physical_devices is not None,
    "runtime_started": context.context()._context_handle is not None,
}))
