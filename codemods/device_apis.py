"""TFM3xx: TF1 and TF2-experimental device APIs → the stable `tf.config` API.

Each rewrite below was checked against TensorFlow 2.21 (see docs/rules/device_apis.md):

* `tf.test.is_gpu_available()` and `tf.test.gpu_device_name()` both scan
  `device_lib.list_local_devices()`, which builds devices from a *default* session
  config: it ignores `tf.config.set_visible_devices` and logical-device settings, exactly
  like `tf.config.list_physical_devices`. So physical devices are the faithful source,
  and unlike `list_logical_devices` they do not start the runtime (which would make a
  later `tf.config.set_*` call raise).
* `device_lib.list_local_devices()` returns DeviceAttributes protos. Only uses that
  count devices of one type are rewritten; a list of names is reported, because
  `list_logical_devices` honours settings that `device_lib` ignores and initializes the
  runtime.
* Every `tf.config.experimental` name in RENAMES is the very same object as its stable
  `tf.config` name, so the rename changes nothing at run time.

Two checks only report: environment-variable names that are near misses of the CUDA
ones, and hard-coded GPU indices in `tf.device` in a file that renumbers GPUs by
restricting the visible devices.
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
from dataclasses import dataclass
from typing import Iterable, Iterator, Optional

import libcst as cst
from libcst.metadata import (
    MetadataWrapper,
    PositionProvider,
    QualifiedName,
    QualifiedNameProvider,
    QualifiedNameSource,
    ScopeProvider,
)

from tfmigrate.codemod_command import command_attributes
from tfmigrate.names import resolve
from tfmigrate.metadata import node_index, nodes_under
from tfmigrate.prefilter import TriggerPattern
from tfmigrate.rule import Finding, ImportSpec, Replace, Rule
from tfmigrate.unused_imports import bound_name

CODE_IS_GPU_AVAILABLE = "TFM300"
CODE_IS_GPU_AVAILABLE_LEFT = "TFM301"
CODE_GPU_DEVICE_NAME = "TFM302"
CODE_LOCAL_DEVICES = "TFM303"
CODE_LOCAL_DEVICES_LEFT = "TFM304"
CODE_EXPERIMENTAL = "TFM305"
CODE_ENV_TYPO = "TFM306"
CODE_FRAGILE_INDEX = "TFM307"

CODES = {
    CODE_IS_GPU_AVAILABLE: "tf.test.is_gpu_available() → bool(tf.config.list_physical_devices(\"GPU\"))",
    CODE_IS_GPU_AVAILABLE_LEFT: "tf.test.is_gpu_available(...) with arguments that have no exact TF2 form (min_cuda_compute_capability, non-literal values)",
    CODE_GPU_DEVICE_NAME: "tf.test.gpu_device_name() → \"/device:GPU:0\" if a GPU is listed, else \"\"",
    CODE_LOCAL_DEVICES: "counting device_lib.list_local_devices() of one type → tf.config.list_physical_devices(type)",
    CODE_LOCAL_DEVICES_LEFT: "device_lib.list_local_devices() used in a way with no exact TF2 form (DeviceAttributes protos, names)",
    CODE_EXPERIMENTAL: "tf.config.experimental.<name> → its stable tf.config name (the same function)",
    CODE_ENV_TYPO: "environment variable name that is a near miss of CUDA_VISIBLE_DEVICES or CUDA_DEVICE_ORDER",
    CODE_FRAGILE_INDEX: "hard-coded GPU index in tf.device in a file that restricts the visible devices",
}

# tensorflow.python.platform.test re-exports both: the same functions (checked on TF 2.21).
IS_GPU_AVAILABLE = {"tf.test.is_gpu_available", "tf.python.framework.test_util.is_gpu_available",
                    "tf.python.platform.test.is_gpu_available"}
GPU_DEVICE_NAME = {"tf.test.gpu_device_name", "tf.python.framework.test_util.gpu_device_name",
                   "tf.python.platform.test.gpu_device_name"}
LIST_LOCAL_DEVICES = "tf.python.client.device_lib.list_local_devices"
KERAS_BACKEND_IMPORTS = (("keras.backend.tensorflow_backend", "_get_available_gpus"),
                         ("keras.backend", "tensorflow_backend"), ("keras.backend.tf_backend", "_get_available_gpus"),
                         ("keras.backend", "tf_backend"))
KERAS_AVAILABLE_GPUS = {"keras.backend.tensorflow_backend._get_available_gpus",
                        "keras.backend.tf_backend._get_available_gpus"}
# `from <module> import <name>` lines the engine may drop once a rewrite left them unused.
TEST_MODULES = ("tensorflow.test", "tensorflow.compat.v1.test", "tensorflow.python.framework.test_util",
                "tensorflow.python.platform.test")
# `from tensorflow.python.platform import test`: the module itself, once nothing else uses it.
TEST_MODULE_IMPORTS = tuple(tuple(m.rsplit(".", 1)) for m in TEST_MODULES)
IS_GPU_AVAILABLE_IMPORTS = tuple((m, "is_gpu_available") for m in TEST_MODULES) + TEST_MODULE_IMPORTS
GPU_DEVICE_NAME_IMPORTS = tuple((m, "gpu_device_name") for m in TEST_MODULES) + TEST_MODULE_IMPORTS
DEVICE_LIB_IMPORTS = (("tensorflow.python.client", "device_lib"),
                      ("tensorflow.python.client.device_lib", "list_local_devices"))
TF_DEVICE = "tf.device"

# Checked on TF 2.21: each experimental name `is` the stable object.
RENAMES = {
    "list_physical_devices": "list_physical_devices",
    "list_logical_devices": "list_logical_devices",
    "get_visible_devices": "get_visible_devices",
    "set_visible_devices": "set_visible_devices",
    "get_virtual_device_configuration": "get_logical_device_configuration",
    "set_virtual_device_configuration": "set_logical_device_configuration",
    "VirtualDeviceConfiguration": "LogicalDeviceConfiguration",
}
EXPERIMENTAL = {f"tf.config.experimental.{old}": new for old, new in RENAMES.items()}

# Device types whose default-config count in device_lib equals the physical count.
COUNTABLE_TYPES = {"GPU", "CPU"}

# --- environment variables -------------------------------------------------------------

CUDA_VARIABLES = ("CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER")
MAX_TYPO_DISTANCE = 2


def _near_miss_pattern(name: str, anchor_pieces: tuple[int, ...], pieces: int = 5, keep: int = 3) -> TriggerPattern:
    """A regex (Python `re` and `grep -E` alike) for quoted strings close to `name`.

    Cut `name` into 5 disjoint pieces. Each of at most MAX_TYPO_DISTANCE (2) edits
    touches at most one piece, so 3 survive intact, and every stretch of the name
    before, between and after them grows or shrinks by at most 2 characters. Hence one
    alternative per choice of 3 pieces, each stretch allowed +-2. Only near misses spelled
    with letters, digits, `_`, `-`, `.` and spaces are looked for: any character at all
    would match the codec tables of the standard library (`'\x11'  #  0x11 -> DEVICE`).
    Any 3 of the 5 pieces meet any other 3, so the pieces at `anchor_pieces` (3 of them,
    the rarest in ordinary code) serve as the anchors that gate the regex.
    """
    size, extra = divmod(len(name), pieces)
    bounds, at = [], 0
    for i in range(pieces):
        bounds.append((at, at + size + (i < extra)))
        at = bounds[-1][1]
    d, char = MAX_TYPO_DISTANCE, "[A-Za-z0-9_. -]"
    alternatives = []
    for chosen in itertools.combinations(bounds, keep):
        parts, end = ["[\"']"], 0
        for lo, hi in chosen:
            gap = lo - end
            parts += [f"{char}{{{max(gap - d, 0)},{gap + d}}}", name[lo:hi]]
            end = hi
        gap = len(name) - end
        parts += [f"{char}{{{max(gap - d, 0)},{gap + d}}}", "[\"']"]
        alternatives.append("".join(parts))
    assert len(anchor_pieces) == pieces - keep + 1
    return TriggerPattern("|".join(alternatives), tuple(name[slice(*bounds[i])] for i in anchor_pieces))


ENVIRON = "os.environ"
ENVIRON_KEY_METHODS = {"os.environ.get", "os.environ.setdefault", "os.environ.pop"}
ENV_FUNCTIONS = {"os.getenv", "os.putenv", "os.unsetenv"}
ENV_WRITERS = {"os.environ.setdefault", "os.putenv"}

VISIBILITY_SETTERS = {"tf.config.set_visible_devices", "tf.config.experimental.set_visible_devices"}
GPU_INDEX = re.compile(r"(?:^|/)(?:device:)?gpu:(\d+)", re.IGNORECASE)


class DeviceApisRule(Rule):
    name = "device_apis"
    codes = CODES
    # A file that matches none of these holds no site: each check needs one of the API
    # names (an experimental one is always spelled out, whatever the import style), a
    # visibility setting, or a CUDA variable name in a string literal (near misses
    # included, see _near_miss_pattern; wrong case only as all lower case). Plain words
    # such as `experimental` or `DEVICE` would send many ordinary files to the parser.
    triggers = (
        "is_gpu_available",
        "gpu_device_name",
        "list_local_devices",
        "_get_available_gpus",
        "visible_device",
        *RENAMES,
        *(v.lower() for v in CUDA_VARIABLES),
    )
    trigger_patterns = (_near_miss_pattern("CUDA_VISIBLE_DEVICES", (0, 1, 3)),  # CUDA, _VIS, _DEV
                        _near_miss_pattern("CUDA_DEVICE_ORDER", (0, 1, 3)))  # CUDA, _DEV, _OR

    def find(self, wrapper: MetadataWrapper) -> Iterable[Finding]:
        return _Analysis(wrapper).run()


class _Analysis:
    def __init__(self, wrapper: MetadataWrapper) -> None:
        self.module = wrapper.module
        self.qnames = wrapper.resolve(QualifiedNameProvider)
        self.index = node_index(wrapper.module)
        self.parents = self.index.parents
        self.positions = wrapper.resolve(PositionProvider)
        self.scopes = wrapper.resolve(ScopeProvider)

    # -- helpers ----------------------------------------------------------------------

    def _start(self, node: cst.CSTNode) -> tuple[int, int]:
        pos = self.positions[node]
        return pos.start.line, pos.start.column

    def qualified(self, node: cst.CSTNode) -> set[QualifiedName]:
        found = self.qnames.get(node)
        return set(found() if callable(found) else found or ())

    def name_of(self, node: cst.CSTNode) -> Optional[str]:
        """resolve(), but a name that is also bound locally (`tf = Fake()` after the
        import, a function of the same name) is ambiguous and resolves to None."""
        if any(q.source != QualifiedNameSource.IMPORT for q in self.qualified(node)):
            return None
        return resolve(self.qnames, node)

    def calls_to(self, names: set[str]) -> Iterator[cst.Call]:
        for node in self.index.of(cst.Call):
            if self.name_of(node.func) in names:
                yield node

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def parent(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        return self.parents.get(node)

    def is_builtin(self, node: cst.CSTNode, name: str) -> bool:
        found = self.qualified(node)
        return bool(found) and all(q.source == QualifiedNameSource.BUILTIN and q.name == f"builtins.{name}"
                                   for q in found)

    # -- main -------------------------------------------------------------------------

    def run(self) -> list[Finding]:
        findings: list[Finding] = []
        findings += self.is_gpu_available()
        findings += self.gpu_device_name()
        findings += self.local_devices()
        findings += self.keras_available_gpus()
        findings += self.experimental_names()
        env_sites = list(self.env_key_sites())
        findings += self.env_typos(env_sites)
        findings += self.fragile_indices(env_sites)
        return findings

    # -- tf.test.is_gpu_available -----------------------------------------------------

    def is_gpu_available(self) -> Iterator[Finding]:
        for call in self.calls_to(IS_GPU_AVAILABLE):
            problem = _is_gpu_available_problem(call)
            if problem is not None:
                yield Finding(CODE_IS_GPU_AVAILABLE_LEFT, problem, call)
                continue
            tf = self.tf_alias(call)
            if tf is None:
                yield self.no_alias(CODE_IS_GPU_AVAILABLE_LEFT, call)
                continue
            listing = f'{tf.name}.config.list_physical_devices("GPU")'
            text = listing if self.only_truth_tested(call) else f"bool({listing})"
            yield Finding(CODE_IS_GPU_AVAILABLE,
                          f'tf.test.is_gpu_available() → {text}',
                          call, edits=(Replace(call, _expression(text, call)),), add_imports=tf.imports,
                          remove_unused_imports=IS_GPU_AVAILABLE_IMPORTS)

    def only_truth_tested(self, node: cst.CSTNode) -> bool:
        """The value is only tested for truth, so a list is as good as a bool."""
        par = self.parent(node)
        if isinstance(par, (cst.If, cst.While, cst.Assert, cst.IfExp)):
            return par.test is node
        return isinstance(par, cst.UnaryOperation) and isinstance(par.operator, cst.Not)

    # -- tf.test.gpu_device_name ------------------------------------------------------

    def gpu_device_name(self) -> Iterator[Finding]:
        for call in self.calls_to(GPU_DEVICE_NAME):
            if call.args:
                yield Finding(CODE_GPU_DEVICE_NAME, "tf.test.gpu_device_name() takes no arguments; left as it is", call)
                continue
            tf = self.tf_alias(call)
            if tf is None:
                yield self.no_alias(CODE_GPU_DEVICE_NAME, call)
                continue
            # device_lib numbers the GPUs it creates from 0, so the first one is always GPU:0.
            listing = f'{tf.name}.config.list_physical_devices("GPU")'
            text = f'"/device:GPU:0" if {listing} else ""'
            if self.only_truth_tested(call):  # `if tf.test.gpu_device_name():`: "" and [] are both false
                text = listing
            elif not isinstance(self.parent(call), (cst.Arg, cst.Assign, cst.Return, cst.Expr)):
                text = f"({text})"
            yield Finding(CODE_GPU_DEVICE_NAME, f"tf.test.gpu_device_name() → {text}", call,
                          edits=(Replace(call, _expression(text, call)),), add_imports=tf.imports,
                          remove_unused_imports=GPU_DEVICE_NAME_IMPORTS)

    # -- device_lib.list_local_devices ------------------------------------------------

    def local_devices(self) -> Iterator[Finding]:
        for call in self.calls_to({LIST_LOCAL_DEVICES}):
            if call.args:
                yield Finding(CODE_LOCAL_DEVICES_LEFT, "device_lib.list_local_devices(session_config) builds devices "
                                                       "from that config; migrate it by hand", call)
                continue
            counted = self.counted_use(call)
            held = None
            if counted is None:  # `protos = LLD()`, then one count over `protos`
                held = self.held_for_one_use(call)
                counted = self.counted_use(held[1]) if held is not None else None
            tf = self.tf_alias(call) if counted else None
            if counted is None:
                yield Finding(CODE_LOCAL_DEVICES_LEFT, self.local_devices_advice(call), call)
            elif tf is None:
                yield self.no_alias(CODE_LOCAL_DEVICES_LEFT, call)
            else:
                outer, device_type, wrapper = counted
                text = f'{wrapper}({tf.name}.config.list_physical_devices("{device_type}"))'
                edits = [Replace(outer, _expression(text, outer))]
                if held is not None:
                    edits.append(Replace(held[0], cst.RemoveFromParent(), keep_comments=True))
                yield Finding(CODE_LOCAL_DEVICES, f"{self.code(outer)} → {text}", outer,
                              edits=tuple(edits), add_imports=tf.imports, remove_unused_imports=DEVICE_LIB_IMPORTS)

    def keras_available_gpus(self) -> Iterator[Finding]:
        """Keras 2's private `K.tensorflow_backend._get_available_gpus()`, gone in Keras 3: its
        length is the number of GPUs; its names are for a human to map."""
        for call in self.calls_to(KERAS_AVAILABLE_GPUS):
            outer = self.parent(self.parent(call))
            tf = self.tf_alias(call)
            if isinstance(outer, cst.Call) and len(outer.args) == 1 and outer.args[0].value is call \
                    and self.is_builtin(outer.func, "len") and not call.args and tf is not None:
                text = f'len({tf.name}.config.list_physical_devices("GPU"))'
                yield Finding(CODE_LOCAL_DEVICES, f"{self.code(outer)} → {text}", outer,
                              edits=(Replace(outer, _expression(text, outer)),), add_imports=tf.imports,
                              remove_unused_imports=KERAS_BACKEND_IMPORTS)  # gone in Keras 3
                continue
            yield Finding(CODE_LOCAL_DEVICES_LEFT, "Keras 2's private _get_available_gpus() is gone in Keras 3: its "
                          "length is len(tf.config.list_physical_devices(\"GPU\")); its names are those of "
                          "tf.config.list_logical_devices(\"GPU\"), which starts the runtime: choose by hand", call)

    def held_for_one_use(self, call: cst.Call) -> Optional[tuple[cst.SimpleStatementLine, cst.Name]]:
        """(`protos = LLD()`'s line, the one use of `protos`) when the list is bound to a
        name that nothing else binds and that is read once, in the same block after it."""
        assign = self.parent(call)
        line = self.parent(assign)
        if not (isinstance(assign, cst.Assign) and assign.value is call and len(assign.targets) == 1
                and isinstance(assign.targets[0].target, cst.Name) and isinstance(line, cst.SimpleStatementLine)
                and len(line.body) == 1):
            return None
        target = assign.targets[0].target
        scope = self.scopes.get(target)
        bindings = list(scope[target.value]) if scope is not None else []
        if len(bindings) != 1 or len(bindings[0].references) != 1:
            return None
        use = next(iter(bindings[0].references)).node
        block = self.parent(line)
        cur = use
        while cur is not None and self.parent(cur) is not block:
            cur = self.parent(cur)
        body = list(getattr(block, "body", ()))
        if not isinstance(use, cst.Name) or cur not in body or body.index(cur) <= body.index(line):
            return None
        return line, use

    def counted_use(self, call: cst.CSTNode) -> Optional[tuple[cst.Call, str, str]]:
        """(outer call, device type, wrapper) for the counting idioms over LLD():
        `len([d for d in LLD() if d.device_type == "GPU"])` and
        `sum(1 for d in LLD() if d.device_type == "GPU")` (or `sum([1 for ...])`) → len(...), and
        `any(d.device_type == "GPU" for d in LLD())` → bool(...)."""
        comp_for = self.parent(call)  # `call` may also be the name of a list it returned
        if not (isinstance(comp_for, cst.CompFor) and comp_for.iter is call and comp_for.inner_for_in is None
                and comp_for.asynchronous is None and isinstance(comp_for.target, cst.Name)):
            return None
        comp, arg = self.parent(comp_for), self.parent(self.parent(comp_for))
        outer = self.parent(arg)
        if not (isinstance(arg, cst.Arg) and isinstance(outer, cst.Call) and len(outer.args) == 1
                and not arg.star and arg.keyword is None):
            return None
        var = comp_for.target.value
        filtered = len(comp_for.ifs) == 1
        if isinstance(comp, cst.ListComp) and filtered and self.is_builtin(outer.func, "len") \
                and _is_plain_element(comp.elt, var):
            device_type, wrapper = _type_test(comp_for.ifs[0].test, var), "len"
        elif isinstance(comp, (cst.GeneratorExp, cst.ListComp)) and filtered and self.is_builtin(outer.func, "sum") \
                and isinstance(comp.elt, cst.Integer) and comp.elt.value == "1":
            device_type, wrapper = _type_test(comp_for.ifs[0].test, var), "len"
        elif isinstance(comp, cst.GeneratorExp) and not comp_for.ifs and self.is_builtin(outer.func, "any"):
            device_type, wrapper = _type_test(comp.elt, var), "bool"
        else:
            return None
        return (outer, device_type, wrapper) if device_type in COUNTABLE_TYPES else None

    def local_devices_advice(self, call: cst.Call) -> str:
        base = ("device_lib.list_local_devices() returns DeviceAttributes protos built from a default config; "
                "tfmigrate only rewrites counts of one device type. ")
        if isinstance(self.parent(call), cst.CompFor):
            return base + ("For device names, tf.config.list_logical_devices(type) gives the same '/device:GPU:0' "
                           "strings, but it honours tf.config visibility/logical settings that device_lib ignores "
                           "and it initializes the runtime (later tf.config.set_* calls then raise)")
        return base + "Use tf.config.list_physical_devices() or list_logical_devices() by hand"

    # -- tf.config.experimental -------------------------------------------------------

    def experimental_names(self) -> Iterator[Finding]:
        # Resolving every name is most of this rule's time; a name can only resolve to one
        # of these if it ends in one (an attribute), or was bound by an import (a name).
        last_parts = {name.rpartition(".")[2] for name in EXPERIMENTAL}
        imported = self.names_bound_by_imports()
        for node in self.index.of((cst.Attribute, cst.Name)):
            if (node.attr.value not in last_parts) if isinstance(node, cst.Attribute) else (node.value not in imported):
                continue
            if self.is_target(node) or self.is_attr_part(node):
                continue
            old = self.name_of(node)
            if old not in EXPERIMENTAL:
                continue
            new = EXPERIMENTAL[old]
            stable = f"tf.config.{new}"
            if isinstance(node, cst.Attribute) and self.reaches_config(node):
                config = node.value.value  # type: ignore[attr-defined]
                renamed = node.with_changes(value=config, attr=cst.Name(new))
                yield Finding(CODE_EXPERIMENTAL, f"{old} → {stable} (the same function)", node,
                              edits=(Replace(node, renamed),))
            else:
                yield Finding(CODE_EXPERIMENTAL, f"{old} is {stable}; use the stable name", node)

    def names_bound_by_imports(self) -> set[str]:
        """`x` for `import x.y`, `import a as x` and `from m import a as x`, anywhere."""
        return {bound_name(alias, self.parents[alias]) for alias in self.index.of(cst.ImportAlias)}

    def reaches_config(self, node: cst.Attribute) -> bool:
        """`<tf.config>.experimental.<name>`: the stable name is one attribute away."""
        inner = node.value
        return (isinstance(inner, cst.Attribute) and inner.attr.value == "experimental"
                and self.name_of(inner.value) == "tf.config")

    def is_target(self, node: cst.CSTNode) -> bool:
        """Assigning or deleting the attribute (monkeypatching) must keep its name."""
        par = self.parent(node)
        if isinstance(par, (cst.AssignTarget, cst.Del)):
            return True
        return isinstance(par, (cst.AugAssign, cst.AnnAssign)) and par.target is node

    def is_attr_part(self, node: cst.CSTNode) -> bool:
        """The `name` in `x.name`: the whole attribute is what refers to something."""
        par = self.parent(node)
        return isinstance(par, cst.Attribute) and par.attr is node

    # -- environment variables --------------------------------------------------------

    def env_key_sites(self) -> Iterator[tuple[cst.SimpleString, str, bool]]:
        """Every plain string used as an environment-variable name: (node, value, writes)."""
        for node in self.index.of((cst.Subscript, cst.Call, cst.Comparison)):
            if isinstance(node, cst.Subscript) and self.name_of(node.value) == ENVIRON and len(node.slice) == 1 \
                    and isinstance(node.slice[0].slice, cst.Index):
                key = node.slice[0].slice.value
                writes = isinstance(self.parent(node), cst.AssignTarget)
                yield from _string_site(key, writes)
            elif isinstance(node, cst.Call):
                callee = self.name_of(node.func)
                if (callee in ENVIRON_KEY_METHODS or callee in ENV_FUNCTIONS) and node.args \
                        and node.args[0].keyword is None and not node.args[0].star:
                    yield from _string_site(node.args[0].value, callee in ENV_WRITERS)
                elif callee == "os.environ.update":
                    yield from self.update_sites(node)
            elif isinstance(node, cst.Comparison) and len(node.comparisons) == 1 \
                    and isinstance(node.comparisons[0].operator, (cst.In, cst.NotIn)) \
                    and self.name_of(node.comparisons[0].comparator) == ENVIRON:
                yield from _string_site(node.left, False)

    def update_sites(self, call: cst.Call) -> Iterator[tuple[cst.SimpleString, str, bool]]:
        for arg in call.args:
            if isinstance(arg.value, cst.Dict) and arg.keyword is None and not arg.star:
                for element in arg.value.elements:
                    if isinstance(element, cst.DictElement):
                        yield from _string_site(element.key, True)

    def env_typos(self, sites: list[tuple[cst.SimpleString, str, bool]]) -> Iterator[Finding]:
        for node, key, writes in sites:
            meant = _meant_variable(key)
            if meant is None:
                continue
            effect = ("CUDA only reads the exact name, so this setting has no effect" if writes
                      else "this refers to a variable that CUDA does not read")
            yield Finding(CODE_ENV_TYPO, f"environment variable {key!r} is not {meant}; {effect}", node)

    # -- hard-coded GPU indices -------------------------------------------------------

    def fragile_indices(self, env_sites: list[tuple[cst.SimpleString, str, bool]]) -> Iterator[Finding]:
        restriction = self.visibility_restriction(env_sites)
        if restriction is None:
            return
        line = self.positions[restriction].start.line
        for call in self.calls_to({TF_DEVICE}):
            device = _device_argument(call)
            if device is None:
                continue
            spec = _string_value(device)
            match = GPU_INDEX.search(spec or "")
            if match and int(match.group(1)) > 0:
                yield Finding(CODE_FRAGILE_INDEX,
                              f"{spec!r} names GPU {match.group(1)} by position, but line {line} restricts the visible "
                              f"devices and the remaining GPUs are renumbered from 0; pick the device from "
                              f"tf.config.list_logical_devices(\"GPU\") instead", device)

    def visibility_restriction(self, env_sites) -> Optional[cst.CSTNode]:
        """The first node in the file that narrows which GPUs TensorFlow sees."""
        found: list[cst.CSTNode] = [call for call in self.calls_to(VISIBILITY_SETTERS)]
        found += [node for node, key, writes in env_sites if writes and key == "CUDA_VISIBLE_DEVICES"]
        found += [node for node in self.index.of((cst.Call, cst.Attribute)) if self.sets_visible_device_list(node)]
        return min(found, key=self._start) if found else None

    def sets_visible_device_list(self, node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Call):
            return any(a.keyword is not None and a.keyword.value == "visible_device_list" for a in node.args)
        if isinstance(node, cst.Attribute) and node.attr.value == "visible_device_list":
            return isinstance(self.parent(node), cst.AssignTarget)
        return False

    # -- the TF2 module name ------------------------------------------------------------

    def tf_alias(self, node: cst.CSTNode) -> Optional["_Alias"]:
        """A name bound to tensorflow (or tensorflow.compat.v1, which has tf.config too)
        where `node` is, or `tf` to be imported."""
        prefix = _tf_prefix_of_callee(node)
        if prefix is not None and self.name_of(prefix) == "tf":
            return _Alias(self.code(prefix), ())
        scope = self.scopes.get(node)
        if scope is None:
            return None
        for candidate, module_name in self.tf_imports():
            bound = scope.get_qualified_names_for(candidate)
            if {(q.name, q.source) for q in bound} == {(module_name, QualifiedNameSource.IMPORT)}:
                return _Alias(candidate, ())
        for candidate in ("tf", "tensorflow"):
            if candidate not in self.all_names:
                return _Alias(candidate, (ImportSpec("tensorflow", None, None if candidate == "tensorflow" else candidate),))
        return None

    def tf_imports(self) -> list[tuple[str, str]]:
        """(bound name, module) for every `import tensorflow[.compat.v1] [as X]`, plain first."""
        found: list[tuple[str, str]] = []
        for node in self.index.of(cst.Import):
            for alias in node.names:
                dotted = cst.Module([]).code_for_node(alias.name)
                if alias.asname is not None and dotted in ("tensorflow", "tensorflow.compat.v1"):
                    found.append((alias.asname.name.value, dotted))  # type: ignore[union-attr]
                elif alias.asname is None and dotted == "tensorflow":
                    found.append(("tensorflow", dotted))
        return sorted(set(found), key=lambda pair: (pair[1] != "tensorflow", pair[0]))

    @functools.cached_property
    def all_names(self) -> set[str]:
        """Every name the file uses, but the module paths of imports (`from tensorflow.python
        import x` does not take `tensorflow`)."""
        paths: set[cst.CSTNode] = set()
        for node in self.index.of(cst.ImportFrom):
            if node.module is not None:
                paths.update(nodes_under(node.module, cst.Name))
        for node in self.index.of(cst.Import):
            for alias in node.names:
                if alias.asname is not None:
                    paths.update(nodes_under(alias.name, cst.Name))
        return {node.value for node in self.index.of(cst.Name) if node not in paths}

    def no_alias(self, code: str, node: cst.CSTNode) -> Finding:
        return Finding(code, "no name for the tensorflow module is free here (`tf` and `tensorflow` are both taken); "
                             "left as it is", node)


@dataclass(frozen=True)
class _Alias:
    """The name to spell `tensorflow` with at a site, and the import it needs (if any)."""

    name: str
    imports: tuple[ImportSpec, ...]


# -- small pure helpers ----------------------------------------------------------------


def _is_gpu_available_problem(call: cst.Call) -> Optional[str]:
    """Why this call has no exact TF2 form, or None if it is the argument-free check.

    TF 2.21 ignores `cuda_only` (it only ever excluded SYCL devices), so a literal value
    changes nothing. A compute-capability floor needs device details that differ between
    CUDA and ROCm builds, so it is left to a human."""
    names = ("cuda_only", "min_cuda_compute_capability")
    for index, arg in enumerate(call.args):
        if arg.star or (arg.keyword is None and index >= len(names)):
            return "tf.test.is_gpu_available(...) arguments tfmigrate cannot read; left as it is"
        which = arg.keyword.value if arg.keyword is not None else names[index]
        literal = arg.value.value if isinstance(arg.value, cst.Name) else None
        if which == "cuda_only" and literal not in ("True", "False"):
            return ("tf.test.is_gpu_available(cuda_only=<expression>): tfmigrate only rewrites literal True/False; "
                    "left as it is")
        if which == "min_cuda_compute_capability" and literal != "None":
            return ("tf.test.is_gpu_available(min_cuda_compute_capability=...) has no exact TF2 form; compare "
                    "tf.config.experimental.get_device_details(gpu).get('compute_capability') for each "
                    "gpu in tf.config.list_physical_devices('GPU') (CUDA builds only)")
        if which not in names:
            return f"tf.test.is_gpu_available({which}=...) is not an argument TF knows; left as it is"
    return None


def _is_plain_element(elt: cst.BaseExpression, var: str) -> bool:
    """`d` or `d.<field>`: evaluating it can neither fail nor have effects."""
    if isinstance(elt, cst.Name):
        return elt.value == var
    return isinstance(elt, cst.Attribute) and isinstance(elt.value, cst.Name) and elt.value.value == var \
        and elt.attr.value in ("name", "device_type")


def _type_test(test: cst.BaseExpression, var: str) -> Optional[str]:
    """The device type in `d.device_type == "GPU"` (either side), else None."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.Equal)):
        return None
    sides = (test.left, test.comparisons[0].comparator)
    for field_side, value_side in (sides, sides[::-1]):
        if isinstance(field_side, cst.Attribute) and isinstance(field_side.value, cst.Name) \
                and field_side.value.value == var and field_side.attr.value == "device_type":
            return _string_value(value_side)
    return None


def _string_value(node: cst.CSTNode) -> Optional[str]:
    """The value of a plain str literal written without escapes (so it is in the source as is)."""
    if not isinstance(node, cst.SimpleString) or "\\" in node.value or "b" in node.prefix.lower():
        return None
    try:
        value = ast.literal_eval(node.value)
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None


def _string_site(node: Optional[cst.CSTNode], writes: bool) -> Iterator[tuple[cst.SimpleString, str, bool]]:
    value = _string_value(node) if node is not None else None
    if value is not None:
        yield node, value, writes  # type: ignore[misc]


def _meant_variable(key: str) -> Optional[str]:
    """The CUDA variable `key` was probably meant to be, if it is a near miss of one."""
    if key in CUDA_VARIABLES:
        return None
    for name in CUDA_VARIABLES:
        if key == name.lower() or _edit_distance(key, name, MAX_TYPO_DISTANCE) <= MAX_TYPO_DISTANCE:
            return name
    return None


def _edit_distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance, or limit + 1 once it is certainly above limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]


def _device_argument(call: cst.Call) -> Optional[cst.BaseExpression]:
    for index, arg in enumerate(call.args):
        if arg.keyword is None and index == 0 and not arg.star:
            return arg.value
        if arg.keyword is not None and arg.keyword.value in ("device_name", "device_name_or_function"):
            return arg.value
    return None


def _tf_prefix_of_callee(node: cst.CSTNode) -> Optional[cst.BaseExpression]:
    """`X` in `X.test.is_gpu_available()`: the module the call already goes through."""
    func = node.func if isinstance(node, cst.Call) else None
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute) \
            and func.value.attr.value == "test":
        return func.value.value
    return None


def _expression(text: str, original: cst.CSTNode) -> cst.BaseExpression:
    """Parse the replacement, keeping the parentheses the original was written with."""
    new = cst.parse_expression(text)
    lpar = getattr(original, "lpar", ())
    rpar = getattr(original, "rpar", ())
    if lpar or rpar:
        new = new.with_changes(lpar=[*lpar, *new.lpar], rpar=[*new.rpar, *rpar])
    return new


RULE = DeviceApisRule()
COMMANDS = {"DeviceApisCommand": "Rewrite TF1 and tf.config.experimental device APIs as stable TF2 tf.config calls."}
# LibCST's runner (`python -m libcst.tool codemod device_apis.DeviceApisCommand`) looks the command up by
# name; building it imports libcst.codemod, which the engine does not need, so only then.
__getattr__, __dir__ = command_attributes(RULE, COMMANDS, globals())
