"""Run a callback when a module is imported, without importing it ourselves.

Keras backends and the Estimator's run_config are patched only if and when the program
imports them: importing them up front would cost time (the Estimator) or load code the
program never uses. A finder at the front of sys.meta_path asks the other finders for
the module's spec and wraps its loader so that the callback runs right after the
module's code; the module then gets its real loader back.
"""

from __future__ import annotations

import importlib.abc
import sys
import threading
from typing import Any, Callable

Callback = Callable[[Any], None]


class _LoaderThenCallback(importlib.abc.Loader):
    def __init__(self, loader: Any, callback: Callback) -> None:
        self._loader = loader
        self._callback = callback

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        # The module must not keep this wrapper as its loader.
        module.__loader__ = self._loader
        if getattr(module, "__spec__", None) is not None:
            module.__spec__.loader = self._loader
        self._loader.exec_module(module)
        self._callback(module)

    def __getattr__(self, name: str) -> Any:  # get_source, is_package, resource readers...
        return getattr(self._loader, name)


class PostImportHooks(importlib.abc.MetaPathFinder):
    def __init__(self, on_error: Callable[[str, BaseException], None]) -> None:
        self._callbacks: dict[str, list[Callback]] = {}
        self._looking_up: set[str] = set()
        self._lock = threading.RLock()
        self._on_error = on_error

    def watch(self, name: str, callback: Callback) -> None:
        """Call `callback(module)` now if `name` is imported, else right after its import."""
        module = sys.modules.get(name)
        if module is not None:
            self._run(name, callback, module)
            return
        with self._lock:
            self._callbacks.setdefault(name, []).append(callback)

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        with self._lock:
            if name not in self._callbacks or name in self._looking_up:
                return None
            self._looking_up.add(name)
        try:
            spec = self._spec_from_other_finders(name, path, target)
        finally:
            with self._lock:
                self._looking_up.discard(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        spec.loader = _LoaderThenCallback(spec.loader, lambda module: self._fire(name, module))
        return spec

    def _spec_from_other_finders(self, name: str, path: Any, target: Any) -> Any:
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                return spec
        return None

    def _fire(self, name: str, module: Any) -> None:
        with self._lock:
            callbacks = self._callbacks.pop(name, [])
        for callback in callbacks:
            self._run(name, callback, module)

    def _run(self, name: str, callback: Callback, module: Any) -> None:
        try:
            callback(module)
        except Exception as exc:  # a failed patch must never break the user's import
            self._on_error(name, exc)
