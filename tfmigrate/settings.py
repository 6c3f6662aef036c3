"""THE translation table: what each TF1 session setting means in TF2.

Both halves of tfmigrate read this module and nothing else for semantics:

* the codemods call `plan()` on the fields they found in source, then `Action.render()`
  to write the TF2 calls;
* the runtime shim (`tfmigrate.compat`) calls `plan()` on a live ConfigProto, then
  `Action.apply()` to configure the running process.

A table of single fields is not enough, because several TF1 fields only mean something
together (`device_count['GPU']` trims `visible_device_list`; `allow_growth` plus
`per_process_gpu_memory_fraction` has no TF2 form at all). So the table lists the fields
(`FIELDS`), and `plan()` turns a set of field values into ordered actions, or into the
problems that make a faithful translation impossible. The order of actions is the order
TF2 needs at run time (SEMANTICS fact 2): threads, devices, memory, placement, optimizer.

This module must not import TensorFlow or LibCST: `apply()` receives `tf` as an argument.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Callable, Mapping, Optional, Sequence


class Stage(IntEnum):
    """Run-time order of the emitted calls. Earlier stages raise once TF has started."""

    THREADS = 1
    DEVICES = 2
    MEMORY = 3
    PLACEMENT = 4
    OPTIMIZER = 5


@dataclass(frozen=True)
class Field:
    path: str  # dotted path inside ConfigProto, e.g. "gpu_options.allow_growth"
    code: str  # rule code used in docs and diagnostics
    summary: str  # one line: the TF2 form, or why there is none
    translatable: bool = True


def _f(path: str, code: str, summary: str, translatable: bool = True) -> Field:
    return Field(path, code, summary, translatable)


_NO_TF2 = "has no TF2 equivalent; the session-level behaviour it controlled is gone"

FIELDS: dict[str, Field] = {
    f.path: f
    for f in [
        _f("allow_soft_placement", "TFM101", "tf.config.set_soft_device_placement(b)"),
        _f("log_device_placement", "TFM102", "tf.debugging.set_log_device_placement(b)"),
        _f("intra_op_parallelism_threads", "TFM103", "tf.config.threading.set_intra_op_parallelism_threads(n)"),
        _f("inter_op_parallelism_threads", "TFM103", "tf.config.threading.set_inter_op_parallelism_threads(n)"),
        _f("device_count", "TFM104", "GPU: k → set_visible_devices(first k GPUs); CPU: n>1 → n logical CPUs, 0 → hide CPUs"),
        _f("gpu_options.allow_growth", "TFM105", "tf.config.experimental.set_memory_growth(gpu, b) for every GPU"),
        _f("gpu_options.per_process_gpu_memory_fraction", "TFM106", "LogicalDeviceConfiguration(memory_limit=f × total MiB) per GPU"),
        _f("gpu_options.visible_device_list", "TFM107", "tf.config.set_visible_devices([gpus[i], ...], 'GPU')"),
        _f("gpu_options.experimental.virtual_devices", "TFM108", "set_logical_device_configuration(gpu, [LogicalDeviceConfiguration(m), ...])"),
        _f("graph_options.optimizer_options.global_jit_level", "TFM109", "tf.config.optimizer.set_jit('autoclustering' | False)"),
        _f("graph_options.rewrite_options", "TFM110", "tf.config.optimizer.set_experimental_options({...}) for the keys TF2 takes (ON/OFF toggles, disable_model_pruning, disable_meta_optimizer, min_graph_nodes)"),
        _f("gpu_options.allocator_type", "TFM111", "'BFC' is TF2's only allocator: dropped"),
        _f("gpu_options.force_gpu_compatible", "TFM112", _NO_TF2, False),
        _f("operation_timeout_in_ms", "TFM112", _NO_TF2 + " (use timeouts around your own calls)", False),
        _f("use_per_session_threads", "TFM112", _NO_TF2, False),
        _f("session_inter_op_thread_pool", "TFM112", _NO_TF2, False),
        _f("isolate_session_state", "TFM112", _NO_TF2, False),
        _f("placement_period", "TFM112", _NO_TF2, False),
        _f("device_filters", "TFM112", _NO_TF2 + " (use tf.config.set_visible_devices for local devices)", False),
        _f("gpu_options.deferred_deletion_bytes", "TFM112", _NO_TF2, False),
        _f("gpu_options.polling_active_delay_usecs", "TFM112", _NO_TF2, False),
        _f("gpu_options.polling_inactive_delay_msecs", "TFM112", _NO_TF2, False),
    ]
}

# Codes for problems that are not about a single field.
CODE_REWRITE = "TFM100"
CODE_GROWTH_AND_LIMIT = "TFM113"
CODE_UNKNOWN_FIELD = "TFM112"
CODE_NOTE = "TFM111"


class _Unknown:
    def __repr__(self) -> str:
        return "<unknown>"


UNKNOWN: Any = _Unknown()


@dataclass(frozen=True)
class Value:
    """A field's value: a constant when known statically, and/or its source text."""

    literal: Any = UNKNOWN
    source: Optional[str] = None

    @property
    def known(self) -> bool:
        return self.literal is not UNKNOWN

    def text(self) -> str:
        return self.source if self.source is not None else repr(self.literal)


@dataclass(frozen=True)
class IndexExpression:
    """visible_device_list = str(<int expression>): one GPU, chosen at run time (the
    Horovod idiom `str(hvd.local_rank())`). TF1 parsed the string back to that int."""

    source: str


@dataclass(frozen=True)
class Problem:
    field: str
    code: str
    message: str


@dataclass(frozen=True)
class Names:
    """Spellings the rendered source uses; the codemod picks names that are free."""

    tf: str = "tf"
    gpus: str = "gpus"
    gpu: str = "gpu"
    total_memory: str = "total_memory_mib"
    limits: str = "limits"


# -- actions ---------------------------------------------------------------------------
# Each action knows how to write itself as source and how to do itself now. Keep the two
# side by side: a change to one that is not made to the other is a bug.


@dataclass(frozen=True)
class Action:
    stage: Stage
    key: str  # what it sets, for "never emit a setting twice"
    fields: tuple[str, ...]  # the TF1 fields it came from (for messages)

    def render(self, n: Names) -> list[str]:
        raise NotImplementedError

    def apply(self, tf: Any) -> None:
        raise NotImplementedError

    # Imports the rendered source needs besides TensorFlow: (module, name).
    imports: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SetThreads(Action):
    kind: str = "intra"  # "intra" | "inter"
    value: Value = Value()

    def render(self, n: Names) -> list[str]:
        return [f"{n.tf}.config.threading.set_{self.kind}_op_parallelism_threads({self.value.text()})"]

    def apply(self, tf: Any) -> None:
        getattr(tf.config.threading, f"set_{self.kind}_op_parallelism_threads")(self.value.literal)


@dataclass(frozen=True)
class HideCpus(Action):
    def render(self, n: Names) -> list[str]:
        return [f'{n.tf}.config.set_visible_devices([], "CPU")']

    def apply(self, tf: Any) -> None:
        tf.config.set_visible_devices([], "CPU")


@dataclass(frozen=True)
class LogicalCpus(Action):
    count: int = 1

    def render(self, n: Names) -> list[str]:
        return [
            f"{n.tf}.config.set_logical_device_configuration(",
            f'    {n.tf}.config.list_physical_devices("CPU")[0],',
            f"    [{n.tf}.config.LogicalDeviceConfiguration()] * {self.count},",
            ")",
        ]

    def apply(self, tf: Any) -> None:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * self.count)


@dataclass(frozen=True)
class VisibleGpus(Action):
    """Keep only some GPUs. `indices` index the GPUs left by CUDA_VISIBLE_DEVICES."""

    indices: Optional[tuple[int, ...]] = None  # None: all GPUs, in order
    count: Optional[int] = None  # device_count['GPU']: keep the first `count` of them
    index_source: Optional[str] = None  # one GPU whose index is an expression (source only)

    def _selected(self) -> Optional[tuple[int, ...]]:
        if self.indices is None:
            return None
        return self.indices[: self.count] if self.count is not None else self.indices

    def render(self, n: Names) -> list[str]:
        if self.indices is None and self.count == 0:
            return [f'{n.tf}.config.set_visible_devices([], "GPU")']
        listing = f'{n.gpus} = {n.tf}.config.list_physical_devices("GPU")'
        if self.index_source is not None:
            chosen = f"[{n.gpus}[{self.index_source}]]"
        elif self.indices is None:
            chosen = f"{n.gpus}[:{self.count}]"
        else:
            chosen = "[" + ", ".join(f"{n.gpus}[{i}]" for i in self._selected() or ()) + "]"
        # TF ignores every GPU option on a machine without GPUs; so does this guard.
        return [listing, f"if {n.gpus}:", f'    {n.tf}.config.set_visible_devices({chosen}, "GPU")']

    def apply(self, tf: Any) -> None:
        gpus = tf.config.list_physical_devices("GPU")
        if self.indices is None and self.count == 0:
            tf.config.set_visible_devices([], "GPU")
            return
        if not gpus:
            return
        selected = self._selected()
        if selected is not None and any(i >= len(gpus) for i in selected):
            bad = next(i for i in selected if i >= len(gpus))
            raise ValueError(f"Invalid visible device index: {bad}")  # what TF's own importer raises
        chosen = gpus[: self.count] if selected is None else [gpus[i] for i in selected]
        tf.config.set_visible_devices(chosen, "GPU")


@dataclass(frozen=True)
class MemoryGrowth(Action):
    value: Value = Value()

    def render(self, n: Names) -> list[str]:
        return [
            f'for {n.gpu} in {n.tf}.config.list_physical_devices("GPU"):',
            f"    {n.tf}.config.experimental.set_memory_growth({n.gpu}, {self.value.text()})",
        ]

    def apply(self, tf: Any) -> None:
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, bool(self.value.literal))


@dataclass(frozen=True)
class MemoryLimit(Action):
    """per_process_gpu_memory_fraction: TF1 capped each GPU at fraction × its total memory."""

    fraction: float = 1.0
    imports: tuple[tuple[str, str], ...] = (("tfmigrate.runtime", "total_memory_mib"),)

    def render(self, n: Names) -> list[str]:
        return [
            f'for {n.gpu} in {n.tf}.config.list_physical_devices("GPU"):',
            f"    {n.tf}.config.set_logical_device_configuration(",
            f"        {n.gpu},",
            f"        [{n.tf}.config.LogicalDeviceConfiguration(memory_limit=int({self.fraction!r} * {n.total_memory}({n.gpu})))],",
            "    )",
        ]

    def apply(self, tf: Any) -> None:
        from tfmigrate.runtime import total_memory_mib

        for gpu in tf.config.list_physical_devices("GPU"):
            limit = int(self.fraction * total_memory_mib(gpu))
            tf.config.set_logical_device_configuration(gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=limit)])


@dataclass(frozen=True)
class VirtualGpus(Action):
    """experimental.virtual_devices: entry i splits the i-th visible GPU into several."""

    limits_mb: tuple[tuple[float, ...], ...] = ()

    def render(self, n: Names) -> list[str]:
        table = repr([list(x) for x in self.limits_mb])
        return [
            f'for {n.gpu}, {n.limits} in zip({n.tf}.config.get_visible_devices("GPU"), {table}):',
            f"    {n.tf}.config.set_logical_device_configuration(",
            f"        {n.gpu}, [{n.tf}.config.LogicalDeviceConfiguration(memory_limit=m) for m in {n.limits}]",
            "    )",
        ]

    def apply(self, tf: Any) -> None:
        for gpu, limits in zip(tf.config.get_visible_devices("GPU"), self.limits_mb):
            tf.config.set_logical_device_configuration(
                gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=m) for m in limits]
            )


@dataclass(frozen=True)
class SoftPlacement(Action):
    value: Value = Value()

    def render(self, n: Names) -> list[str]:
        return [f"{n.tf}.config.set_soft_device_placement({self.value.text()})"]

    def apply(self, tf: Any) -> None:
        tf.config.set_soft_device_placement(bool(self.value.literal))


@dataclass(frozen=True)
class LogPlacement(Action):
    value: Value = Value()

    def render(self, n: Names) -> list[str]:
        return [f"{n.tf}.debugging.set_log_device_placement({self.value.text()})"]

    def apply(self, tf: Any) -> None:
        tf.debugging.set_log_device_placement(bool(self.value.literal))


@dataclass(frozen=True)
class Jit(Action):
    enabled: bool = True

    def render(self, n: Names) -> list[str]:
        arg = '"autoclustering"' if self.enabled else "False"
        return [f"{n.tf}.config.optimizer.set_jit({arg})"]

    def apply(self, tf: Any) -> None:
        tf.config.optimizer.set_jit("autoclustering" if self.enabled else False)


@dataclass(frozen=True)
class GraphRewrites(Action):
    """graph_options.rewrite_options: Grappler's passes, which TF2 sets for the process.
    A session made without a config takes them too (it starts from the context's config)."""

    options: tuple[tuple[str, Any], ...] = ()

    def render(self, n: Names) -> list[str]:
        items = ", ".join(f"{k!r}: {v!r}".replace("'", '"') for k, v in self.options)
        return [f"{n.tf}.config.optimizer.set_experimental_options({{{items}}})"]

    def apply(self, tf: Any) -> None:
        tf.config.optimizer.set_experimental_options(dict(self.options))


@dataclass
class Plan:
    actions: list[Action] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # any problem: leave the site
    notes: list[Problem] = field(default_factory=list)  # dropped on purpose, said in the report

    @property
    def ok(self) -> bool:
        return not self.problems


# -- planning ----------------------------------------------------------------------------

_JIT_LEVELS = {"DEFAULT": 0, "OFF": -1, "ON_1": 1, "ON_2": 2}

REWRITE_OPTIONS = "graph_options.rewrite_options"
# The RewriterConfig fields tf.config.optimizer.set_experimental_options takes (TF 2.21,
# context.Context.config): Toggle fields are given True for ON and False for OFF, the
# others their value as it is.
_REWRITE_TOGGLES = frozenset({
    "layout_optimizer", "constant_folding", "shape_optimization", "remapping", "arithmetic_optimization",
    "dependency_optimization", "loop_optimization", "function_optimization", "debug_stripper",
    "scoped_allocator_optimization", "pin_to_host_optimization", "implementation_selector", "auto_mixed_precision",
    "use_plugin_optimizers", "auto_mixed_precision_onednn_bfloat16", "auto_mixed_precision_mkl"})
_REWRITE_BOOLS = frozenset({"disable_model_pruning", "disable_meta_optimizer"})
_TOGGLE_VALUES = {"DEFAULT": 0, "ON": 1, "OFF": 2}  # RewriterConfig.Toggle


def _is_bool_like(v: Value) -> bool:
    return not v.known or isinstance(v.literal, (bool, int))


def plan(fields: Mapping[str, Value]) -> Plan:
    """Turn TF1 field values into ordered TF2 actions, or into reasons not to."""
    result = Plan()
    add = result.actions.append

    def problem(path: str, message: str, code: Optional[str] = None) -> None:
        known = FIELDS.get(path)
        result.problems.append(Problem(path, code or (known.code if known else CODE_UNKNOWN_FIELD), message))

    for path, value in fields.items():
        known = FIELDS.get(path) or (FIELDS.get(REWRITE_OPTIONS) if path.startswith(REWRITE_OPTIONS + ".") else None)
        if known is None:
            problem(path, f"`{path}` is not a setting tfmigrate can translate; migrate it by hand")
        elif not known.translatable:
            problem(path, f"`{path}` {known.summary}", code=known.code)

    # Threads come first: they cannot change once TF has started.
    for kind in ("intra", "inter"):
        path = f"{kind}_op_parallelism_threads"
        v = fields.get(path)
        if v is None:
            continue
        if v.known and (not isinstance(v.literal, int) or isinstance(v.literal, bool) or v.literal < 0):
            problem(path, f"`{path}={v.text()}`: only a non-negative integer has the same meaning in TF2 "
                          "(a negative value ran ops in the caller's thread)")
        elif not (v.known and v.literal == 0):  # 0 means "TF picks", the default in both
            add(SetThreads(Stage.THREADS, f"{kind}_threads", (path,), kind=kind, value=v))

    _plan_devices(fields, result, problem)
    _plan_memory(fields, result, problem)

    for path, action_type, key in (
        ("allow_soft_placement", SoftPlacement, "soft_placement"),
        ("log_device_placement", LogPlacement, "log_placement"),
    ):
        v = fields.get(path)
        if v is None:
            continue
        if not _is_bool_like(v):
            problem(path, f"`{path}={v.text()}` is not a boolean")
        else:
            add(action_type(Stage.PLACEMENT, key, (path,), value=v))

    v = fields.get("graph_options.optimizer_options.global_jit_level")
    if v is not None:
        level = v.literal if v.known else None
        if isinstance(level, str):
            level = _JIT_LEVELS.get(level)
        if level == _JIT_LEVELS["ON_1"]:
            add(Jit(Stage.OPTIMIZER, "jit", ("graph_options.optimizer_options.global_jit_level",), enabled=True))
        elif level == _JIT_LEVELS["OFF"]:
            add(Jit(Stage.OPTIMIZER, "jit", ("graph_options.optimizer_options.global_jit_level",), enabled=False))
        elif level == _JIT_LEVELS["DEFAULT"]:
            pass
        elif not v.known:
            problem("graph_options.optimizer_options.global_jit_level",
                    f"global_jit_level={v.text()} is not a level tfmigrate can read here (write OptimizerOptions.ON_1 "
                    "or OFF at the site); TF2's set_jit offers ON_1 ('autoclustering') or OFF")
        else:
            problem("graph_options.optimizer_options.global_jit_level",
                    f"global_jit_level={v.text()}: TF2's set_jit only offers ON_1 ('autoclustering') or OFF")

    _plan_rewrites(fields, result, problem)

    v = fields.get("gpu_options.allocator_type")
    if v is not None:
        if v.known and v.literal in ("BFC", ""):
            if v.literal == "BFC":
                result.notes.append(Problem("gpu_options.allocator_type", CODE_NOTE,
                                            "allocator_type='BFC' dropped: it is TF2's only GPU allocator"))
        else:
            problem("gpu_options.allocator_type", f"allocator_type={v.text()} cannot be chosen in TF2 (only 'BFC' exists)")

    result.actions.sort(key=lambda a: a.stage)  # stable: keeps intra before inter
    return result


def _plan_rewrites(fields: Mapping[str, Value], result: Plan, problem: Callable[..., None]) -> None:
    """rewrite_options.<field> = RewriterConfig.ON / OFF (or 1 / 2, as a live proto holds
    them), the booleans and min_graph_nodes: one set_experimental_options call. DEFAULT
    asks for nothing; any other value (AGGRESSIVE, a MemOptType, a value only known at run
    time) or field has no TF2 form."""
    options: dict[str, Any] = {}
    paths = [p for p in fields if p.startswith(REWRITE_OPTIONS + ".")]
    for path in paths:
        name, v = path[len(REWRITE_OPTIONS) + 1:], fields[path]
        literal = v.literal if v.known else None
        if name in _REWRITE_TOGGLES and literal in ("ON", "OFF", "DEFAULT") or name in _REWRITE_TOGGLES \
                and isinstance(literal, int) and not isinstance(literal, bool) and literal in (0, 1, 2):
            level = _TOGGLE_VALUES.get(literal, literal)  # type: ignore[arg-type]
            if level:
                options[name] = level == _TOGGLE_VALUES["ON"]
        elif name in _REWRITE_BOOLS and isinstance(literal, bool):
            options[name] = literal
        elif name == "min_graph_nodes" and isinstance(literal, int) and not isinstance(literal, bool):
            if literal:
                options[name] = literal
        elif name in _REWRITE_TOGGLES or name in _REWRITE_BOOLS or name == "min_graph_nodes":
            wanted = ("only on or off: write RewriterConfig.ON or OFF here" if name in _REWRITE_TOGGLES
                      else "a value: write a literal here")
            problem(path, f"`{path}={v.text()}`: TF2's tf.config.optimizer.set_experimental_options takes "
                    f"`{name}` as {wanted}, or set it by hand", code=FIELDS[REWRITE_OPTIONS].code)
        else:
            problem(path, f"`{path}` has no TF2 form: tf.config.optimizer.set_experimental_options does not take "
                    f"`{name}`, and Grappler's other settings went with sessions", code=FIELDS[REWRITE_OPTIONS].code)
    if options:
        result.actions.append(GraphRewrites(Stage.OPTIMIZER, "rewrite_options", tuple(paths),
                                            options=tuple(sorted(options.items()))))


def _plan_devices(fields: Mapping[str, Value], result: Plan, problem: Callable[..., None]) -> None:
    counts: dict[str, int] = {}
    v = fields.get("device_count")
    if v is not None:
        if not v.known or not isinstance(v.literal, dict):
            problem("device_count", f"device_count={v.text()} is not a dict of literal counts; write the tf.config "
                    "calls by hand")
            return
        for kind, n in v.literal.items():
            if kind not in ("CPU", "GPU") or not isinstance(n, int) or isinstance(n, bool) or n < 0:
                problem("device_count", f"device_count[{kind!r}]={n!r}: only 'CPU' and 'GPU' with counts >= 0 translate")
                return
            counts[kind] = n

    cpus = counts.get("CPU", 1)
    if cpus == 0:
        result.actions.append(HideCpus(Stage.DEVICES, "cpu_visibility", ("device_count",)))
    elif cpus > 1:
        result.actions.append(LogicalCpus(Stage.DEVICES, "logical_cpus", ("device_count",), count=cpus))

    indices: Optional[tuple[int, ...]] = None
    v = fields.get("gpu_options.visible_device_list")
    if v is not None:
        if v.known and isinstance(v.literal, IndexExpression):
            if fields.get("device_count") is not None and counts.get("GPU") is not None:
                problem("gpu_options.visible_device_list", "a run-time GPU index together with device_count['GPU']"
                        " cannot be checked here")
                return
            result.actions.append(VisibleGpus(Stage.DEVICES, "gpu_visibility", ("gpu_options.visible_device_list",),
                                              index_source=v.literal.source))
            return
        if not v.known or not isinstance(v.literal, str):
            problem("gpu_options.visible_device_list",
                    f"visible_device_list={v.text()} is not a string literal; its GPUs cannot be checked here")
            return
        text = v.literal.strip()
        if text:
            try:
                parsed = tuple(int(p) for p in text.split(","))
            except ValueError:
                problem("gpu_options.visible_device_list",
                        f"visible_device_list={v.literal!r} is malformed: TF1 expects comma-separated GPU indices")
                return
            if any(i < 0 for i in parsed) or len(set(parsed)) != len(parsed):
                problem("gpu_options.visible_device_list",
                        f"visible_device_list={v.literal!r} has negative or repeated indices; TF1 rejected it")
                return
            if list(parsed) != sorted(parsed):
                problem("gpu_options.visible_device_list",
                        f"visible_device_list={v.literal!r} renumbers GPUs; TF2 keeps the physical order, "
                        "so set CUDA_VISIBLE_DEVICES before TensorFlow starts instead")
                return
            indices = parsed

    gpu_count = counts.get("GPU")
    if indices is not None or gpu_count is not None:
        fields_used = tuple(p for p in ("gpu_options.visible_device_list", "device_count") if p in fields)
        result.actions.append(VisibleGpus(Stage.DEVICES, "gpu_visibility", fields_used, indices=indices, count=gpu_count))


def _plan_memory(fields: Mapping[str, Value], result: Plan, problem: Callable[..., None]) -> None:
    growth = fields.get("gpu_options.allow_growth")
    fraction = fields.get("gpu_options.per_process_gpu_memory_fraction")
    virtual = fields.get("gpu_options.experimental.virtual_devices")

    limit: Optional[float] = None
    if fraction is not None:
        f = fraction.literal
        if not fraction.known or not isinstance(f, (int, float)) or isinstance(f, bool):
            growth_too = growth is not None and not (growth.known and not growth.literal)
            problem("gpu_options.per_process_gpu_memory_fraction",
                    f"per_process_gpu_memory_fraction={fraction.text()} is not a number literal: 0 meant "
                    "'no limit' and >1 meant unified memory, so the TF2 form depends on its value"
                    + ("; and with allow_growth, any limit above 0 meant 'grow up to the limit', which has no "
                       "TF2 form (TFM113): keep one of the two" if growth_too else ""))
            return
        if f < 0 or math.isnan(f):
            problem("gpu_options.per_process_gpu_memory_fraction", f"per_process_gpu_memory_fraction={f!r} is invalid")
            return
        if f > 1:
            problem("gpu_options.per_process_gpu_memory_fraction",
                    f"per_process_gpu_memory_fraction={f!r} > 1 oversubscribed GPU memory through CUDA unified "
                    "memory; TF2's tf.config cannot enable that")
            return
        if f > 0:  # 0 meant "no limit": nothing to emit
            limit = float(f)

    growth_on = growth is not None and not (growth.known and not growth.literal)
    if growth is not None and not _is_bool_like(growth):
        problem("gpu_options.allow_growth", f"allow_growth={growth.text()} is not a boolean")
        return
    if growth_on and (limit is not None or virtual is not None):
        hint = ("; with a fraction of 1.0 the cap was the whole GPU, so keeping only allow_growth is the "
                "closest TF2 form (TF2's growth stops at the memory that is free, not at the total)"
                if limit == 1.0 else "")
        problem("gpu_options.allow_growth",
                "allow_growth with a memory limit meant 'grow on demand up to the limit'; TF2 ignores memory "
                "growth once a GPU has a memory limit, so choose one of the two by hand" + hint,
                code=CODE_GROWTH_AND_LIMIT)
        return
    if limit is not None and virtual is not None:
        problem("gpu_options.experimental.virtual_devices",
                "virtual_devices together with per_process_gpu_memory_fraction: choose the limits by hand")
        return

    if growth_on:  # allow_growth=False is TF1's default: nothing to emit
        result.actions.append(MemoryGrowth(Stage.MEMORY, "memory_growth", ("gpu_options.allow_growth",), value=growth))
    if limit is not None:
        result.actions.append(MemoryLimit(Stage.MEMORY, "gpu_memory", ("gpu_options.per_process_gpu_memory_fraction",), fraction=limit))
    if virtual is not None:
        if not virtual.known or not _is_limits_table(virtual.literal):
            problem("gpu_options.experimental.virtual_devices",
                    f"virtual_devices={virtual.text()}: only literal memory_limit_mb lists translate")
            return
        result.actions.append(VirtualGpus(Stage.MEMORY, "gpu_memory", ("gpu_options.experimental.virtual_devices",),
                                          limits_mb=tuple(tuple(x) for x in virtual.literal)))


def _is_limits_table(obj: Any) -> bool:
    return isinstance(obj, (list, tuple)) and all(
        isinstance(row, (list, tuple)) and all(isinstance(m, (int, float)) and not isinstance(m, bool) for m in row)
        for row in obj
    )


def setting_keys() -> Sequence[str]:
    """Every key an action can set, for tests that walk the table."""
    return ("intra_threads", "inter_threads", "cpu_visibility", "logical_cpus", "gpu_visibility",
            "memory_growth", "gpu_memory", "soft_placement", "log_placement", "jit")
