"""Run a rewritten program against four fake GPUs and print what it asked TF to do.

This is the thin seam for GPU-only calls on a machine without a GPU: the functions the
rewritten code calls (tf.config.list_physical_devices, set_visible_devices,
experimental.set_memory_growth, set_logical_device_configuration, and
tfmigrate.runtime.total_memory_mib) are replaced by recorders. Nothing else is faked.

As an oracle for GPU visibility, TensorFlow's own ConfigProto importer
(eager Context._import_config) is run on the original TF1 ConfigProto with the same
fake devices.

    python tests/gpu_seam.py REWRITTEN.py "CONFIGPROTO_EXPRESSION_USING_tf1"
"""

from __future__ import annotations

import json
import os
import runpy
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402
import tensorflow.compat.v1 as tf1  # noqa: E402
from tensorflow.python.eager import context  # noqa: E402

import tfmigrate.runtime  # noqa: E402

TOTAL_MIB = 16000
CPUS = [tf.config.PhysicalDevice("/physical_device:CPU:0", "CPU")]
GPUS = [tf.config.PhysicalDevice(f"/physical_device:GPU:{i}", "GPU") for i in range(4)]
calls = {"visible": None, "growth": {}, "limits": {}}


def list_physical_devices(device_type=None):
    return [d for d in CPUS + GPUS if device_type is None or d.device_type == device_type]


def set_visible_devices(devices, device_type=None):
    if device_type == "GPU":
        calls["visible"] = [d.name for d in devices]


def set_memory_growth(device, enable):
    calls["growth"][device.name] = bool(enable)


def set_logical_device_configuration(device, logical_devices):
    if device.device_type == "GPU":
        calls["limits"][device.name] = [d.memory_limit for d in logical_devices]


for namespace in (tf.config, tf1.config):
    namespace.list_physical_devices = list_physical_devices
    namespace.set_visible_devices = set_visible_devices
    namespace.set_logical_device_configuration = set_logical_device_configuration
    namespace.experimental.set_memory_growth = set_memory_growth
tfmigrate.runtime.total_memory_mib = lambda gpu: TOTAL_MIB


def oracle_visible(proto) -> "list[str] | None":
    ctx = context.Context(config=proto)
    ctx._physical_devices = CPUS + GPUS
    ctx._pluggable_devices = []
    ctx._visible_device_list = list(CPUS + GPUS)
    ctx._memory_growth_map = {d: None for d in CPUS + GPUS}
    ctx._virtual_device_map = {}
    ctx._import_config()
    visible = [d.name for d in ctx._visible_device_list if d.device_type == "GPU"]
    return None if visible == [g.name for g in GPUS] else visible


program, config_expr = sys.argv[1], sys.argv[2]
proto = eval(config_expr, {"tf1": tf1})
runpy.run_path(program, run_name="__main__")
print(json.dumps({"calls": calls, "oracle_visible": oracle_visible(proto), "total_mib": TOTAL_MIB,
                  "gpus": [g.name for g in GPUS]}))
