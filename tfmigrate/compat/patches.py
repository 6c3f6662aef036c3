"""A record of every change the shim makes outside itself, so uninstall() undoes exactly those.

Each change remembers whether the target had the name in its own namespace and what
the value was; undoing restores the value or removes the name again. Changes are
undone in reverse order, so patching the same name twice still ends where it started.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, MutableMapping

_ABSENT: Any = object()


@dataclass(frozen=True)
class Change:
    target: Any  # a module, a class, or a mapping such as sys.modules
    name: str
    old: Any  # _ABSENT when the name was not there
    undo: Callable[[], None]

    @property
    def was_absent(self) -> bool:
        return self.old is _ABSENT


class PatchLog:
    def __init__(self) -> None:
        self._changes: list[Change] = []

    @property
    def changes(self) -> list[Change]:
        return list(self._changes)

    def set_attr(self, target: Any, name: str, value: Any) -> None:
        # vars(): the target's own attribute, not one inherited from a base class.
        old = vars(target).get(name, _ABSENT)

        def undo() -> None:
            if old is _ABSENT:
                if name in vars(target):
                    delattr(target, name)
            else:
                setattr(target, name, old)

        setattr(target, name, value)
        self._changes.append(Change(target, name, old, undo))

    def set_item(self, mapping: MutableMapping[str, Any], key: str, value: Any) -> None:
        old = mapping.get(key, _ABSENT)

        def undo() -> None:
            if old is _ABSENT:
                mapping.pop(key, None)
            else:
                mapping[key] = old

        mapping[key] = value
        self._changes.append(Change(mapping, key, old, undo))

    def on_undo(self, target: Any, name: str, undo: Callable[[], None]) -> None:
        """A change made by other means (e.g. inserting into sys.meta_path)."""
        self._changes.append(Change(target, name, _ABSENT, undo))

    def undo_all(self) -> None:
        while self._changes:
            self._changes.pop().undo()
