"""What rewritten code may need from tfmigrate at run time: TF1's GPU memory fraction.

TF1's `per_process_gpu_memory_fraction` was a fraction of each GPU's total memory; TF2
wants an absolute limit in MiB, set *before* the GPU is initialized, when TensorFlow
itself cannot tell how big the GPU is. Only the driver can, through NVML
(`pip install nvidia-ml-py`, or `pip install tfmigrate[gpu]`).

Two entry points:

* `total_memory_mib(gpu)`: what TFM106 emits for a literal fraction in (0, 1], inside a
  loop over the GPUs (so a machine without GPUs never calls it);
* `set_gpu_memory_fraction(f)`: what TFM106 emits for a fraction known only at run time
  (`FLAGS.gpu_memory_fraction`, a parameter) or above 1. It gives every value the
  meaning TF1 gave it: 0 is "no limit", (0, 1] a limit of f × total memory per GPU,
  above 1 CUDA unified memory (oversubscription) of f × total memory.

This module imports neither TensorFlow nor NVML until it is called.
"""

from __future__ import annotations

import math
import os
from typing import Any

__all__ = ["set_gpu_memory_fraction", "total_memory_mib", "visible_gpu_to_nvml_id"]


def visible_gpu_to_nvml_id(index: int, cuda_visible_devices: "str | None" = None) -> "int | str":
    """Map a TensorFlow GPU index to what NVML knows the device by.

    TensorFlow numbers GPUs after CUDA_VISIBLE_DEVICES has been applied (SEMANTICS fact
    6); NVML numbers all GPUs in the machine. The entry may be an index or a UUID
    ("GPU-..."/"MIG-..."), which NVML resolves by UUID.
    """
    env = os.environ.get("CUDA_VISIBLE_DEVICES") if cuda_visible_devices is None else cuda_visible_devices
    if env is None or env.strip() == "":
        if env is not None:
            raise ValueError("CUDA_VISIBLE_DEVICES is empty: no GPU is visible")
        return index
    entries = [e.strip() for e in env.split(",") if e.strip()]
    if index >= len(entries):
        raise ValueError(f"GPU {index} is not in CUDA_VISIBLE_DEVICES={env!r}")
    entry = entries[index]
    return int(entry) if entry.isdigit() else entry


def _gpu_index(gpu: Any) -> int:
    # A PhysicalDevice is named "/physical_device:GPU:<index>".
    name = getattr(gpu, "name", str(gpu))
    return int(name.rsplit(":", 1)[-1])


def total_memory_mib(gpu: Any) -> int:
    """Total memory of a TensorFlow PhysicalDevice GPU, in MiB, read through NVML."""
    try:
        import pynvml  # provided by nvidia-ml-py
    except ImportError as exc:
        raise RuntimeError(
            "tfmigrate.runtime.total_memory_mib needs NVML to turn the TF1 "
            "per_process_gpu_memory_fraction into a TF2 memory limit: pip install nvidia-ml-py"
        ) from exc
    ident = visible_gpu_to_nvml_id(_gpu_index(gpu))
    pynvml.nvmlInit()
    try:
        if isinstance(ident, str):
            return _mib(pynvml, pynvml.nvmlDeviceGetHandleByUUID(ident))
        sizes = {_mib(pynvml, pynvml.nvmlDeviceGetHandleByIndex(i)) for i in range(pynvml.nvmlDeviceGetCount())}
        if len(sizes) > 1 and os.environ.get("CUDA_DEVICE_ORDER") != "PCI_BUS_ID":
            # CUDA numbers GPUs fastest first, NVML by PCI bus: index i may be two different
            # GPUs, and here that matters, since their sizes differ.
            raise RuntimeError(
                "this machine's GPUs differ in memory size, and CUDA numbers them fastest first while NVML "
                "numbers them by PCI bus, so tfmigrate.runtime cannot tell which GPU is TensorFlow's GPU "
                f"{_gpu_index(gpu)}: set CUDA_DEVICE_ORDER=PCI_BUS_ID before TensorFlow starts (or give the "
                "memory limit in MiB by hand)")
        return _mib(pynvml, pynvml.nvmlDeviceGetHandleByIndex(ident))
    finally:
        pynvml.nvmlShutdown()


def _mib(pynvml: Any, handle: Any) -> int:
    return int(pynvml.nvmlDeviceGetMemoryInfo(handle).total // (1024 * 1024))


def set_gpu_memory_fraction(fraction: "float | None") -> None:
    """Apply TF1's `gpu_options.per_process_gpu_memory_fraction=fraction` to this process.

    TF1 read the value when its first session made the GPU devices
    (`SingleVirtualDeviceMemoryLimit` in gpu_device.cc, which TF 2.21 still has):

    * 0 meant "no limit": the memory that is free, less a reserve for the system. That is
      TF2's default, so nothing is done;
    * a fraction in (0, 1] capped each GPU at fraction × its total memory: each GPU gets
      one logical device with that `memory_limit`, as TFM106 writes for a literal;
    * above 1, TF1 used CUDA unified memory and let each GPU oversubscribe up to
      fraction × its total memory. `tf.config` has no switch for unified memory, but TF2's
      runtime still reads this very field from the ConfigProto its eager context hands to
      the GPU devices (SEMANTICS fact 1), so the value is put there, before they exist.

    Like TF1, a machine without GPUs ignores the value, and None (what
    `GPUOptions(per_process_gpu_memory_fraction=None)` left unset) is 0. Like every
    `tf.config` setter, it raises RuntimeError once TensorFlow's runtime has started (TF1
    took the value when the first session started it; after that, it is too late).
    """
    if fraction is None:
        return
    if isinstance(fraction, (str, bytes)):  # as the protobuf field did
        raise TypeError(f"per_process_gpu_memory_fraction must be a real number, not {type(fraction).__name__}")
    value = float(fraction)
    if math.isnan(value) or value < 0:
        raise ValueError(f"per_process_gpu_memory_fraction={fraction!r} is invalid: it must be 0 (no limit) or more")
    import tensorflow as tf

    gpus = tf.config.list_physical_devices("GPU")
    if not gpus or value == 0:
        return
    if value <= 1:
        for gpu in gpus:
            limit = int(value * total_memory_mib(gpu))
            tf.config.set_logical_device_configuration(gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=limit)])
        return
    _unified_memory(value)


def _unified_memory(fraction: float) -> None:
    """per_process_gpu_memory_fraction > 1 in the eager context's own ConfigProto."""
    from tensorflow.core.protobuf import config_pb2
    from tensorflow.python.eager import context

    ctx = context.context()
    if not hasattr(ctx, "_config") or not hasattr(ctx, "_context_handle"):
        raise RuntimeError(
            f"per_process_gpu_memory_fraction={fraction!r} asks for CUDA unified memory, which tf.config cannot "
            "turn on, and this TensorFlow's eager context does not hold a ConfigProto tfmigrate knows how to "
            "extend; set the fraction to 1 or less, or run the program under TensorFlow 2.21")
    if ctx._context_handle is not None:
        raise RuntimeError(
            f"per_process_gpu_memory_fraction={fraction!r} (CUDA unified memory) must be set before TensorFlow's "
            "runtime starts, and it has started already; apply it before the first op")
    config = config_pb2.ConfigProto()
    if ctx._config is not None:
        config.CopyFrom(ctx._config)
    config.gpu_options.per_process_gpu_memory_fraction = fraction
    ctx._config = config
