"""The value TensorFlow is using now for what a settings.Action would set.

Two uses: skip an action whose value is already in force (a second session with the
same config is fine even after TensorFlow has started), and name the value in force
when an action comes too late.

Everything is read through `tf.config` getters looked up at call time, so tests can
stand in fake GPUs for the real ones (see docs/shim.md, "The test seam").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tfmigrate import settings


@dataclass(frozen=True)
class InForce:
    matches: bool  # the action would change nothing
    text: str  # the value in force, for messages


def read(tf: Any, action: settings.Action) -> InForce:
    reader = _READERS.get(type(action))
    if reader is None:  # an action this shim does not know yet: always apply it
        return InForce(False, "unknown")
    return reader(tf, action)


def is_gpu_action(action: settings.Action) -> bool:
    """TensorFlow ignores these when the process has no GPU."""
    return isinstance(action, (settings.VisibleGpus, settings.MemoryGrowth, settings.MemoryLimit, settings.VirtualGpus))


def _threads(tf: Any, action: settings.SetThreads) -> InForce:
    current = getattr(tf.config.threading, f"get_{action.kind}_op_parallelism_threads")()
    text = f"{current} (0: TensorFlow picks from the machine's cores)" if current == 0 else str(current)
    return InForce(current == action.value.literal, text)


def _hidden_cpus(tf: Any, action: settings.HideCpus) -> InForce:
    visible = tf.config.get_visible_devices("CPU")
    return InForce(not visible, "no CPU visible" if not visible else f"{len(visible)} CPU visible")


def _logical_cpus(tf: Any, action: settings.LogicalCpus) -> InForce:
    cpus = tf.config.list_physical_devices("CPU")
    configured = tf.config.get_logical_device_configuration(cpus[0]) if cpus else None
    count = len(configured) if configured else 1
    return InForce(count == action.count, f"{count} logical CPU" + ("" if count == 1 else "s"))


def _names(devices: Any) -> str:
    return ", ".join(d.name for d in devices) or "none"


def _visible_gpus(tf: Any, action: settings.VisibleGpus) -> InForce:
    gpus = tf.config.list_physical_devices("GPU")
    current = tf.config.get_visible_devices("GPU")
    text = f"visible GPUs: {_names(current)}"
    if action.indices is None and action.count == 0:
        return InForce(not current, text)
    try:
        if action.indices is None:
            wanted = gpus[: action.count]
        else:
            chosen = action.indices[: action.count] if action.count is not None else action.indices
            wanted = [gpus[i] for i in chosen]
    except IndexError:
        return InForce(False, text)  # apply() will report the bad index
    return InForce([d.name for d in current] == [d.name for d in wanted], text)


def _growth(tf: Any, action: settings.MemoryGrowth) -> InForce:
    gpus = tf.config.list_physical_devices("GPU")
    current = [bool(tf.config.experimental.get_memory_growth(g)) for g in gpus]
    want = bool(action.value.literal)
    text = "memory growth " + ("on" if all(current) else "off" if not any(current) else f"mixed {current}")
    return InForce(all(c == want for c in current), text)


def _limits(tf: Any, gpu: Any) -> list[Any]:
    configured = tf.config.get_logical_device_configuration(gpu) or []
    return [c.memory_limit for c in configured]


def _describe_limits(tf: Any, gpus: Any) -> str:
    parts = [f"{g.name}: {_limits(tf, g) or 'no limit'}" for g in gpus]
    return "memory limits (MiB) " + "; ".join(parts)


def _memory_limit(tf: Any, action: settings.MemoryLimit) -> InForce:
    gpus = tf.config.list_physical_devices("GPU")
    text = _describe_limits(tf, gpus)
    try:
        from tfmigrate.runtime import total_memory_mib

        matches = all(_limits(tf, g) == [int(action.fraction * total_memory_mib(g))] for g in gpus)
    except Exception:  # no NVML: apply() reports it
        matches = False
    return InForce(matches, text)


def _virtual_gpus(tf: Any, action: settings.VirtualGpus) -> InForce:
    visible = tf.config.get_visible_devices("GPU")
    matches = all(_limits(tf, g) == list(want) for g, want in zip(visible, action.limits_mb))
    return InForce(matches, _describe_limits(tf, visible))


def _soft_placement(tf: Any, action: settings.SoftPlacement) -> InForce:
    current = bool(tf.config.get_soft_device_placement())
    return InForce(current == bool(action.value.literal), str(current))


def _log_placement(tf: Any, action: settings.LogPlacement) -> InForce:
    current = bool(tf.debugging.get_log_device_placement())
    return InForce(current == bool(action.value.literal), str(current))


def _jit(tf: Any, action: settings.Jit) -> InForce:
    current = tf.config.optimizer.get_jit()  # "autoclustering", or "" when off or unset
    return InForce(bool(current) == action.enabled, repr(current or False))


def _graph_rewrites(tf: Any, action: settings.GraphRewrites) -> InForce:
    current = tf.config.optimizer.get_experimental_options()  # only the options set so far
    wanted = dict(action.options)
    return InForce(all(current.get(k) == v for k, v in wanted.items()),
                   repr({k: current[k] for k in sorted(wanted) if k in current}))


_READERS: dict[type, Callable[[Any, Any], InForce]] = {
    settings.SetThreads: _threads,
    settings.HideCpus: _hidden_cpus,
    settings.LogicalCpus: _logical_cpus,
    settings.VisibleGpus: _visible_gpus,
    settings.MemoryGrowth: _growth,
    settings.MemoryLimit: _memory_limit,
    settings.VirtualGpus: _virtual_gpus,
    settings.SoftPlacement: _soft_placement,
    settings.LogPlacement: _log_placement,
    settings.Jit: _jit,
    settings.GraphRewrites: _graph_rewrites,
}
