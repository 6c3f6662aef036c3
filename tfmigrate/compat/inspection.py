"""effective(): the settings in force, and how machine GPUs become TensorFlow devices.

Four numberings meet here (SEMANTICS fact 6): the machine's GPU (what NVML and
`nvidia-smi` call it), the physical device TensorFlow sees after CUDA_VISIBLE_DEVICES,
whether tf.config keeps it visible, and the logical devices ops run on (one per
visible device, or one per LogicalDeviceConfiguration).

Reading never starts the runtime: the logical names are derived from the visible
devices and their logical configurations, numbered per device type in order, as
TensorFlow numbers them when it starts. It does list the physical devices, which on a
GPU build makes CUDA read CUDA_VISIBLE_DEVICES, exactly as tf.config.list_physical_devices does.
"""

from __future__ import annotations

from typing import Any, Optional

from tfmigrate.compat import applier, cuda_env, runtime_state
from tfmigrate.runtime import visible_gpu_to_nvml_id


def effective(tf: Any, installed: bool) -> dict[str, Any]:
    return {
        "tensorflow": tf.__version__,
        "shim_installed": installed,
        "runtime_initialized": runtime_state.eager_runtime_initialized(),
        "session_started": runtime_state.session_started(),
        "threads": {
            "intra_op": tf.config.threading.get_intra_op_parallelism_threads(),
            "inter_op": tf.config.threading.get_inter_op_parallelism_threads(),
        },
        "soft_device_placement": bool(tf.config.get_soft_device_placement()),
        "log_device_placement": bool(tf.debugging.get_log_device_placement()),
        "jit": tf.config.optimizer.get_jit() or False,
        "cuda_visible_devices": cuda_env.value_in_force(),
        "devices": device_map(tf),
        "applied": _outcomes(took_effect=True),
        "not_applied": _outcomes(took_effect=False),
    }


def _outcomes(took_effect: bool) -> list[dict[str, Any]]:
    """What the shim did with each requested setting, the first time it was requested."""
    return [r.as_dict() for r in list(applier.outcomes.values()) if r.status.took_effect == took_effect]


def _machine_gpu(index: int) -> Optional[str]:
    try:
        return str(visible_gpu_to_nvml_id(index, cuda_env.value_in_force()))
    except ValueError:
        return None


def device_map(tf: Any) -> list[dict[str, Any]]:
    """One entry per physical device: machine id, visibility, logical devices, memory."""
    visible = tf.config.get_visible_devices()
    next_logical: dict[str, int] = {}
    entries = []
    for device in tf.config.list_physical_devices():
        kind = device.device_type
        index = int(device.name.rsplit(":", 1)[-1])
        entry: dict[str, Any] = {"physical": device.name, "type": kind, "visible": device in visible, "logical": []}
        if kind == "GPU":
            entry["machine_gpu"] = _machine_gpu(index)
            entry["memory_growth"] = tf.config.experimental.get_memory_growth(device)
        if device in visible:
            configured = tf.config.get_logical_device_configuration(device)
            count = len(configured) if configured else 1
            first = next_logical.get(kind, 0)
            entry["logical"] = [f"/device:{kind}:{first + i}" for i in range(count)]
            next_logical[kind] = first + count
            limits = [c.memory_limit for c in configured or [] if c.memory_limit is not None]
            if limits:
                entry["memory_limit_mib"] = limits
        entries.append(entry)
    return entries
