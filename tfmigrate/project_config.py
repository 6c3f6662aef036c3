"""Project settings from the `[tool.tfmigrate]` table of a pyproject.toml.

    [tool.tfmigrate]
    select = ["TFM1"]            # codes or prefixes to run (default: every rule)
    ignore = ["TFM112"]          # codes or prefixes to skip
    exclude = ["legacy/*"]       # globs, relative to the folder of this pyproject.toml
    target-version = "2.21"      # the TensorFlow 2.x release the code will run on

The nearest pyproject.toml that has a `[tool.tfmigrate]` table wins, looking upward from
the folder the paths on the command line share (or the current directory). Flags given
on the command line override it. Unknown keys and wrong types are errors, not warnings:
a misspelt `ignroe` must not silently run every rule.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any, Iterable, Optional

KNOWN_KEYS = ("select", "ignore", "exclude", "target-version")
_CODE = re.compile(r"^TFM\d{0,3}$")
_VERSION = re.compile(r"^(\d+)\.(\d+)$")


class ConfigError(Exception):
    """The configuration cannot be used; the run stops before touching any file."""


@dataclass(frozen=True)
class ProjectConfig:
    path: Optional[str] = None  # the pyproject.toml it was read from, None if there is none
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    target_version: Optional[str] = None

    @property
    def folder(self) -> Optional[str]:
        return os.path.dirname(self.path) if self.path else None


def parse_target_version(text: str) -> str:
    """"2.21" -> "2.21"; anything that is not a TF 2.x release is an error."""
    m = _VERSION.match(text.strip())
    if not m or int(m.group(1)) != 2:
        raise ConfigError(f"target-version must be a TensorFlow 2.x release like \"2.21\", not {text!r}")
    return f"{int(m.group(1))}.{int(m.group(2))}"


def parse_codes(values: Iterable[str], key: str) -> tuple[str, ...]:
    codes = tuple(v.strip().upper() for v in values if v.strip())
    bad = [c for c in codes if not _CODE.match(c)]
    if bad:
        raise ConfigError(f"{key}: {', '.join(bad)} is not a rule code or prefix (e.g. TFM1, TFM103)")
    return codes


def _load_toml(path: str) -> dict:
    try:
        import tomllib  # Python 3.11+
    except ImportError:
        try:
            import tomli as tomllib  # type: ignore[no-redef]
        except ImportError:
            raise ConfigError(f"{path}: reading [tool.tfmigrate] on Python < 3.11 needs tomli (pip install tomli)")
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}")
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}")


def _mentions_table(path: str) -> bool:
    """A cheap look before parsing: most pyproject.toml files have no [tool.tfmigrate]."""
    try:
        with open(path, "rb") as fh:
            return b"tfmigrate" in fh.read()
    except OSError:
        return False


def _has_table(path: str) -> bool:
    tool = _load_toml(path).get("tool", {})
    return isinstance(tool, dict) and "tfmigrate" in tool


def _string_list(table: dict, key: str, path: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: [tool.tfmigrate] {key} must be a list of strings")
    return tuple(value)


def load(path: str) -> ProjectConfig:
    """Read the [tool.tfmigrate] table of one pyproject.toml (empty settings if it has none)."""
    table = _load_toml(path).get("tool", {}).get("tfmigrate")
    if table is None:
        return ProjectConfig(path=os.path.abspath(path))
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.tfmigrate] must be a table")
    unknown = sorted(set(table) - set(KNOWN_KEYS))
    if unknown:
        raise ConfigError(f"{path}: [tool.tfmigrate] unknown key {', '.join(map(repr, unknown))} "
                          f"(known: {', '.join(KNOWN_KEYS)})")
    version: Any = table.get("target-version")
    if version is not None and not isinstance(version, str):
        raise ConfigError(f"{path}: [tool.tfmigrate] target-version must be a string like \"2.21\"")
    try:
        return ProjectConfig(
            path=os.path.abspath(path),
            select=parse_codes(_string_list(table, "select", path), "select"),
            ignore=parse_codes(_string_list(table, "ignore", path), "ignore"),
            exclude=_string_list(table, "exclude", path),
            target_version=parse_target_version(version) if version is not None else None,
        )
    except ConfigError as exc:
        if str(exc).startswith(path):
            raise
        raise ConfigError(f"{path}: [tool.tfmigrate] {exc}") from None


def search_start(paths: Iterable[str], cwd: Optional[str] = None) -> str:
    """The folder the paths share (a file counts as its folder); cwd when there are none."""
    cwd = cwd or os.getcwd()
    folders = []
    for p in paths:
        if p == "-":
            continue
        full = os.path.abspath(os.path.join(cwd, p))
        folders.append(full if os.path.isdir(full) else os.path.dirname(full))
    if not folders:
        return cwd
    try:
        return os.path.commonpath(folders)
    except ValueError:  # different drives on Windows
        return cwd


def find_pyproject(start: str) -> Optional[str]:
    """The nearest pyproject.toml at or above `start` that mentions tfmigrate."""
    folder = os.path.abspath(start)
    while True:
        candidate = os.path.join(folder, "pyproject.toml")
        if os.path.isfile(candidate) and _mentions_table(candidate) and _has_table(candidate):
            return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def discover(paths: Iterable[str], cwd: Optional[str] = None) -> ProjectConfig:
    found = find_pyproject(search_start(paths, cwd))
    return load(found) if found else ProjectConfig()
