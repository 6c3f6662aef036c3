"""The project-wide pass: session configs that cross files.

`tfmigrate rewrite src/` is given the whole project. A `get_config_proto()` in `utils.py`
whose result `train.py` hands to `tf.Session(config=...)` can only be rewritten with both
files in view: the helper may become tf.config calls only if every caller in the project
just hands its result to a session (a `Session(config=None)` then takes the process-wide
settings, SEMANTICS fact 1), and only if none of them calls it after TensorFlow's runtime
has started; the callers then call the helper for its calls and make a plain session.

This module is what the config rule reads and writes while the pass runs (the data: an
`Export`, a `Use`, a `Decision`, the `Context` of the file being analysed) and how the
decisions are made (`ProjectIndex`). It imports neither the rules nor the engine: the run
itself is tfmigrate/project_pass.py, which `engine.process_many` hands every run of more
than one file to, and which drives the rules with this index.

How the run goes:

1. Every file that passes the prefilter is processed as it always was, in parallel. Files
   that may define a config helper (they mention ConfigProto and `def`) go first. Each
   worker also returns what the config rule saw: the module-level functions that return a
   ConfigProto (`Export`: does its site translate, callers aside? what does it set?) and
   the process-wide settings of the file's own sites.
2. If some helper translates and nothing in its own file decides it, every project file
   that contains its name (a byte search) is analysed for its uses (`Use`): does it only
   hand the result to a session consumer, and before TensorFlow's runtime starts?
3. `ProjectIndex.decide`: a helper is rewritten when all of its uses in the project do,
   and when no file that uses it sets a process-wide setting (threads, devices, GPU
   memory) differently, whether in its own config or through another helper (TFM122).
   Otherwise it is reported with the file and line that stands in the way.
4. The producer and its users are processed again from the bytes first read, with those
   decisions, and written (only if what is on disk is still what this run wrote or read).

Results reach `on_result` in input order, as before; a file waits only while a file
before it waits on a decision.

Why this index and not LibCST's FullRepoManager: FullRepoManager resolves
FullyQualifiedNameProvider for every file up front, so every file passing the prefilter
would be parsed and resolved before any is rewritten, and a second time for the rewrite;
what the rule needs from other files is small (which helper returns which config, and
how each caller uses it). Here each file is parsed once, in the pass every run makes,
and only the files taking part in a cross-file rewrite (a helper and its callers: a few
in a project) are parsed again, in steps 2 and 4. Imports are resolved by file path: a
relative import from the file's package, an absolute one from the file's folder (a
script beside `utils.py`) or from any folder above it (a package root).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

CODE_FOLLOW = "TFM120"
CODE_CONFLICT = "TFM122"
CODE_TOO_LATE = "TFM123"


# -- what the config rule reports and reads -----------------------------------------------


@dataclass(frozen=True)
class Export:
    path: str  # the module's file
    name: str  # a module-level function that returns a ConfigProto
    line: int
    ok: bool  # its config translates, its callers in other files aside
    settings: tuple[tuple[str, str], ...] = ()  # process-wide (key, rendered) it would set
    local_uses: bool = False  # its own file calls it too (that file decides those calls)


@dataclass(frozen=True)
class Use:
    path: str  # the file that calls the helper
    target: tuple[str, str]  # (path, name) of the export
    line: int
    passes_through: bool  # the result only goes to a session consumer's config
    problem: str = ""  # why the helper's calls could not run there (too late, a remote master)
    code: str = CODE_FOLLOW


@dataclass(frozen=True)
class Decision:
    rewrite: bool
    code: str = CODE_FOLLOW
    reason: str = ""
    # A config of another file that sets a process-wide setting differently: (path, line),
    # left too, as two configs of one file are (TFM122).
    against: tuple[tuple[str, int], ...] = ()
    uncalled: bool = False  # no file of the project calls it: step 1's report stands


@dataclass(frozen=True)
class ModelFnUse:
    """An Estimator built in one file from a model_fn of another (`Estimator(model_fn=
    model.model_fn)`, the trainer/model.py + trainer/task.py layout)."""

    path: str  # the file that builds the Estimator
    qualified: str  # the model_fn as that file's imports name it (`trainer.model.model_fn`)
    line: int
    params: Optional[str]  # the source of its params= (a dict bound to a name: the dict), or None
    strategy: bool  # built under a strategy: the Keras class keeps the count of steps taken
    factory: bool = False  # `model_fn=model.build_model_fn(...)`: the name is the factory's
    partial: bool = False  # `model_fn=functools.partial(model.model_fn, k=v)`
    method: str = ""  # `model_fn=clf.model_fn`, `clf` an object of the class the name is: the method


@dataclass(frozen=True)
class ModelFnDecision:
    """A model_fn of this module becomes a Keras model class and its make function, for the
    Estimators of the project that use it (every file computes the same translation
    from the model_fn's module and these inputs)."""

    drivers: tuple[str, ...]  # the files that build an Estimator from it, each with these inputs
    params: Optional[str]
    strategy: bool
    factory: bool = False
    partial: bool = False  # the make function goes inside `make_..._for(<the partial's parameters>)`
    method: str = ""  # the method of the class `name` that is the model_fn: `make_<class>_model_for(obj)`


# A module-level `import tensorflow as tf` / `import tensorflow.compat.v1 as tf` (at the start
# of a line: not under an `if` or `try`). Read from the bytes of every file the run reads.
_TF_IMPORT = re.compile(rb"^import[ \t]+(tensorflow(?:\.compat\.v1)?)[ \t]+as[ \t]+(\w+)[ \t]*(?:#[^\n]*)?\r?$", re.M)


def tf_bindings(data: bytes) -> tuple[dict[str, str], bool]:
    """The module-level names a file binds to TensorFlow, by a plain import line and by
    nothing else (a name also assigned or imported otherwise at the start of a line is
    left out), and whether `from it import *` exports them (no `__all__`)."""
    if b"tensorflow" not in data:
        return {}, False
    found: dict[str, str] = {}
    for match in _TF_IMPORT.finditer(data):
        name = match.group(2).decode()
        found[name] = match.group(1).decode() if name not in found or found[name] == match.group(1).decode() else ""
    for name in list(found):
        other = re.compile(rb"^(?:" + name.encode() + rb"\s*[:=]|(?:from\s+\S+\s+)?import\s.*\b" + name.encode()
                           + rb"\b)", re.M)
        if not found[name] or sum(1 for _ in other.finditer(data)) != sum(1 for m in _TF_IMPORT.finditer(data)
                                                                          if m.group(2).decode() == name):
            del found[name]
    return found, re.search(rb"^__all__\b", data, re.M) is None


@dataclass
class Context:
    """The file the rules are analysing, in which step, with what the index knows."""

    mode: str  # "collect" (step 1), "uses" (step 2) or "apply" (step 4)
    path: str
    index: Optional["ProjectIndex"] = None
    decisions: dict = field(default_factory=dict)  # (path, name) -> Decision
    exports: list = field(default_factory=list)
    uses: list = field(default_factory=list)
    settings: list = field(default_factory=list)  # (key, rendered, line) of the file's own sites
    # The file has a ConfigProto whose `tf` comes from another module (`from utils import *`):
    # step 4 analyses it again with the index, which knows what that module binds.
    foreign: bool = False
    # Estimators built from another file's model_fn (step 1), the decisions for them (step 4),
    # and, in step 4, the model_fns (path, name) whose driver pipeline was rewritten, and
    # those whose module wrote the Keras class.
    model_fn_uses: list = field(default_factory=list)
    model_fns: dict = field(default_factory=dict)  # (path, name) -> ModelFnDecision
    model_fns_driven: set = field(default_factory=set)
    model_fns_written: set = field(default_factory=set)
    # Modules whose input_fns a rewritten pipeline of this file calls, and which spell
    # tf.estimator.ModeKeys (step 5 writes them as their strings there); in a run of such a
    # module, the files to write so.
    mode_key_modules: set = field(default_factory=set)
    mode_key_files: set = field(default_factory=set)


_current: Optional[Context] = None


def current() -> Optional[Context]:
    """The context of the file being analysed, or None (one file, or stdin)."""
    return _current


class _Active:
    def __init__(self, context: Optional[Context]) -> None:
        self.context = context

    def __enter__(self) -> Optional[Context]:
        global _current
        self.saved, _current = _current, self.context
        return self.context

    def __exit__(self, *exc) -> None:
        global _current
        _current = self.saved


def active(context: Optional[Context]) -> _Active:
    return _Active(context)


# -- modules of the project ------------------------------------------------------------------


class ProjectIndex:
    def __init__(self, paths: Sequence[str]) -> None:
        self.paths = {os.path.abspath(p) for p in paths}
        self.exports: dict[tuple[str, str], Export] = {}
        self.uses: list[Use] = []
        self.file_settings: dict[str, list[tuple[str, str, int]]] = {}
        self.tf_names: dict[str, tuple[dict[str, str], bool]] = {}  # path -> tf_bindings(its bytes)
        self.model_fn_uses: list[ModelFnUse] = []
        self.sources: dict[str, bytes] = {}  # path -> the bytes first read, of the model_fns' modules
        self.model_fn_reasons: dict[tuple[str, str], str] = {}  # why a model_fn of the project is left

    # names

    def module_file(self, importer: str, dotted: str) -> Optional[str]:
        """The project file `import <dotted>` (or `from <dotted> import …`) in `importer` means."""
        level = len(dotted) - len(dotted.lstrip("."))
        parts = [p for p in dotted.lstrip(".").split(".") if p]
        folder = os.path.dirname(os.path.abspath(importer))
        if level:
            for _ in range(level - 1):
                folder = os.path.dirname(folder)
            roots = [folder]
        else:  # the script's own folder (sys.path[0]), then any folder above it (a package root)
            roots = []
            while True:
                roots.append(folder)
                parent = os.path.dirname(folder)
                if parent == folder:
                    break
                folder = parent
        for root in roots:
            base = os.path.join(root, *parts)
            for candidate in (base + ".py", os.path.join(base, "__init__.py")):
                if candidate in self.paths:
                    return candidate
        return None

    def export_for(self, importer: str, qualified: str) -> Optional[Export]:
        """The export a qualified name of `importer` refers to (`utils.get_config`,
        `.utils.misc_utils.get_config_proto`): the longest module prefix that is a file of
        the project, then a name it exports."""
        level = len(qualified) - len(qualified.lstrip("."))
        parts = qualified.lstrip(".").split(".")
        for cut in range(len(parts) - 1, 0, -1):
            module = "." * level + ".".join(parts[:cut])
            path = self.module_file(importer, module)
            if path is not None:
                rest = parts[cut:]
                return self.exports.get((path, rest[0])) if len(rest) == 1 else None
        return None

    def tf_module(self, importer: str, dotted: str, name: str, star: bool) -> Optional[str]:
        """The TensorFlow module (`tensorflow` or `tensorflow.compat.v1`) that `name` is in
        the project module `dotted`, as `importer` imports it (`from dotted import name`, or
        `from dotted import *` when `star`); None if it is not a project file that binds
        `name` to TensorFlow by a plain module-level import."""
        path = self.module_file(importer, dotted)
        if path is None or path not in self.tf_names:
            return None
        names, exported = self.tf_names[path]
        if star and (not exported or name.startswith("_")):
            return None
        return names.get(name)

    def function_target(self, importer: str, qualified: str) -> Optional[tuple[str, str]]:
        """(file, name) of a module-level name of a project module, as `importer` names it
        (`trainer.model.model_fn`, `.model.model_fn`, or `*utils,helpers:model_fn` for a
        name from `from utils import *` lines: the last of them that defines it)."""
        if qualified.startswith("*"):
            modules, name = qualified[1:].rsplit(":", 1)
            found = None
            for dotted in modules.split(","):
                path = self.module_file(importer, dotted)
                if path is not None and re.search(rb"^def " + re.escape(name.encode()) + rb"\(",
                                                  self.sources.get(path, b""), re.M):
                    found = (path, name)
            return found
        level = len(qualified) - len(qualified.lstrip("."))
        parts = qualified.lstrip(".").split(".")
        for cut in range(len(parts) - 1, 0, -1):
            path = self.module_file(importer, "." * level + ".".join(parts[:cut]))
            if path is not None:
                return (path, parts[cut]) if len(parts) == cut + 1 else None
        return None

    def module_name(self, importer: str, path: str, qualified: str) -> str:
        """How `importer` names the module `path` it took `qualified` from (for an import of
        another of its names)."""
        if qualified.startswith("*"):
            for dotted in qualified[1:].rsplit(":", 1)[0].split(","):
                if self.module_file(importer, dotted) == path:
                    return dotted
        return qualified.rsplit(".", 1)[0]

    def decide_model_fns(self, named_in: "Callable[[str, str], list[str]]") -> dict[tuple[str, str], ModelFnDecision]:
        """A model_fn of another file is rewritten when the Estimators of the project that
        take it (one a file) need the same Keras model (the same params= and strategy, so one
        class serves them all) and no other file names it (`named_in(path, name)`: the files,
        other than its own, whose bytes import it); the rest get a reason for the drivers."""
        users: dict[tuple[str, str], list[ModelFnUse]] = {}
        for use in self.model_fn_uses:
            target = self.function_target(use.path, use.qualified)
            if target is None:
                continue
            users.setdefault(target, []).append(use)
        decisions: dict[tuple[str, str], ModelFnDecision] = {}
        for (path, name), uses in users.items():
            others = sorted(set(named_in(path, name)) - {u.path for u in uses})
            inputs = {(u.params, u.strategy, u.factory, u.partial, u.method) for u in uses}
            notebook = next((u.path for u in uses if u.path.endswith(".ipynb")), None)
            if notebook is not None:
                self.model_fn_reasons[(path, name)] = (
                    f"`{name}` of {short_path(path)} is also the model_fn of an Estimator in the notebook "
                    f"{short_path(notebook)}, whose cells tfmigrate does not rewrite with another module: migrate by hand")
            elif len(uses) != len({u.path for u in uses}) or len(inputs) > 1:
                self.model_fn_reasons[(path, name)] = (
                    f"`{name}` of {short_path(path)} is the model_fn of {len(uses)} Estimators of the project, which need "
                    "different Keras models (their params=, strategies or forms differ), or of several in one file: "
                    "migrate by hand")
            elif others:
                self.model_fn_reasons[(path, name)] = (f"`{name}` of {short_path(path)} is also named in "
                                                       f"{short_path(others[0])}, which would lose it: migrate by hand")
            else:
                decisions[(path, name)] = ModelFnDecision(tuple(sorted(u.path for u in uses)), uses[0].params,
                                                          uses[0].strategy, uses[0].factory, uses[0].partial,
                                                          uses[0].method)
        # A file that holds one model_fn and builds an Estimator from another's: its two rewrites
        # would have to be made in one analysis; left, with its chain, to a human.
        both = {p for p, _ in decisions} & {p for d in decisions.values() for p in d.drivers}
        for (path, name), decision in list(decisions.items()):
            if path in both or both & set(decision.drivers):
                self.model_fn_reasons[(path, name)] = (f"`{name}` of {short_path(path)} is in a chain of model_fns across "
                                                       "modules (a module that holds one and uses another's): "
                                                       "migrate by hand")
                del decisions[(path, name)]
        return decisions

    def export_names(self) -> set[str]:
        return {name for (_, name), e in self.exports.items() if e.ok}

    def caller_marks(self, excluding: bool = False):
        """(helper name, module name) of each helper: a file that calls it contains both
        (`from utils import get_config`, `utils.get_config()`, `from . import utils`).
        With `excluding`, a function of a path: the marks of the helpers of other files."""
        by_path: dict[str, set[tuple[bytes, bytes]]] = {}
        for (path, name), export in self.exports.items():
            if export.ok:
                stem = os.path.splitext(os.path.basename(path))[0]
                if stem == "__init__":
                    stem = os.path.basename(os.path.dirname(path))
                by_path.setdefault(path, set()).add((name.encode(), stem.encode()))
        if excluding:
            return lambda here: {m for path, marks in by_path.items() if path != here for m in marks}
        return {m for marks in by_path.values() for m in marks}

    # decisions

    def decide(self) -> dict[tuple[str, str], Decision]:
        decisions: dict[tuple[str, str], Decision] = {}
        users: dict[tuple[str, str], list[Use]] = {}
        for use in self.uses:
            users.setdefault(use.target, []).append(use)
        for key, export in self.exports.items():
            if not export.ok:
                continue
            uses = users.get(key, [])
            if not uses:
                if not export.local_uses:
                    decisions[key] = Decision(False, CODE_FOLLOW, f"`{export.name}()` returns the config, and no "
                                              "file of this project calls it: its callers are elsewhere",
                                              uncalled=True)
                continue
            bad = next((u for u in uses if not u.passes_through), None)
            if bad is not None:
                decisions[key] = Decision(False, CODE_FOLLOW, f"`{export.name}()` returns the config to "
                                          f"{_where(bad)}, which does more with it than hand it to a session")
                continue
            late = next((u for u in uses if u.problem), None)
            if late is not None:
                decisions[key] = Decision(False, late.code, f"`{export.name}()` is called in {_where(late)}: "
                                          f"{late.problem}")
                continue
            clash = self._conflict(export, uses)
            if clash is not None:
                decisions[key] = Decision(False, CODE_CONFLICT, clash[0], clash[1])
                continue
            decisions[key] = Decision(True)
        return decisions

    def _conflict(self, export: Export, uses: Sequence[Use]) -> Optional[tuple[str, tuple[tuple[str, int], ...]]]:
        """A process-wide setting that a file calling `export` also sets, differently: in
        its own configs, or through another helper it calls. (message, the configs of
        other files that are left with it)."""
        mine = dict(export.settings)
        for use in uses:
            others = [(k, r, use.path, line, True) for k, r, line in self.file_settings.get(use.path, ())]
            for other in self.exports.values():
                if other is not export and other.ok and any(u.path == use.path and u.target == (other.path, other.name)
                                                            for u in self.uses):
                    others += [(k, r, other.path, other.line, False) for k, r in other.settings]
            for key, rendered, path, line, own in others:
                if key in mine and mine[key] != rendered:
                    field = FIELD_NAMES.get(key, key)
                    return (f"`{export.name}()` sets `{field}` one way, and {short_path(path)}:{line}, reached from "
                            f"{short_path(use.path)}:{use.line} too, sets it another; TF2 settings are process-wide: "
                            "choose one value for the whole program"), ((path, line),) if own else ()
        return None


# The TF1 field behind each process-wide setting, for messages.
FIELD_NAMES = {"intra_threads": "intra_op_parallelism_threads", "inter_threads": "inter_op_parallelism_threads",
               "gpu_visibility": "visible_device_list / device_count['GPU']", "cpu_visibility": "device_count['CPU']",
               "logical_cpus": "device_count['CPU']", "memory_growth": "gpu_options.allow_growth",
               "gpu_memory": "gpu_options.per_process_gpu_memory_fraction / virtual_devices"}


def short_path(path: str) -> str:
    """A file as messages name it: its base name."""
    return os.path.basename(path)


def _where(use: Use) -> str:
    return f"{short_path(use.path)}:{use.line}"
