"""The one thing rewritten code may need from tfmigrate at run time: a GPU's total memory.

TF1's `per_process_gpu_memory_fraction` was a fraction of each GPU's total memory; TF2
wants an absolute limit in MiB, set *before* the GPU is initialized, when TensorFlow
itself cannot tell how big the GPU is. Only the driver can, through NVML
(`pip install nvidia-ml-py`, or `pip install tfmigrate[gpu]`).

This module imports neither TensorFlow nor NVML until it is called, and the rewritten
code only calls it inside a loop over GPUs: on a machine without GPUs it is never called.
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["total_memory_mib", "visible_gpu_to_nvml_id"]


def visible_gpu_to_nvml_id(index: int, cuda_visible_devices: "str | None" = None) -> "int | str":
    """Map a TensorFlow GPU index to what NVML knows the device by.

    TensorFlow numbers GPUs after CUDA_VISIBLE_DEVICES has been applied (SEMANTICS fact
    6); NVML numbers all GPUs in the machine. The entry may be an index or a UUID
    ("GPU-…"/"MIG-…"), which NVML resolves by UUID.
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
        if isinstance(ident, int):
            handle = pynvml.nvmlDeviceGetHandleByIndex(ident)
        else:
            handle = pynvml.nvmlDeviceGetHandleByUUID(ident)
        return int(pynvml.nvmlDeviceGetMemoryInfo(handle).total // (1024 * 1024))
    finally:
        pynvml.nvmlShutdown()
