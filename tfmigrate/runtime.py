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
