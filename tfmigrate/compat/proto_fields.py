"""A live ConfigProto as the `{dotted path: Value}` mapping that settings.plan() reads.

The codemods build the same mapping from source text; here it comes from the message
itself, so that both halves of tfmigrate ask the one table (settings.py) what it means.

Only fields set to a non-default value are listed (that is what ListFields() reports),
so `allow_soft_placement=False` written out explicitly looks the same as not written.
"""

from __future__ import annotations

from typing import Any

from tfmigrate.settings import Value

# Paths that the table reads as one value rather than as fields below them.
_VIRTUAL_DEVICES = "gpu_options.experimental.virtual_devices"
_TYPE_MESSAGE = 11  # FieldDescriptor.TYPE_MESSAGE
_LABEL_REPEATED = 3  # FieldDescriptor.LABEL_REPEATED (protobuf < 5 has no is_repeated)


def _is_repeated(descriptor: Any) -> bool:
    flag = getattr(descriptor, "is_repeated", None)
    if flag is not None:
        return bool(flag)
    return getattr(descriptor, "label", None) == _LABEL_REPEATED


def config_fields(config: Any) -> dict[str, Value]:
    """Every set field of `config` as settings.plan() expects it."""
    fields: dict[str, Value] = {}
    _walk(config, "", fields)
    return fields


def _walk(message: Any, prefix: str, out: dict[str, Value]) -> None:
    for descriptor, value in message.ListFields():
        path = prefix + descriptor.name
        if path == _VIRTUAL_DEVICES:
            _virtual_devices(value, path, out)
        elif hasattr(value, "keys"):  # a map field such as device_count
            out[path] = Value(literal=dict(value))
        elif descriptor.type == _TYPE_MESSAGE and not _is_repeated(descriptor):
            _walk(value, path + ".", out)
        elif _is_repeated(descriptor):
            # Repeated messages are compared as text; no table entry reads them.
            out[path] = Value(literal=[v if isinstance(v, (int, float, str, bytes)) else str(v) for v in value])
        else:
            out[path] = Value(literal=value)


def _virtual_devices(entries: Any, path: str, out: dict[str, Value]) -> None:
    """One list of memory_limit_mb per GPU; any other sub-field is reported on its own."""
    out[path] = Value(literal=[list(entry.memory_limit_mb) for entry in entries])
    others = {d.name for entry in entries for d, _ in entry.ListFields()} - {"memory_limit_mb"}
    for name in sorted(others):  # priority, device_ordinal: plan() reports them as problems
        out[f"{path}.{name}"] = Value(literal=[list(getattr(entry, name)) for entry in entries])
