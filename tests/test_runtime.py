"""tfmigrate.runtime.total_memory_mib against a stand-in NVML (there is no GPU here): which
device it asks about, and when it refuses to guess."""

from __future__ import annotations

import sys
import types
from collections import namedtuple

import pytest

from tfmigrate.runtime import total_memory_mib

Gpu = namedtuple("Gpu", "name")
MIB = 1024 * 1024


def fake_nvml(monkeypatch, sizes_mib: list[int], uuids: dict[str, int] = {}) -> None:
    nvml = types.ModuleType("pynvml")
    nvml.nvmlInit = nvml.nvmlShutdown = lambda: None
    nvml.nvmlDeviceGetCount = lambda: len(sizes_mib)
    nvml.nvmlDeviceGetHandleByIndex = lambda i: i
    nvml.nvmlDeviceGetHandleByUUID = lambda uuid: uuids[uuid]
    nvml.nvmlDeviceGetMemoryInfo = lambda i: types.SimpleNamespace(total=sizes_mib[i] * MIB)
    monkeypatch.setitem(sys.modules, "pynvml", nvml)


def test_a_tensorflow_index_counts_after_cuda_visible_devices(monkeypatch):
    fake_nvml(monkeypatch, [8000, 16000, 24000])
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "2")
    monkeypatch.setenv("CUDA_DEVICE_ORDER", "PCI_BUS_ID")
    assert total_memory_mib(Gpu("/physical_device:GPU:0")) == 24000


def test_gpus_of_one_size_need_no_device_order(monkeypatch):
    fake_nvml(monkeypatch, [24000, 24000])
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    monkeypatch.delenv("CUDA_DEVICE_ORDER", raising=False)
    assert total_memory_mib(Gpu("/physical_device:GPU:1")) == 24000


def test_gpus_of_different_sizes_need_pci_bus_order(monkeypatch):
    # CUDA's GPU 1 (fastest first) may be NVML's 0: the limit would come from the wrong GPU.
    fake_nvml(monkeypatch, [8000, 24000])
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    monkeypatch.delenv("CUDA_DEVICE_ORDER", raising=False)
    with pytest.raises(RuntimeError, match="CUDA_DEVICE_ORDER=PCI_BUS_ID"):
        total_memory_mib(Gpu("/physical_device:GPU:1"))
    monkeypatch.setenv("CUDA_DEVICE_ORDER", "PCI_BUS_ID")
    assert total_memory_mib(Gpu("/physical_device:GPU:1")) == 24000


def test_a_uuid_in_cuda_visible_devices_names_the_gpu_itself(monkeypatch):
    fake_nvml(monkeypatch, [8000, 24000], uuids={"GPU-abc": 1})
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "GPU-abc")
    monkeypatch.delenv("CUDA_DEVICE_ORDER", raising=False)
    assert total_memory_mib(Gpu("/physical_device:GPU:0")) == 24000
