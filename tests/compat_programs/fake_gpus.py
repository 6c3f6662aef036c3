"""THE TEST SEAM: make tf.config report fake GPUs on a machine without any.

tfmigrate.compat, and the settings.Action.apply() methods it runs, reach GPUs only
through these functions, looked up on the tf.config modules at call time:

    tf.config.list_physical_devices          tf.config.get_visible_devices
    tf.config.set_visible_devices            tf.config.experimental.get_memory_growth
    tf.config.experimental.set_memory_growth tf.config.get_logical_device_configuration
    tf.config.set_logical_device_configuration

`install(n)` replaces each of them (and their tf.config.experimental aliases) with a
version that answers for n fake GPUs and hands everything else to TensorFlow. The fakes
keep per-GPU state, record every GPU call in CALLS, and behave as TensorFlow does once
its runtime has started: a change raises RuntimeError, the same value is accepted. NVML
is replaced too (tfmigrate.runtime.total_memory_mib returns a fixed size).

Nothing here touches real GPUs: it checks which tf.config calls the shim makes, in which
order, with which values. Real GPU behaviour is TensorFlow's own business.
"""

from __future__ import annotations

from typing import Any, Optional

import tensorflow as tf
from tensorflow.python.eager import context

import tfmigrate.runtime

CALLS: list[list[Any]] = []

_gpus: list[Any] = []
_visible: list[Any] = []
_growth: dict[str, Optional[bool]] = {}
_logical: dict[str, Any] = {}
_real: dict[str, Any] = {}


def _started() -> bool:
    return context.context()._context_handle is not None


def _is_gpu(device: Any) -> bool:
    return getattr(device, "device_type", None) == "GPU"


def list_physical_devices(device_type: Optional[str] = None) -> list[Any]:
    if device_type == "GPU":
        return list(_gpus)
    real = _real["list_physical_devices"](device_type)
    return real + list(_gpus) if device_type is None else real


def get_visible_devices(device_type: Optional[str] = None) -> list[Any]:
    if device_type == "GPU":
        return list(_visible)
    real = _real["get_visible_devices"](device_type)
    return real + list(_visible) if device_type is None else real


def set_visible_devices(devices: Any, device_type: Optional[str] = None) -> None:
    devices = list(devices) if isinstance(devices, (list, tuple)) else [devices]
    gpus = [d for d in devices if _is_gpu(d)]
    if device_type == "GPU" or (device_type is None and gpus):
        CALLS.append(["set_visible_devices", [d.name for d in gpus], device_type])
        if [d.name for d in gpus] != [d.name for d in _visible] and _started():
            raise RuntimeError("Visible devices cannot be modified after being initialized")
        _visible[:] = gpus
    if device_type != "GPU":
        _real["set_visible_devices"]([d for d in devices if not _is_gpu(d)], device_type)


def get_memory_growth(device: Any) -> Optional[bool]:
    if not _is_gpu(device):
        return _real["get_memory_growth"](device)
    return _growth[device.name]


def set_memory_growth(device: Any, enable: bool) -> None:
    if not _is_gpu(device):
        return _real["set_memory_growth"](device, enable)
    CALLS.append(["set_memory_growth", device.name, enable])
    if device.name in _logical:
        raise ValueError("Cannot set memory growth on device when virtual devices configured")
    if _growth[device.name] == enable:
        return None
    if _started():
        raise RuntimeError("Physical devices cannot be modified after being initialized")
    _growth[device.name] = enable
    return None


def get_logical_device_configuration(device: Any) -> Any:
    if not _is_gpu(device):
        return _real["get_logical_device_configuration"](device)
    return _logical.get(device.name)


def set_logical_device_configuration(device: Any, configs: Any) -> None:
    if not _is_gpu(device):
        return _real["set_logical_device_configuration"](device, configs)
    CALLS.append(["set_logical_device_configuration", device.name, [c.memory_limit for c in configs]])
    if _logical.get(device.name) == configs:
        return None
    if _started():
        raise RuntimeError("Virtual devices cannot be modified after being initialized")
    _logical[device.name] = configs
    return None


_REPLACED = {
    "list_physical_devices": [tf.config, tf.config.experimental],
    "get_visible_devices": [tf.config, tf.config.experimental],
    "set_visible_devices": [tf.config, tf.config.experimental],
    "get_memory_growth": [tf.config.experimental],
    "set_memory_growth": [tf.config.experimental],
    "get_logical_device_configuration": [tf.config],
    "set_logical_device_configuration": [tf.config],
}


def install(count: int, total_memory_mib: int = 16000) -> None:
    _gpus[:] = [tf.config.PhysicalDevice(name=f"/physical_device:GPU:{i}", device_type="GPU") for i in range(count)]
    _visible[:] = _gpus
    _growth.update({g.name: None for g in _gpus})
    for name, modules in _REPLACED.items():
        _real[name] = getattr(modules[0], name)
        for module in modules:
            setattr(module, name, globals()[name])
    tfmigrate.runtime.total_memory_mib = lambda gpu: total_memory_mib
