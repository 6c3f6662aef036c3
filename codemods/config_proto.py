"""TFM1xx: ConfigProto / GPUOptions session settings → TF2 `tf.config` calls.

A *site* is one ConfigProto: where it is built (keyword arguments, nested GPUOptions,
attribute assignments after construction) and where it goes (`Session(config=…)`,
`K.set_session(…)`, `return` from a helper). A site is rewritten only when all of it can
be followed and every setting in it has a faithful TF2 form (tfmigrate/settings.py);
otherwise nothing in it is touched and each reason is reported.

The rewrite emits the `tf.config` calls where the config was built, in run-time order,
drops `config=` from sessions that remain (a session without a config takes the
process-wide settings, SEMANTICS fact 1) and removes `set_session` boilerplate.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Optional, Sequence, Union

import libcst as cst
from libcst.metadata import (
    BuiltinAssignment,
    ClassScope,
    GlobalScope,
    MetadataWrapper,
    PositionProvider,
    QualifiedNameProvider,
    Scope,
    ScopeProvider,
)

from tfmigrate import settings
from tfmigrate.codemods import _config_conditions as config_conditions
from tfmigrate.codemods import _config_consumers as config_consumers
from tfmigrate.codemods import _config_order as config_order
from tfmigrate.codemods import _config_keras as config_keras
from tfmigrate.codemods import _config_plan as config_plan
from tfmigrate.codemods import _config_project as config_project
from tfmigrate.codemods import _config_stored as config_stored
from tfmigrate.codemods._config_comments import (
    _argument_comments,
    _comments_in,
    _line_end_comments,
    _statement_comments,
    _trailing_note,
    _with_comments,
    _without_pragma,
)
from tfmigrate.codemods._config_render import _parse_statements
from tfmigrate.codemods import _config_values as config_values
from tfmigrate.codemods._config_values import _all_names, _blocking_names, _bound_names, _called_names, _needed_names
from tfmigrate.codemod_command import command_attributes
from tfmigrate.metadata import node_index, nodes_under
from tfmigrate.names import canonical, imported_names, is_compat_v1, resolve
from tfmigrate.cell_placeholders import ENVIRONMENT_CHANGE, MAGIC_PLACEHOLDER_PREFIX
from tfmigrate.parents import iter_nodes
from tfmigrate.rule import Edit, Finding, ImportSpec, InsertBefore, Replace, Rule
from tfmigrate.settings import Names, Value
from tfmigrate.unused_imports import first_tensorflow_import

CONFIG_PROTO = "tf.ConfigProto"
# What makes a session from a config, and where it takes a target (a distributed master):
# (position, keyword). Each creates a plain Session(config=...) in the end, so fact 1
# holds for all of them.
SESSIONS = {
    "tf.Session": (0, "target"),
    "tf.InteractiveSession": (0, "target"),
    "tf.train.MonitoredTrainingSession": (0, "master"),
    "tf.train.SingularMonitoredSession": (2, "master"),
    "tf.train.ChiefSessionCreator": (1, "master"),
    "tf.train.WorkerSessionCreator": (1, "master"),
}
SET_SESSION = "keras.backend.set_session"
# Message types that may appear nested inside a ConfigProto(...) call.
NESTED_MESSAGES = {
    "tf.GPUOptions": "gpu_options",
    "tf.GraphOptions": "graph_options",
    "tf.OptimizerOptions": "optimizer_options",
    "tf.GPUOptions.Experimental": "experimental",
}
ENUM_PREFIXES = ("tf.OptimizerOptions.",)
# Existing TF2 calls and the setting each one establishes (for "never emit twice").
EXISTING_SETTERS = {
    "tf.config.set_soft_device_placement": ("soft_placement",),
    "tf.debugging.set_log_device_placement": ("log_placement",),
    "tf.config.threading.set_intra_op_parallelism_threads": ("intra_threads",),
    "tf.config.threading.set_inter_op_parallelism_threads": ("inter_threads",),
    "tf.config.experimental.set_memory_growth": ("memory_growth",),
    "tf.config.set_visible_devices": ("gpu_visibility", "cpu_visibility"),
    "tf.config.experimental.set_visible_devices": ("gpu_visibility", "cpu_visibility"),
    "tf.config.set_logical_device_configuration": ("gpu_memory", "logical_cpus"),
    "tf.config.experimental.set_virtual_device_configuration": ("gpu_memory", "logical_cpus"),
    "tf.config.optimizer.set_jit": ("jit",),
}

# Methods of os.environ that change it.
ENVIRON_WRITES = {"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__"}
# They call the function they are given, at once: `tf.app.run(main)`.
APP_RUNNERS = {"tf.app.run", "absl.app.run"}
CODE_FOLLOW = "TFM120"
CODE_SET_SESSION_LEFT = "TFM121"
CODE_CONFLICT = "TFM122"
CODE_TOO_LATE = "TFM123"

# Calls that do not start TF2's eager runtime (so tf.config calls may still follow them).
SAFE_BEFORE_CONFIG = (
    "tf.config.", "tf.debugging.set_log_device_placement", "tf.Graph", "tf.get_default_graph",
    "tf.reset_default_graph", "tf.logging.", "tf.get_logger", "tf.autograph.set_verbosity", "tf.flags.",
    "tf.app.", "tf.disable_", "tf.enable_", "tf.set_random_seed", "tf.random.set_seed", "tf.ConfigProto",
    "tf.GPUOptions", "tf.Session", "tf.InteractiveSession", "tf.test.is_built_with_cuda", "tf.sysconfig.",
    "tf.io.gfile.", "tf.gfile.", "keras.backend.set_session", "keras.utils.set_random_seed", "tf.__version__",
    "tf.version.", "tf.VERSION",
    # Checked on TF 2.21: thread counts and virtual CPUs can still be set after these.
    "keras.backend.clear_session", "tf.keras.backend.clear_session", "keras.utils.clear_session",
    # Files and strings, no TF op: dataset downloads (NumPy arrays) and backend queries.
    "keras.datasets.", "tf.keras.datasets.", "keras.backend.backend", "tf.keras.backend.backend",
    "keras.backend.image_data_format", "tf.keras.backend.image_data_format",
    # Checked on TF 2.21 too: queries and global policies that run no op.
    "tf.executing_eagerly", "keras.backend.floatx", "keras.backend.set_floatx", "tf.keras.backend.floatx",
    "tf.keras.backend.set_floatx", "keras.mixed_precision.set_global_policy",
    "tf.keras.mixed_precision.set_global_policy",
)
# Method names that builtin containers and strings have too: `d.update(...)` is not
# taken for a method of this file's classes unless the object is one of theirs.
BUILTIN_METHOD_NAMES = frozenset(
    name for kind in (dict, list, str, set, bytes) for name in dir(kind) if not name.startswith("_"))
# Settings TF2 lets a program change while it runs: a later call simply takes over, as
# the next session's config did in TF1. The others raise once the runtime has started.
CHANGEABLE_ANY_TIME = {"soft_placement", "log_placement", "jit"}
GPU_KEYS = {"memory_growth", "gpu_memory", "gpu_visibility"}  # moot on a machine without GPUs
TF_VERSIONS = {"tf.__version__", "tf.VERSION", "tf.version.VERSION"}
# Process-rank methods of Horovod (`hvd.local_rank()`) and MPI (`comm.Get_rank()`): ints.
RANK_METHODS = ("local_rank", "rank", "Get_rank")
STARTS_RUNTIME_ANYWAY = ("tf.config.list_logical_devices", "tf.config.experimental.list_logical_devices")
GRAPH_MODE_SWITCHES = ("tf.disable_v2_behavior", "tf.disable_eager_execution")

CODES = {
    settings.CODE_REWRITE: "ConfigProto/GPUOptions → tf.config calls; Session(config=…) → Session(); set_session boilerplate removed",
    **{f.code: f.summary for f in settings.FIELDS.values() if f.code != "TFM112"},
    "TFM103": "intra/inter_op_parallelism_threads → tf.config.threading.set_intra/inter_op_parallelism_threads(n)",
    "TFM112": "settings with no TF2 equivalent (force_gpu_compatible, operation_timeout_in_ms, session thread pools, …)",
    settings.CODE_GROWTH_AND_LIMIT: "allow_growth together with a memory limit: no TF2 form, choose one",
    CODE_FOLLOW: "a ConfigProto whose construction or use tfmigrate cannot follow (stored, passed on, changed conditionally)",
    CODE_SET_SESSION_LEFT: "a Keras set_session() or get_session() call that remains: Keras 3 has no sessions",
    CODE_CONFLICT: "a setting that another ConfigProto or an existing tf.config call in the file sets differently",
    CODE_TOO_LATE: "settings that cannot be applied before TensorFlow starts its runtime (an op, a tf.device scope or an environment change in the way)",
}

LEFT = "; this ConfigProto was left as it is"


@dataclass
class _Setting:
    value: Value
    node: cst.CSTNode  # where it was written, for diagnostics


@dataclass
class _Site:
    anchor: cst.Call  # the ConfigProto(...) call
    scope: Scope
    fields: dict[str, _Setting] = field(default_factory=dict)
    problems: list[tuple[cst.CSTNode, str, str]] = field(default_factory=list)
    def_stmts: list[cst.SimpleStatementLine] = field(default_factory=list)  # statements that build it
    block: Optional[cst.CSTNode] = None  # the Module/IndentedBlock holding def_stmts
    session_calls: list[cst.Call] = field(default_factory=list)  # Session(config=<this>)
    helper: Optional[cst.FunctionDef] = None  # the function that returns the config
    return_stmt: Optional[cst.SimpleStatementLine] = None
    inline_stmt: Optional[cst.BaseStatement] = None  # for ConfigProto built inside Session(...)
    # Comments written beside or above one setting: (above, beside); they travel with it.
    field_comments: dict[str, tuple[list[cst.Comment], list[cst.Comment]]] = field(default_factory=dict)
    # Settings made under an `if` of the config's block: If -> _config_conditions.Conditional.
    conditionals: dict = field(default_factory=dict)
    # Sessions made only under a condition (_config_conditions.conditional_sessions):
    # their statements, and for one in a conditional expression the test it needs.
    session_statements: Optional[list] = None
    session_guards: Optional[dict] = None
    # Sessions that take a helper's result through a name: session -> `x = helper()` line.
    helper_bindings: dict = field(default_factory=dict)
    # A module-level helper other files may call (_config_project): its def, and whether
    # this file calls it too.
    exported: Optional[cst.FunctionDef] = None
    export_local: bool = False
    recorded: bool = False
    outside: Optional[tuple] = None  # the report "returns the config to callers outside this file"

    def attach(self, path: str, above: Sequence[cst.Comment], beside: Sequence[cst.Comment]) -> None:
        if above or beside:
            old_above, old_beside = self.field_comments.get(path, ([], []))
            self.field_comments[path] = (old_above + list(above), old_beside + list(beside))

    def fail(self, node: cst.CSTNode, code: str, message: str) -> None:
        self.problems.append((node, code, message))


class ConfigProtoRule(Rule):
    name = "config_proto"
    codes = CODES
    triggers = ("ConfigProto", "GPUOptions", "set_session", "get_session")

    def find(self, wrapper: MetadataWrapper) -> Iterable[Finding]:
        analysis = _Analysis(wrapper)
        findings = analysis.run()
        # Two ConfigProtos that set a process-wide setting differently are both left
        # (_Analysis.process_wide_conflicts). A site learns of its conflict with an earlier
        # site only when it is reached, after the earlier one was rewritten: then the
        # analysis runs again with the earlier ones named up front. Files without such a
        # conflict are analysed once. Each pass names at least one new (site, setting), so
        # this ends; in practice after the second pass, which sees the same sites.
        known: dict[cst.Call, dict[str, cst.Call]] = {}
        while analysis.conflicts:
            for anchor, keys in analysis.conflicts.items():
                for key, other in keys.items():
                    known.setdefault(anchor, {}).setdefault(key, other)
            analysis = _Analysis(wrapper, known)
            findings = analysis.run()
        return findings


def translate_session_config(wrapper: MetadataWrapper, run_config: cst.Call) -> tuple[list[Finding], list[Finding]]:
    """For the Estimator rewrite, which removes `run_config` (a `RunConfig(session_config=c)`)
    with the Estimator: the findings that turn `c` into tf.config calls as if the RunConfig
    were a Session (in Keras, as for a session without a config, the process-wide settings
    are all there is), and the reasons it cannot be done. Returns (fixes, problems); a fix
    also removes `session_config=` from the RunConfig, which the Estimator rewrite drops
    whole anyway."""
    analysis = _Analysis(wrapper, estimator_consumers=frozenset({run_config}))
    analysis.run()
    while analysis.conflicts:
        known = {anchor: dict(keys) for anchor, keys in analysis.conflicts.items()}
        analysis = _Analysis(wrapper, known, estimator_consumers=frozenset({run_config}))
        analysis.run()
    found = analysis.consumer_findings.get(run_config)
    if found is None:
        return [], [Finding(CODE_FOLLOW, "the session_config is not a ConfigProto tfmigrate can follow", run_config)]
    return [f for f in found if f.fixable], [f for f in found if not f.fixable]


class _Analysis:
    def __init__(self, wrapper: MetadataWrapper,
                 known_conflicts: Optional[dict[cst.Call, dict[str, cst.Call]]] = None,
                 estimator_consumers: frozenset = frozenset()) -> None:
        # RunConfig(session_config=...) calls that the Estimator rewrite removes: consumers
        # like a Session. Only translate_session_config names any.
        self.estimator_consumers = estimator_consumers
        self.consumer_findings: dict[cst.Call, list[Finding]] = {}
        self.names: dict[cst.CSTNode, Optional[str]] = {}  # name_of's answers: asked again and again
        self.wrapper = wrapper
        self.module = wrapper.module
        self.qnames = wrapper.resolve(QualifiedNameProvider)
        self.index = node_index(wrapper.module)
        self.parents = self.index.parents
        self.scopes = wrapper.resolve(ScopeProvider)
        self.positions = wrapper.resolve(PositionProvider)
        self.calls = self.index.of(cst.Call)
        self.used_names = {n.value for n in self.index.of(cst.Name)}
        self.existing = self._existing_settings()
        self.emitted: dict[tuple[int, str], str] = {}  # (block id, action key) -> rendered, already emitted
        self.runtime_functions: dict[cst.FunctionDef, bool] = {}  # does calling it run a TF op?
        self.environment_functions: dict[cst.FunctionDef, bool] = {}  # does calling it change os.environ?
        self.late_calls: dict[cst.FunctionDef, Optional[tuple]] = {}  # late_call's answers
        self.claimed: set[cst.CSTNode] = set()  # GPUOptions variables' statements
        # Process-wide settings of every site that got as far as dedupe (rewritten or not):
        # action key -> [(rendered with default names, its ConfigProto)], in source order.
        self.process_wide: dict[str, list[tuple[str, cst.Call]]] = {}
        # ConfigProto -> {action key: a ConfigProto that sets it differently}: given for the
        # sites found in conflict on an earlier pass (they come first in the file), and
        # collected on this one for sites whose conflict shows only at a later site.
        self.known_conflicts = known_conflicts or {}
        self.conflicts: dict[cst.Call, dict[str, cst.Call]] = {}

    # -- helpers -----------------------------------------------------------------------

    def name_of(self, node: cst.CSTNode) -> Optional[str]:
        if node in self.names:
            return self.names[node]
        found = self.names[node] = self._name_of(node)
        return found

    def _name_of(self, node: cst.CSTNode) -> Optional[str]:
        found = resolve(self.qnames, node)
        if found is None:
            qualified = self.qualified_through_bindings(node)
            canon = {canonical(q) for q in qualified} if qualified else set()
            found = canon.pop() if len(canon) == 1 else None
        return found

    def qualified_through_bindings(self, node: cst.CSTNode) -> Optional[set[str]]:
        """`tf1.ConfigProto` where every binding of `tf1` is a TF module (an import, or an
        assignment such as `tf1 = tf.compat.v1`): the fully qualified names it may be."""
        base, dotted = _base_and_dotted(node)
        if base is None or dotted is None:
            return None
        modules = self.tf_module_bindings(base)
        if not modules:
            return None
        return {m + dotted[len(base.value):] for m in modules}

    def tf_module_bindings(self, name: cst.Name) -> Optional[set[str]]:
        """Every TF module `name` may refer to where it is used, or None if any of its
        bindings is something else (a parameter, a call, another library)."""
        scope = self.scopes.get(name)
        if scope is None:
            return None
        assignments = list(scope[name.value])
        if not assignments:
            return None
        modules: set[str] = set()
        for a in assignments:
            node = getattr(a, "node", None)
            if isinstance(node, (cst.Import, cst.ImportFrom)):
                target = _import_target(self.code, node, name.value)
            elif isinstance(node, cst.Name) and isinstance(self.parent(node), cst.AssignTarget):
                assign = self.parent(self.parent(node))
                if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1) or assign.value is name:
                    return None
                value_modules = imported_names(self.qnames, assign.value)
                target = value_modules.pop() if len(value_modules) == 1 else None
            else:
                return None
            if target not in ("tensorflow", "tensorflow.compat.v1"):
                return None
            modules.add(target)
        return modules

    def is_builtin(self, name: cst.CSTNode) -> bool:
        scope = self.scopes.get(name)
        if not isinstance(name, cst.Name) or scope is None:
            return False
        assignments = list(scope[name.value])
        return bool(assignments) and all(isinstance(a, BuiltinAssignment) for a in assignments)

    def callee(self, call: cst.Call) -> Optional[str]:
        return self.name_of(call.func)

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def parent(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        return self.parents.get(node)

    def statement_of(self, node: cst.CSTNode) -> Optional[cst.BaseStatement]:
        """Nearest enclosing statement, if only 'always evaluated' nodes lie between."""
        cur = node
        while True:
            par = self.parent(cur)
            if par is None:
                return None
            if isinstance(par, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
                if isinstance(par, cst.BaseCompoundStatement) and _in_body(par, cur):
                    return None
                return par
            if isinstance(par, (cst.Lambda, cst.IfExp, cst.BooleanOperation, cst.BaseComp,
                                cst.CompFor, cst.BaseSuite)):
                return None  # evaluated conditionally, lazily or repeatedly
            cur = par

    def _existing_settings(self) -> dict[str, list[cst.Call]]:
        found: dict[str, list[cst.Call]] = {}
        for call in self.calls:
            for key in EXISTING_SETTERS.get(self.callee(call) or "", ()):
                found.setdefault(key, []).append(call)
        return found

    # -- main --------------------------------------------------------------------------

    def run(self) -> list[Finding]:
        findings: list[Finding] = []
        anchors = [c for c in self.calls if self.callee(c) == CONFIG_PROTO]  # in source order
        exported = set()
        for call in anchors:
            site = self.build_site(call)
            found = list(self.finish(site))
            config_project.record_failed(self, site)
            if site.exported is not None:
                exported.add(site.anchor)
            for consumer in site.session_calls:
                if consumer in self.estimator_consumers:
                    self.consumer_findings[consumer] = found
            findings.extend(found)
        findings.extend(self.stray_gpu_options())
        # Reported wherever it survives; a fix that removes the line also drops this report.
        for call in self.calls:
            if self.callee(call) == SET_SESSION:
                findings.append(Finding(
                    CODE_SET_SESSION_LEFT,
                    "Keras 3 has no sessions, so set_session() is gone in TF2: configure the process with "
                    "tf.config calls instead and delete this line",
                    call,
                ))
        config_project.record_settings(self, exported)
        findings.extend(config_project.consumer_findings(self))
        rewritten = any(f.fixable for f in findings) and any(self.callee(c) == SET_SESSION for c in self.calls)
        findings.extend(config_keras.get_session_reports(self, rewritten))
        return findings

    def build_site(self, call: cst.Call) -> _Site:
        site = _Site(anchor=call, scope=self.scopes[call])
        self.read_call(site, call, prefix="")
        par = self.parent(call)
        if isinstance(par, cst.Arg) and self._is_session_config_arg(par):
            site.session_calls.append(self.parent(par))  # type: ignore[arg-type]
            stmt = self.statement_of(call)
            if stmt is None:
                site.fail(call, CODE_FOLLOW, "Session(config=ConfigProto(...)) is evaluated conditionally or lazily here" + LEFT)
            site.inline_stmt = stmt
        elif isinstance(par, cst.Assign) and self._simple_assign(par):
            self.follow_variable(site, par)
        elif isinstance(par, cst.Assign) and config_stored.self_attribute_target(self, par) is not None:
            config_stored.follow_attribute(self, site, par, config_stored.self_attribute_target(self, par))
        elif isinstance(par, cst.Return) and isinstance(self.parent(par), cst.SimpleStatementLine):
            site.return_stmt = self.parent(par)  # type: ignore[assignment]
            self.follow_helper(site, site.return_stmt)
        else:
            precise = config_stored.describe(self, call, par)
            site.fail(call, CODE_FOLLOW, (f"the ConfigProto is {precise}" if precise else f"the ConfigProto is "
                      f"{self.describe_use(call, par)}, which tfmigrate cannot follow") + LEFT)
        return site

    def describe_use(self, call: cst.Call, par: Optional[cst.CSTNode]) -> str:
        """Where a ConfigProto goes, in words: `stored on an attribute (self.config = …)`."""
        if isinstance(par, cst.Assign):
            targets = [self.code(t.target).strip() for t in par.targets]
            if any(isinstance(t.target, cst.Attribute) for t in par.targets):
                return f"stored on an attribute (`{targets[0]} = ...`)"
            if any(isinstance(t.target, cst.Subscript) for t in par.targets):
                return f"stored in a container (`{targets[0]} = ...`)"
            return f"assigned to several names (`{' = '.join(targets)} = ...`)"
        if isinstance(par, (cst.AnnAssign, cst.AugAssign)):
            return f"assigned to `{self.code(par.target).strip()}`"
        if isinstance(par, (cst.DictElement, cst.Element, cst.StarredDictElement, cst.StarredElement)):
            return "stored in a dict, list or tuple"
        if isinstance(par, cst.Arg):
            outer = self.parent(par)
            name = self.code(outer.func).strip() if isinstance(outer, cst.Call) else "a call"
            return f"passed to `{name}(...)`"
        return "used in an expression"

    # -- reading settings ----------------------------------------------------------------

    def read_call(self, site: _Site, call: cst.Call, prefix: str) -> None:
        for arg, (above, beside) in zip(call.args, _argument_comments(call)):
            if arg.keyword is not None and not arg.star:
                site.attach(prefix + arg.keyword.value, above, beside)
            if arg.star:
                reason = config_stored.read_kwargs(self, site, arg, prefix)  # `**config_args` from a dict literal
                if reason is not None:
                    site.fail(arg, CODE_FOLLOW, reason + LEFT)
                continue
            if arg.keyword is None:
                site.fail(arg, CODE_FOLLOW, "positional argument to a config message" + LEFT)
                continue
            path = prefix + arg.keyword.value
            self.read_value(site, path, arg.value, arg)

    def read_value(self, site: _Site, path: str, expr: cst.BaseExpression, node: cst.CSTNode) -> None:
        if isinstance(expr, cst.Call):
            nested = self.callee(expr)
            if nested in NESTED_MESSAGES and path.endswith(NESTED_MESSAGES[nested]):
                self.read_call(site, expr, prefix=path + ".")
                return
        if path == "gpu_options" and isinstance(expr, cst.Name):
            if self.read_gpu_options_variable(site, expr):
                return
        message = next((kind[len("tf."):] for kind, m in NESTED_MESSAGES.items()
                        if path == m or path.endswith("." + m)), None)
        if message is not None:  # `gpu_options=K.tf.GPUOptions(...)`, `gpu_options=make_options()`
            site.fail(node if node is not site.anchor else expr, CODE_FOLLOW,
                      f"{path}={self.code(expr).strip()} is not a {message}(...) call tfmigrate can read (built "
                      "elsewhere, or through a name it cannot resolve)" + LEFT)
            return
        if path == "gpu_options.visible_device_list" and _str_of_one_argument(expr) and self.is_builtin(expr.func) \
                and self.is_integer(expr.args[0].value):  # type: ignore[attr-defined]
            inner = expr.args[0].value  # type: ignore[attr-defined]
            site.fields[path] = _Setting(Value(settings.IndexExpression(self.code(inner)), self.code(expr)), node)
            return
        if path == "gpu_options.experimental.virtual_devices":
            site.fields[path] = _Setting(self.virtual_devices_value(expr), node)
            return
        site.fields[path] = _Setting(self.value_of(expr), node)

    def is_integer(self, expr: cst.BaseExpression) -> bool:
        """Evidently one int: `str(args.gpu)` may hold "0,1", which TF1 also accepted, but
        `str(hvd.local_rank())` or `str(int(x) % 4)` holds one index."""
        if isinstance(expr, cst.Integer):
            return True
        if isinstance(expr, cst.BinaryOperation) and isinstance(
                expr.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo)):
            return self.is_integer(expr.left) and self.is_integer(expr.right)
        if isinstance(expr, cst.Call) and not any(a.star for a in expr.args):
            if isinstance(expr.func, cst.Name) and expr.func.value in ("int", "len") and self.is_builtin(expr.func):
                return True
            return isinstance(expr.func, cst.Attribute) and expr.func.attr.value in RANK_METHODS and not expr.args
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
            return self.integer_flag(expr.attr.value)
        return False

    def integer_flag(self, name: str) -> bool:
        """`args.<name>` / `FLAGS.<name>` where the file declares that one flag, and only
        it, as an int: `add_argument("--<name>", type=int)` or `DEFINE_integer("<name>", …)`."""
        declared: list[bool] = []
        for call in self.calls:
            func = call.func
            method = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", None)
            keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
            strings = [a.value.evaluated_value for a in call.args if a.keyword is None
                       and isinstance(a.value, cst.SimpleString) and isinstance(a.value.evaluated_value, str)]
            if method == "add_argument":
                dest = keywords.get("dest")
                if isinstance(dest, cst.SimpleString):
                    dests = {dest.evaluated_value}
                else:
                    longs = [o[2:] for o in strings if o.startswith("--")]
                    plain = [o for o in strings if not o.startswith("-")]
                    dests = {(longs[:1] or plain[:1] or [""])[0].replace("-", "_")}
                if name in dests:
                    kind = keywords.get("type")
                    declared.append(isinstance(kind, cst.Name) and kind.value == "int" and self.is_builtin(kind)
                                    and "nargs" not in keywords and "action" not in keywords)
            elif isinstance(method, str) and method.startswith("DEFINE_"):
                flag = keywords.get("name")
                flag_name = flag.evaluated_value if isinstance(flag, cst.SimpleString) else (strings[:1] or [""])[0]
                if flag_name == name:
                    declared.append(method == "DEFINE_integer")
        return declared == [True]

    def value_of(self, expr: cst.BaseExpression) -> Value:
        source = self.code(expr)
        try:
            literal = ast.literal_eval(source.strip())
            return Value(literal, source)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            pass
        name = self.name_of(expr)
        if name and name.startswith(ENUM_PREFIXES):
            return Value(name.rsplit(".", 1)[1], source)
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "dict" \
                and self.is_builtin(expr.func):
            out = {}
            for arg in expr.args:
                if arg.keyword is None or arg.star:
                    return Value(source=source)
                v = self.value_of(arg.value)
                if not v.known:
                    return Value(source=source)
                out[arg.keyword.value] = v.literal
            return Value(out, source)
        return Value(source=source)

    def virtual_devices_value(self, expr: cst.BaseExpression) -> Value:
        if isinstance(expr, (cst.List, cst.Tuple)):
            table = []
            for el in expr.elements:
                item = el.value
                if not (isinstance(item, cst.Call) and (self.callee(item) or "").endswith("Experimental.VirtualDevices")):
                    return Value(source=self.code(expr))
                limits = [a.value for a in item.args if a.keyword and a.keyword.value == "memory_limit_mb"]
                if len(limits) != 1 or len(item.args) != 1:
                    return Value(source=self.code(expr))
                v = self.value_of(limits[0])
                if not v.known:
                    return Value(source=self.code(expr))
                table.append(list(v.literal))
            return Value(table, self.code(expr))
        return Value(source=self.code(expr))

    def read_gpu_options_variable(self, site: _Site, name: cst.Name) -> bool:
        """`gpu_options=opts` where `opts = tf.GPUOptions(...)` in the same block."""
        scope = self.scopes.get(name)
        if scope is None:
            return False
        assignments = list(scope[name.value])
        built = [call for call in map(self.gpu_options_built_by, assignments) if call is not None]
        if len(assignments) > 1 and built:
            site.fail(name, CODE_FOLLOW, f"the GPUOptions `{name.value}` is assigned more than once (in branches?); "
                      "which options apply is only known at run time" + LEFT)
            self.claimed.update(built)  # reported here, not again as stray GPUOptions
            return True
        if len(assignments) != 1 or not isinstance(getattr(assignments[0], "node", None), cst.Name):
            return False
        target = assignments[0].node
        assign = self.parent(self.parent(target)) if isinstance(self.parent(target), cst.AssignTarget) else None
        if not (isinstance(assign, cst.Assign) and self._simple_assign(assign)):
            return False
        value = assign.value
        if not (isinstance(value, cst.Call) and self.callee(value) == "tf.GPUOptions"):
            return False
        stmt = self.parent(assign)
        block = self.parent(stmt)
        if site.block is not None and block is not site.block:
            site.fail(name, CODE_FOLLOW, "the GPUOptions are built in a different block from the ConfigProto" + LEFT)
            return True
        self.read_call(site, value, prefix="gpu_options.")
        site.def_stmts.append(stmt)  # type: ignore[arg-type]
        self.claimed.add(value)
        for ref in assignments[0].references:
            node = ref.node
            if node is name:
                continue
            path = self.assigned_path(node, stmt_block=block, after=stmt)  # type: ignore[arg-type]
            if path is None:
                site.fail(node, CODE_FOLLOW, f"the GPUOptions `{name.value}` is used here too ({self._line_code(node)})" + LEFT)
                continue
            sub, value_expr, assign_stmt = path
            self.read_value(site, "gpu_options." + sub, value_expr, assign_stmt)
            site.attach("gpu_options." + sub, *_statement_comments(assign_stmt))
            site.def_stmts.append(assign_stmt)
        return True

    def gpu_options_built_by(self, assignment) -> Optional[cst.Call]:
        """The `tf.GPUOptions(...)` call of an assignment `name = tf.GPUOptions(...)`, if it is one."""
        target = getattr(assignment, "node", None)
        holder = self.parent(target) if isinstance(target, cst.Name) else None
        assign = self.parent(holder) if isinstance(holder, cst.AssignTarget) else None
        if isinstance(assign, cst.Assign) and isinstance(assign.value, cst.Call) \
                and self.callee(assign.value) == "tf.GPUOptions":
            return assign.value
        return None

    def assigned_path(self, ref: cst.CSTNode, stmt_block: cst.CSTNode, after: cst.CSTNode):
        """For `ref.a.b = v` (or `ref.device_count['GPU'] = v`) in `stmt_block` after `after`:
        return ("a.b", v, statement). Anything else: None."""
        chain: list[str] = []
        node = ref
        par = self.parent(node)
        while isinstance(par, cst.Attribute) and par.value is node:
            chain.append(par.attr.value)
            node, par = par, self.parent(par)
        key = None
        if isinstance(par, cst.Subscript) and par.value is node and chain and chain[-1] == "device_count":
            if len(par.slice) != 1 or not isinstance(par.slice[0].slice, cst.Index):
                return None
            try:
                key = ast.literal_eval(self.code(par.slice[0].slice.value))
            except (ValueError, SyntaxError):
                return None
            node, par = par, self.parent(par)
        if not chain or not isinstance(par, cst.AssignTarget):
            return None
        assign = self.parent(par)
        if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
            return None
        stmt = self.parent(assign)
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1) or self.parent(stmt) is not stmt_block:
            return None
        body = list(stmt_block.body)  # type: ignore[attr-defined]
        if body.index(stmt) <= body.index(after):
            return None
        path = ".".join(chain)
        if key is not None:
            if path != "device_count" or not isinstance(key, str):
                return None
            return f"device_count[{key}]", assign.value, stmt
        return path, assign.value, stmt

    # -- following the config variable ------------------------------------------------------

    def follow_variable(self, site: _Site, assign: cst.Assign) -> None:
        target = assign.targets[0].target
        assert isinstance(target, cst.Name)
        stmt = self.parent(assign)
        site.block = self.parent(stmt)
        site.def_stmts.insert(0, stmt)  # type: ignore[arg-type]
        scope = self.scopes[target]
        assignments = list(scope[target.value])
        if len(assignments) != 1:
            site.fail(target, CODE_FOLLOW, f"`{target.value}` is assigned more than once" + LEFT)
            return
        for ref in assignments[0].references:
            node = ref.node
            path = self.assigned_path(node, stmt_block=site.block, after=stmt)
            if path is not None:
                sub, value_expr, assign_stmt = path
                if sub.startswith("device_count["):
                    self.merge_device_count(site, sub, value_expr, assign_stmt)
                    sub = "device_count"
                else:
                    self.read_value(site, sub, value_expr, assign_stmt)
                site.attach(sub, *_statement_comments(assign_stmt))
                site.def_stmts.append(assign_stmt)
                continue
            par = self.parent(node)
            if isinstance(par, cst.Arg) and self._is_session_config_arg(par) and par.value is node:
                site.session_calls.append(self.parent(par))  # type: ignore[arg-type]
                continue
            if isinstance(par, cst.Return) and isinstance(self.parent(par), cst.SimpleStatementLine):
                site.return_stmt = self.parent(par)  # type: ignore[assignment]
                continue
            if config_conditions.read_setting(self, site, node):
                continue
            guard = self.condition_between(node, site.block)
            if guard is not None and self.statement_of(node) is not None:
                site.fail(node, CODE_FOLLOW, f"`{target.value}` is changed or used under a condition ({guard}): "
                          f"`{self._line_code(node)}`; which settings apply is only known at run time" + LEFT)
                continue
            precise = config_stored.describe(self, node, par)
            site.fail(node, CODE_FOLLOW, (f"`{target.value}` is {precise}" if precise else
                      f"`{target.value}` is used by `{self._line_code(node)}`, which tfmigrate cannot translate") + LEFT)
        config_conditions.check_complete(self, site)
        if site.return_stmt is not None:
            self.follow_helper(site, site.return_stmt)
        elif not site.session_calls and not site.problems:
            site.fail(target, CODE_FOLLOW, f"`{target.value}` is never passed to a Session here" + LEFT)

    def merge_device_count(self, site: _Site, sub: str, value_expr: cst.BaseExpression, stmt: cst.CSTNode) -> None:
        key = sub[len("device_count["):-1]
        current = site.fields.get("device_count")
        value = self.value_of(value_expr)
        if current is not None and not current.value.known:
            site.fail(stmt, "TFM104", "device_count is set from an expression and changed later" + LEFT)
            return
        merged = dict(current.value.literal) if current is not None else {}
        merged[key] = value.literal if value.known else settings.UNKNOWN
        known = all(v is not settings.UNKNOWN for v in merged.values())
        site.fields["device_count"] = _Setting(Value(merged if known else settings.UNKNOWN, repr(merged)), stmt)

    def follow_helper(self, site: _Site, return_stmt: cst.SimpleStatementLine) -> None:
        """The config is returned from a function: its callers are the consumers."""
        func = self._enclosing_function(return_stmt)
        if func is None or self.parent(return_stmt) is not func.body:
            site.fail(return_stmt, CODE_FOLLOW, "the config is returned from inside a nested block" + LEFT)
            return
        site.helper = func
        if site.block is None:
            site.block = func.body
        outer = self.scopes[func]
        assignments = list(outer[func.name.value])
        if len(assignments) == 1 and config_project.exportable(self, func):
            site.exported, site.export_local = func, bool(assignments[0].references)  # the project decides
        if len(assignments) != 1 or not assignments[0].references:
            problem = (func.name, CODE_FOLLOW, f"`{func.name.value}()` returns the config to callers outside this file"
                       + LEFT)
            if site.exported is not None:
                site.outside = problem  # reported unless the project's other files settle it
            else:
                site.fail(*problem)
            return
        for ref in assignments[0].references:
            call = self.parent(ref.node)
            arg = self.parent(call) if isinstance(call, cst.Call) and call.func is ref.node else None
            if not (isinstance(arg, cst.Arg) and self._is_session_config_arg(arg)):
                if config_stored.helper_result_binding(self, site, ref.node, call):  # x = helper(); Session(config=x)
                    continue
                site.fail(ref.node, CODE_FOLLOW,
                          f"`{func.name.value}` is used by `{self._line_code(ref.node)}`, which is not a Session(config=...)" + LEFT)
                continue
            site.session_calls.append(self.parent(arg))  # type: ignore[arg-type]

    # -- building the rewrite -----------------------------------------------------------------

    def finish(self, site: _Site) -> Iterator[Finding]:
        if site.anchor in self.claimed:
            return
        check = self.version_check_around(site.anchor)
        if check is not None:
            site.fail(site.anchor, CODE_FOLLOW, f"this config is inside a TensorFlow version check "
                      f"(`{self._line_code(check)}`): a branch for TF 1.x needs no TF2 form; keep the TF2 branch "
                      "and drop the check by hand" + LEFT)
        fields = {path: s.value for path, s in site.fields.items()}
        plan = config_plan.plan(fields)
        for p in plan.problems:
            node = site.fields[p.field].node if p.field in site.fields else site.anchor
            site.fail(node, p.code, p.message + LEFT)
        conditional = config_conditions.plan(self, site, plan, fields)  # (action, its `if`, arm)
        for call in site.session_calls:
            if call in self.estimator_consumers:
                continue
            if _remote_target(call, *self.session_target(call)):
                site.fail(call, CODE_FOLLOW, f"the session connects to {config_consumers.target_text(call, *self.session_target(call))}"
                          ", which, as a distributed master, keeps its own configuration; tf.config only configures "
                          "this process" + LEFT)
        site.def_stmts.sort(key=self.index.order.__getitem__)  # source order
        self.check_consumers_follow_definition(site)
        names, import_alias = self.names_for(site)
        consumer_stmts = self.consumer_statements(site, names)
        moved_to = self.sessions_in_functions(site)
        if site.problems:
            yield from self.problems_of(site)
            return

        actions = self.dedupe(site, [*plan.actions, *(a for a, _, _ in conditional)])
        if actions is None:
            yield from self.problems_of(site)
            return
        actions.sort(key=lambda a: a.stage)  # stable: a stage's plain calls, then its conditional ones
        under = {id(a): (c, arm) for a, c, arm in conditional}
        new_stmts, placed = config_conditions.render(self, actions, under, names, site, self.module.default_indent)
        if import_alias is not None and new_stmts and first_tensorflow_import(self.module.body) is None:
            # TensorFlow is only imported inside a function or a guard here, maybe below
            # environment settings it reads at import: import it where the calls run, at a
            # point where the config's own import has already run.
            line = "import tensorflow" + (f" as {import_alias}" if import_alias != "tensorflow" else "")
            new_stmts = [*_parse_statements([line], self.module.default_indent), *new_stmts]
            import_alias = None
        hoist_to = later = None
        # Placement logging, soft placement and JIT can change while TF2 runs: they stay
        # where the config was, so no op before it is logged that TF1 did not log.
        if not all(a.key in CHANGEABLE_ANY_TIME for a in actions):
            hoist_to, later = self.placement(site, new_stmts, names, moved_to)
        if hoist_to is not None and import_alias is not None and not self.import_lands_before(hoist_to):
            site.fail(site.anchor, CODE_TOO_LATE,
                      f"line {self.positions[hoist_to].start.line} starts TensorFlow's runtime, so these settings must "
                      f"come before it, but the `import tensorflow as {names.tf}` they need would only come after "
                      "it; import tensorflow above that line" + LEFT)
        if site.inline_stmt is None and not moved_to and hoist_to is None and site.def_stmts:
            self.check_values_not_changed_between(site, new_stmts, names)
        clash = config_project.conflicting_helper(self, site) if not site.problems else None
        if clash is not None:
            site.fail(site.anchor, CODE_CONFLICT, clash)
        if site.exported is not None and not site.problems:  # other files call it: the project decides
            site.outside = None
            verdict = config_project.verdict(self, site, actions, CHANGEABLE_ANY_TIME)
            if verdict is not None:
                site.fail(site.exported.name, *verdict)
        if site.problems:
            yield from self.problems_of(site)
            return
        edits: list[Edit] = []
        comments = self.leftover_comments(site, placed)

        if site.inline_stmt is not None:
            target = site.inline_stmt
            for stmt in site.def_stmts:  # a GPUOptions variable that fed the inline ConfigProto
                edits.append(Replace(stmt, cst.RemoveFromParent()))
            if target in consumer_stmts.removed and hoist_to is not None:
                edits.append(Replace(target, cst.FlattenSentinel(_pass_if_last(target, self.parent(target)))
                                     if _pass_if_last(target, self.parent(target)) else cst.RemoveFromParent(),
                                     keep_comments=True))
                edits.append(InsertBefore(hoist_to, _with_comments(new_stmts, comments, None), take_comments=False))
            elif target in consumer_stmts.removed:
                # K.set_session(tf.Session(config=tf.ConfigProto(...))): the calls replace the line.
                stmts = _with_comments(new_stmts, [*target.leading_lines, *_trailing_note(target)], None) \
                    if isinstance(target, cst.SimpleStatementLine) else new_stmts
                stmts = stmts or _pass_if_last(target, self.parent(target))
                edits.append(Replace(target, cst.FlattenSentinel(stmts) if stmts else cst.RemoveFromParent()))
            elif new_stmts:
                edits.append(InsertBefore(hoist_to or target, _with_comments(new_stmts, comments, None),
                                          take_comments=hoist_to is None))
        elif moved_to:
            # A module-level config used only inside functions: TF1 applied it when the
            # session was made, not at import, so the calls go right before each session.
            for stmt in site.def_stmts:
                edits.append(Replace(stmt, cst.RemoveFromParent()))
            only_comments = [line for line in comments if line.comment is not None]
            if site.session_guards is not None:  # the config's blank line stays above what follows it
                edits.extend(config_conditions.keep_blank_line(self, site, comments))
            for i, stmt in enumerate(moved_to):
                copies = new_stmts if i == 0 else [s.deep_clone() for s in new_stmts]  # one node, one place
                copies = config_conditions.guarded(self, copies, (site.session_guards or {}).get(stmt))
                edits.append(InsertBefore(stmt, _with_comments(copies, only_comments if i == 0 else [], None)))
        elif hoist_to is not None or later is not None:
            # Above: a TF op before this point starts the TF2 runtime, after which these
            # calls raise. Below: the environment they read is changed after the config.
            # Either way the values do not depend on what lies between.
            for stmt in site.def_stmts:
                edits.append(Replace(stmt, cst.RemoveFromParent()))
            blanks = [line for line in comments if line.comment is None]
            notes = [line for line in comments if line.comment is not None]
            separator = blanks[:1]
            follower = self.next_statement(site.def_stmts[0], skip=site.def_stmts) if later is not None else None
            if follower is not None and follower is not later and blanks and not any(
                    line.comment is None for line in follower.leading_lines):  # type: ignore[union-attr]
                # The blank line above the config stays where it was, above what follows it.
                edits.append(Replace(follower, follower.with_changes(
                    leading_lines=[*blanks[:1], *follower.leading_lines])))  # type: ignore[union-attr]
            if follower is not None and follower is not later:
                separator = []
            edits.append(InsertBefore(hoist_to or later, _with_comments(new_stmts, notes, None), separator=separator,
                                      take_comments=False))
        else:
            last = site.def_stmts[-1] if site.def_stmts else site.return_stmt
            for stmt in site.def_stmts[:-1]:
                edits.append(Replace(stmt, cst.RemoveFromParent()))
            removed_in_block = len(site.def_stmts) + (1 if site.return_stmt is not None else 0)
            body_left = len(site.block.body) - removed_in_block + len(new_stmts)  # type: ignore[union-attr]
            stmts = _with_comments(new_stmts, comments, last)
            if body_left <= 0 and isinstance(site.block, cst.IndentedBlock):
                stmts = stmts + [cst.SimpleStatementLine([cst.Pass()])]
            if site.def_stmts:
                edits.append(Replace(last, cst.FlattenSentinel(stmts) if stmts else cst.RemoveFromParent()))
                if site.return_stmt is not None:
                    edits.append(Replace(site.return_stmt, cst.RemoveFromParent()))
            elif site.return_stmt is not None:  # `return tf.ConfigProto(...)`
                edits.append(Replace(site.return_stmt, cst.FlattenSentinel(stmts) if stmts else cst.RemoveFromParent()))
        edits.extend(consumer_stmts.edits)

        imports = []
        if import_alias is not None:
            imports.append(ImportSpec("tensorflow", None, import_alias if import_alias != "tensorflow" else None))
        if any(isinstance(a, settings.MemoryLimit) for a in actions):
            asname = names.total_memory if names.total_memory != "total_memory_mib" else None
            imports.append(ImportSpec("tfmigrate.runtime", "total_memory_mib", asname))
        if any(isinstance(a, config_plan.MemoryFractionAtRunTime) for a in actions):
            helper = names.memory_fraction  # type: ignore[attr-defined]
            imports.append(ImportSpec(config_plan.HELPER_MODULE, config_plan.HELPER,
                                      helper if helper != config_plan.HELPER else None))
        notes = tuple(
            Finding(n.code, n.message, site.fields[n.field].node if n.field in site.fields else site.anchor)
            for n in plan.notes
        )
        if not self.may_be_suppressed(site):  # the engine may still drop a suppressed fix
            self.record_emitted(site, [a for a in actions if id(a) not in under], moved_to)
        yield Finding(
            settings.CODE_REWRITE,
            "ConfigProto settings that become tf.config calls",
            site.anchor,
            edits=tuple(edits),
            add_imports=tuple(imports),
            remove_unused_imports=self.imports_to_drop(),
            notes=notes,
        )

    def problems_of(self, site: _Site) -> Iterator[Finding]:
        if site.outside is not None:  # an exported helper that other problems keep as it is
            site.problems.append(site.outside)
            site.outside = None
        for node, code, message in site.problems:
            yield Finding(code, message, node)

    def check_values_not_changed_between(self, site: _Site, new_stmts: Sequence[cst.BaseStatement],
                                         names: Names) -> None:
        """The calls go where the config is finished (or below): a statement between its
        first and last setting must not change a value they read."""
        crossed = config_values.crossed_between(list(getattr(site.block, "body", ())), site.def_stmts[0],
                                                site.def_stmts[-1], site.def_stmts, _needed_names(new_stmts, names),
                                                names)
        if crossed is not None:
            stmt, name = crossed
            site.fail(stmt, CODE_FOLLOW, f"these settings are applied where the config is finished (line "
                      f"{self.positions[site.def_stmts[-1]].start.line}), and they read `{name}`, which this line "
                      "binds or calls before that; move it above the config" + LEFT)

    def check_consumers_follow_definition(self, site: _Site) -> None:
        """The calls are emitted where the config is built, so every session of the same
        scope must run after the last change to the config, and whenever it is built."""
        if site.inline_stmt is not None or site.helper is not None or not site.def_stmts:
            return
        order = self.index.order  # source order: a statement's lines all come before the next one's
        last_change = order[site.def_stmts[-1]]
        for call in site.session_calls:
            if self.scopes[call] is not site.scope:
                continue
            if order[call] < last_change:
                changed = next(st for st in site.def_stmts if order[st] > order[call])
                site.fail(changed, CODE_FOLLOW, "the config is changed after a session already copied it; each "
                          "session saw different settings" + LEFT)
                return
            guard = self.condition_between(call, site.block)
            if guard is not None and config_conditions.conditional_sessions(self, site) is None and all(
                    self.condition_between(c, site.block) for c in site.session_calls if self.scopes[c] is site.scope):
                site.fail(call, CODE_FOLLOW, f"this session is only created under a condition ({guard}); the "
                          "tf.config calls would apply to every session" + LEFT)

    def condition_between(self, node: cst.CSTNode, block: Optional[cst.CSTNode]) -> Optional[str]:
        """The first construct between `node` and `block` that may skip it, if any."""
        cur = node
        while cur is not None and cur is not block:
            par = self.parent(cur)
            if isinstance(par, cst.If) and _is_main_guard(par.test):
                pass  # `if __name__ == "__main__":` is how the script runs at all
            elif isinstance(par, (cst.If, cst.IfExp, cst.BooleanOperation, cst.While, cst.For, cst.Lambda,
                                  cst.BaseComp, cst.ExceptHandler, cst.Else, cst.Finally, cst.Match)):
                if not (isinstance(par, (cst.While, cst.For)) and cur is not par.body and cur is not par.orelse) \
                        and not (isinstance(par, cst.If) and cur is par.test):
                    return type(par).__name__.lower().replace("ifexp", "conditional expression")
            cur = par
        return None

    def hoist_target(self, site: _Site, new_stmts: Sequence[cst.BaseStatement], names: Names) -> Optional[cst.BaseStatement]:
        """The statement the calls must precede because it starts the runtime, if that is
        earlier than where they would go; None if they can stay. Reports when they cannot move."""
        if site.inline_stmt is not None:
            block, until = self.parent(site.inline_stmt), site.inline_stmt
        elif site.def_stmts and site.block is not None and not self.sessions_in_functions(site):
            block, until = site.block, site.def_stmts[-1]
        else:
            return None
        body = list(getattr(block, "body", ()))
        if until not in body or config_order.inside_graph_scope(self, until):  # ops there only build a graph
            return None
        first_op = None
        for stmt in body[: body.index(until)]:
            if stmt in site.def_stmts:
                continue
            if self.switches_to_graph_mode(stmt):
                return None  # everything after runs as graphs: nothing starts the runtime
            if self.starts_runtime(stmt):
                first_op = stmt
                break
        if first_op is None:
            return None
        needed = _needed_names(new_stmts, names)
        start = body.index(first_op)
        for stmt in body[start: body.index(until)]:
            if stmt in site.def_stmts:
                continue
            if self.changes_environment(stmt):
                # TF1 read CUDA_VISIBLE_DEVICES and the like when the session started the
                # runtime, after this change; above it, the calls would start it before.
                site.fail(site.anchor, CODE_TOO_LATE,
                          f"line {self.positions[first_op].start.line} starts TensorFlow's runtime, so these settings "
                          f"must be applied before it, but line {self.positions[stmt].start.line} changes the "
                          "environment after it, which TF1 read only when the session started; move the environment "
                          f"change and the config above line {self.positions[first_op].start.line}" + LEFT)
                return None
            # A name the calls need is bound there (even `tf`, by a late import), or
            # something they name is called there (`hvd.init()` before
            # `str(hvd.local_rank())`; TF's own calls are why they move): they cannot move above it.
            clash = sorted(needed & _blocking_names(stmt, names))
            if clash:
                site.fail(site.anchor, CODE_TOO_LATE,
                          f"line {self.positions[first_op].start.line} starts TensorFlow's runtime, and these "
                          f"settings must be applied before it, but they need `{clash[0]}`, which line "
                          f"{self.positions[stmt].start.line} binds or calls after it; move the config above "
                          f"line {self.positions[first_op].start.line}" + LEFT)
                return None
        return first_op

    def after_environment_change(self, site: _Site, new_stmts: Sequence[cst.BaseStatement],
                                 names: Names) -> Optional[cst.BaseStatement]:
        """The statement making the session, when the environment (CUDA_VISIBLE_DEVICES, …) is
        changed between the config and it: TF1 read it when the session started the runtime,
        so the calls, which start it too, go after the change. None if they can stay."""
        if not site.def_stmts or site.block is None or site.helper is not None:
            return None
        body = list(getattr(site.block, "body", ()))
        last = site.def_stmts[-1]
        if last not in body:
            return None
        consumers = [self.statement_in(call, site.block) for call in site.session_calls]
        consumers = [body.index(c) for c in consumers if c is not None and c in body]
        if not consumers or min(consumers) <= body.index(last):
            return None
        between = [st for st in body[body.index(last) + 1: min(consumers)] if st not in site.def_stmts]
        changes = [st for st in between if self.changes_environment(st)]
        if not changes:
            return None
        session_stmt = body[min(consumers)]
        needed = _needed_names(new_stmts, names)
        for stmt in between:
            line = self.positions[stmt].start.line
            if self.starts_runtime(stmt) and body.index(stmt) > body.index(changes[0]):
                site.fail(changes[0], CODE_TOO_LATE,
                          f"the environment is changed here, after the config, and line {line} starts TensorFlow's "
                          "runtime before the session: the settings cannot be applied both after this change and "
                          "before that line; move the change above the config" + LEFT)
                return None
            clash = sorted(needed & _blocking_names(stmt, names))
            if clash:
                site.fail(changes[0], CODE_TOO_LATE,
                          f"the environment is changed here, after the config, so the settings must follow it, but "
                          f"they need `{clash[0]}`, which line {line} binds or calls; move the change above the "
                          "config" + LEFT)
                return None
        return session_stmt

    def changes_environment(self, stmt: cst.CSTNode) -> bool:
        """Does running the statement write os.environ (or call os.putenv/unsetenv), itself
        or through a function of this file that it calls (`pin_gpu(rank)`)? Reads do not
        count, nor bodies of functions it only defines."""
        for node in iter_nodes(stmt, prune=lambda n: n is not stmt and isinstance(
                n, (cst.FunctionDef, cst.ClassDef, cst.Lambda))):
            kind = type(node)
            if kind is cst.Name and node.value == ENVIRONMENT_CHANGE:  # a notebook's `%env X=1`
                return True
            if kind is cst.Subscript and self.is_environ(node.value) and isinstance(
                    self.parent(node), (cst.AssignTarget, cst.Del, cst.AugAssign)):
                return True
            if kind is not cst.Call:
                continue
            if _ipython_env_magic(node):
                return True
            func = node.func
            if imported_names(self.qnames, func) & {"os.putenv", "os.unsetenv"} or (
                    isinstance(func, cst.Attribute) and func.attr.value in ENVIRON_WRITES
                    and self.is_environ(func.value)):
                return True
            local = self.local_function(func) if isinstance(func, cst.Name) else None
            if local is not None and local is not stmt:
                if local not in self.environment_functions:
                    self.environment_functions[local] = False  # a recursive call adds nothing
                    self.environment_functions[local] = self.changes_environment(local.body)
                if self.environment_functions[local]:
                    return True
        return False

    def is_environ(self, node: cst.CSTNode) -> bool:
        return "os.environ" in imported_names(self.qnames, node)

    def placement(self, site: _Site, new_stmts: Sequence[cst.BaseStatement], names: Names,
                  moved_to: Sequence[cst.BaseStatement]) -> tuple[Optional[cst.BaseStatement], Optional[cst.BaseStatement]]:
        """(statement to put the calls above, statement to put them below an environment
        change before) when the config's own place is too late or too early for TF2's
        runtime; the site is reported when no place works."""
        hoist_to = self.hoist_target(site, new_stmts, names)
        later = None
        if hoist_to is None and not moved_to and site.inline_stmt is None:
            later = self.after_environment_change(site, new_stmts, names)
        for stmt in moved_to or [hoist_to or later or site.inline_stmt or
                                 (site.def_stmts[-1] if site.def_stmts else site.return_stmt)]:
            outside = self.outside_runtime_context(site, stmt, new_stmts, names, moving=not moved_to)
            if outside is not None:
                hoist_to, later = outside, None
        if not moved_to:
            self.check_function_callers(site)
        else:
            self.check_moved_sessions(site, moved_to)
        for stmt in moved_to or [hoist_to or later or site.inline_stmt or
                                 (site.def_stmts[-1] if site.def_stmts else site.return_stmt)]:
            earlier = self.runtime_started_before(stmt, own_block=False) if stmt is not None else None
            if earlier is not None and not site.problems:
                site.fail(site.anchor, CODE_TOO_LATE,
                          f"line {self.positions[earlier].start.line} starts TensorFlow's runtime before the block "
                          "these settings are in runs, and they must be applied before it; move the config above "
                          "that line" + LEFT)
        return hoist_to, later

    def import_lands_before(self, stmt: cst.CSTNode) -> bool:
        """Will the `import tensorflow as …` the engine adds (after the first top-level
        import of tensorflow) run before `stmt`? Always, for a statement in a function."""
        top = stmt
        while self.parent(top) is not None and not isinstance(self.parent(top), cst.Module):
            top = self.parent(top)  # type: ignore[assignment]
            if isinstance(top, (cst.FunctionDef, cst.ClassDef)):
                return True
        body = list(self.module.body)
        first = first_tensorflow_import(body)
        return first is not None and top in body and first < body.index(top)

    def runtime_started_before(self, stmt: cst.CSTNode, own_block: bool) -> Optional[cst.CSTNode]:
        """A statement that runs before `stmt` and starts TF2's runtime, in the blocks around
        it up to its function (and in its own block if `own_block`), or a `with` around it
        that does when entered."""
        cur: Optional[cst.CSTNode] = stmt
        innermost = True
        while cur is not None and not isinstance(cur, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Module)):
            par = self.parent(cur)
            if isinstance(par, cst.With) and cur is par.body and any(self.starts_runtime(i.item) for i in par.items) \
                    and not config_order.inside_graph_scope(self, par):
                return par
            body = getattr(par, "body", None)
            if isinstance(body, (list, tuple)) and cur in body:
                if own_block or not innermost:
                    event = self.first_runtime_event_before(cur)
                    if event is not None:  # graph mode from a switch on: nothing starts after it
                        return None if self.switches_to_graph_mode(event) else event
                innermost = False
            cur = par
        return None

    def first_runtime_event_before(self, stmt: cst.CSTNode) -> Optional[cst.CSTNode]:
        """The first statement before `stmt` in its block that either switches to graph
        mode (ops then only build graphs) or starts TF2's runtime."""
        if config_order.inside_graph_scope(self, stmt):
            return None
        body = list(getattr(self.parent(stmt), "body", ()))
        return next((earlier for earlier in (body[: body.index(stmt)] if stmt in body else ())
                     if self.switches_to_graph_mode(earlier) or self.starts_runtime(earlier)), None)

    def runtime_start_in_block_before(self, stmt: cst.CSTNode) -> Optional[cst.CSTNode]:
        """The statement before `stmt` in its block that starts TF2's runtime, if no
        switch to graph mode comes first."""
        event = self.first_runtime_event_before(stmt)
        return None if event is None or self.switches_to_graph_mode(event) else event

    def check_function_callers(self, site: _Site) -> None:
        """The calls are emitted inside the function that made the session. Where this file
        may run that function after something that starts TF2's runtime (a model built, then
        `configure_session()`), TF1 was fine but the calls would raise: report it."""
        func = getattr(site.scope, "node", None)
        if isinstance(func, cst.FunctionDef):
            self.report_late_call(site, func)

    def report_late_call(self, site: _Site, func: cst.FunctionDef) -> bool:
        late = self.late_call(func)
        if late is None:
            return False
        event, use, name = late
        line = self.positions[event].start.line
        if use is None:
            site.fail(site.anchor, CODE_TOO_LATE,
                      f"`{name}` is reached in ways tfmigrate cannot follow (a method, a callback, a decorator or a "
                      f"subclass), and line {line} starts TensorFlow's runtime, after which these settings raise; "
                      f"apply them before line {line} by hand" + LEFT)
        elif isinstance(event, cst.Arg):
            site.fail(site.anchor, CODE_TOO_LATE,
                      f"`{name}` is called on line {line} with an argument that starts TensorFlow's runtime "
                      f"(`{self.code(event.value).strip()}` runs first), after which these settings raise; apply "
                      f"them before line {line}" + LEFT)
        else:
            at = self.positions[use].start.line
            site.fail(site.anchor, CODE_TOO_LATE,
                      f"`{name}` runs on line {at}, after line {line} starts TensorFlow's runtime, and these settings "
                      f"must be applied before that; make it run before line {line}" + LEFT)
        return True

    def late_call(self, func: cst.FunctionDef) -> Optional[tuple[cst.CSTNode, Optional[cst.CSTNode], str]]:
        """(what starts TF2's runtime, the call of `func` after it or None if `func` is
        reached in a way that cannot be followed, `func`'s name) when this file may run
        `func` after the runtime started; None when every call of it in the file runs first.
        Callers in other files are not seen."""
        if func in self.late_calls:  # each function once (a recursive call adds nothing)
            return self.late_calls[func]
        self.late_calls[func] = None
        self.late_calls[func] = found = self._late_call(func)
        return found

    def _late_call(self, func: cst.FunctionDef) -> Optional[tuple[cst.CSTNode, Optional[cst.CSTNode], str]]:
        uses, name = self.uses_of(func)
        for ref in uses:
            call = self.parent(ref)
            runner = self.parent(call) if isinstance(call, cst.Arg) and call.value is ref else None
            if isinstance(runner, cst.Call) and self.callee(runner) in APP_RUNNERS:
                call = runner  # `tf.app.run(main)` calls main there and then
            elif not (isinstance(call, cst.Call) and call.func is ref):
                call = None
            stmt = self.statement_of(call) if call is not None else None
            if stmt is None:  # passed on, returned, decorated, subclassed: who calls it is unknown
                event = self.first_module_runtime_start
                if event is not None:
                    return event, None, name
                continue
            event = self.runtime_started_before(stmt, own_block=True)
            # An op in the arguments runs before the function does.
            event = event or next((arg for arg in call.args if self.starts_runtime(arg)), None)
            if event is not None:
                return event, call, name
            outer = self._enclosing_function(call)
            if outer is not None:
                late = self.late_call(outer)
                if late is not None:
                    return late
        return None

    def uses_of(self, func: cst.FunctionDef) -> tuple[list[cst.CSTNode], str]:
        """The nodes of this file that refer to `func` (for a method: every attribute of its
        name, and for `__init__` the class), and how to name it in a report."""
        own = self.scopes.get(func)
        name = func.name.value
        if isinstance(own, ClassScope):
            cls = own.node
            uses: list[cst.CSTNode] = [a for a in self.attributes_named.get(name, ()) if self.may_be_instance_of(a.value, cls)]
            if name == "__init__":
                uses += self.references_to(cls)
            elif name.startswith("__") and name.endswith("__"):  # run by Python itself: `with`, `()`, ...
                uses += [cls.name]  # a use that cannot be followed
            return uses, f"{cls.name.value}.{name}" if name != "__init__" else f"{cls.name.value}()"
        uses = self.references_to(func)
        if name == "main" and isinstance(own, GlobalScope):  # `tf.app.run()` calls the module's main
            uses += [call.func for call in self.calls if not call.args and self.callee(call) in APP_RUNNERS]
        return uses, f"{name}()"

    @functools.cached_property
    def attributes_named(self) -> dict[str, list[cst.Attribute]]:
        found: dict[str, list[cst.Attribute]] = {}
        for node in self.index.of(cst.Attribute):
            found.setdefault(node.attr.value, []).append(node)
        return found

    def may_be_instance_of(self, receiver: cst.CSTNode, cls: cst.ClassDef) -> bool:
        """Is `receiver.method()` a call of `cls`'s method? Yes on `self`/`cls` and on what
        `Cls(...)` made (directly or through a name bound once); maybe on an attribute or
        call result tfmigrate cannot type (`self.model`); no on `super()`, a TF object
        (`sess.run`), another class's instance, or a name bound otherwise (a parameter)."""
        if isinstance(receiver, cst.Name) and receiver.value in ("self", "cls"):
            return True
        value = receiver
        if isinstance(receiver, cst.Name):
            scope = self.scopes.get(receiver)
            bindings = list(scope[receiver.value]) if scope is not None else []
            node = getattr(bindings[0], "node", None) if len(bindings) == 1 else None
            assign = self.parent(self.parent(node)) if node is not None else None
            if isinstance(assign, cst.Assign):
                value = assign.value
            else:  # a parameter, an import, a def: not an instance made here
                return False
        if isinstance(value, cst.Call):
            if isinstance(value.func, cst.Name) and value.func.value == "super":
                return False
            callee = self.callee(value)
            if callee is not None and callee.startswith(("tf.", "keras.")):
                return False
            if isinstance(value.func, cst.Name) and isinstance(self.local_definition(value.func), cst.ClassDef):
                return self.local_definition(value.func) is cls
        return value is receiver

    def local_definition(self, name: cst.Name) -> Optional[cst.CSTNode]:
        scope = self.scopes.get(name)
        bindings = list(scope[name.value]) if scope is not None else []
        return getattr(bindings[0], "node", None) if len(bindings) == 1 else None

    def references_to(self, definition: Union[cst.FunctionDef, cst.ClassDef]) -> list[cst.CSTNode]:
        outer = self.scopes.get(definition)
        if outer is None:
            return []
        return [ref.node for assignment in outer[definition.name.value]
                if getattr(assignment, "node", None) is definition for ref in assignment.references]

    @functools.cached_property
    def first_module_runtime_start(self) -> Optional[cst.CSTNode]:
        """The first statement the module runs (at import or as a script) that starts TF2's
        runtime, unless a switch to graph mode comes first."""
        for stmt in self.module.body:
            if self.switches_to_graph_mode(stmt):
                return None
            if self.starts_runtime(stmt):
                return stmt
        return None

    def next_statement(self, stmt: cst.CSTNode, skip: Sequence[cst.CSTNode]) -> Optional[cst.CSTNode]:
        """The first statement after `stmt` in its block that is not in `skip`."""
        body = list(getattr(self.parent(stmt), "body", ()))
        rest = body[body.index(stmt) + 1:] if stmt in body else []
        return next((st for st in rest if st not in skip), None)

    def statement_in(self, node: cst.CSTNode, block: cst.CSTNode) -> Optional[cst.CSTNode]:
        """The statement of `block` that contains `node`."""
        cur = node
        while cur is not None and self.parent(cur) is not block:
            cur = self.parent(cur)
        return cur

    def outside_runtime_context(self, site: _Site, stmt: Optional[cst.BaseStatement],
                                new_stmts: Sequence[cst.BaseStatement], names: Names,
                                moving: bool) -> Optional[cst.BaseStatement]:
        """Where the calls go instead of `stmt` when it is inside `with tf.device(...):` or
        another TF context that starts the runtime when entered: above the outermost such
        `with` (or above what starts the runtime before it). None if `stmt` is not inside
        one, or if the calls cannot move (then the site is reported)."""
        outermost = None
        cur: Optional[cst.CSTNode] = stmt
        while cur is not None and not isinstance(cur, (cst.FunctionDef, cst.ClassDef, cst.Module)):
            par = self.parent(cur)
            if isinstance(par, cst.With) and cur is par.body and any(self.starts_runtime(i.item) for i in par.items) \
                    and not config_order.inside_graph_scope(self, par):  # `with tf.device()` in a graph: graph-level
                outermost = par
            cur = par
        if outermost is None or stmt is None:
            return None
        line = self.positions[outermost].start.line
        needed = _needed_names(new_stmts, names)
        guard = self.condition_between(stmt, outermost)
        inside = self.nodes_before(outermost, stmt)
        clash = sorted(needed & set().union(*(_blocking_names(n, names) for n in inside), set()))
        if not moving or guard is not None or clash:
            why = (f"`{clash[0]}` is bound or called inside it first" if clash else
                   f"they are applied under a condition ({guard})" if guard else "the sessions are in functions")
            site.fail(site.anchor, CODE_TOO_LATE,
                      f"the `with` on line {line} starts TensorFlow's runtime when it is entered, so these settings "
                      f"must be applied above it, and {why}; move the config above line {line}" + LEFT)
            return None
        earlier = self.runtime_start_in_block_before(outermost)
        if earlier is not None:
            site.fail(site.anchor, CODE_TOO_LATE,
                      f"the `with` on line {line} starts TensorFlow's runtime, and so does line "
                      f"{self.positions[earlier].start.line} before it; move the config above that line" + LEFT)
            return None
        return outermost

    def nodes_before(self, outer: cst.With, stmt: cst.CSTNode) -> list[cst.CSTNode]:
        """The `with` items and the statements inside `outer` that run before `stmt`."""
        found: list[cst.CSTNode] = list(outer.items)
        cur: cst.CSTNode = stmt
        while cur is not outer:
            par = self.parent(cur)
            body = getattr(par, "body", None)
            if isinstance(body, (list, tuple)) and cur in body:
                found.extend(body[: body.index(cur)])
            elif isinstance(par, cst.With):
                found.extend(par.items)
            cur = par  # type: ignore[assignment]
        return found

    def starts_runtime(self, stmt: cst.CSTNode) -> bool:
        """Does running this statement execute a TF/Keras op eagerly (TF2's default)?"""
        found = False
        analysis = self

        class Look(cst.CSTVisitor):
            def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
                return False  # a definition runs nothing

            def visit_ClassDef(self, node: cst.ClassDef) -> bool:
                return False

            def visit_Lambda(self, node: cst.Lambda) -> bool:
                return False

            def visit_With(self, node: cst.With) -> bool:
                # `with graph.as_default():` builds a graph: its body runs no op.
                return not any(isinstance(i.item, cst.Call) and isinstance(i.item.func, cst.Attribute)
                               and i.item.func.attr.value == "as_default" for i in node.items)

            def visit_Call(self, node: cst.Call) -> None:
                nonlocal found
                name = analysis.callee(node)
                if name and name.startswith(("tf.", "keras.")) and (
                        name.startswith(STARTS_RUNTIME_ANYWAY) or not name.startswith(SAFE_BEFORE_CONFIG)):
                    found = True
                elif isinstance(node.func, cst.Name):  # `y = make()`, where make() runs TF ops
                    func = analysis.local_function(node.func)
                    if func is not None and analysis.function_starts_runtime(func):
                        found = True
                elif isinstance(node.func, cst.Attribute) and not name and analysis.may_be_own_method(node.func):
                    # `model.build()`: a method of this file's classes that runs TF ops
                    if any(analysis.function_starts_runtime(m) for m in analysis.methods_named(node.func.attr.value)):
                        found = True

        stmt.visit(Look())
        return found

    def local_function(self, name: cst.Name) -> Optional[cst.FunctionDef]:
        """The function of this file that `name` calls, if it is bound once, by a def."""
        scope = self.scopes.get(name)
        if scope is None:
            return None
        bindings = list(scope[name.value])
        node = getattr(bindings[0], "node", None) if len(bindings) == 1 else None
        if isinstance(node, cst.ClassDef):  # `Model()` runs its __init__
            return next(iter(self.methods_named("__init__", node)), None)
        return node if isinstance(node, cst.FunctionDef) else None

    def may_be_own_method(self, attribute: cst.Attribute) -> bool:
        """Can `x.name(...)` run a method of this file's classes? Not on `super()` (a base
        class, maybe elsewhere); and for names that dicts, lists and strings have too
        (`hparams.update({...})`), only where may_be_instance_of allows it."""
        if _on_super(attribute):
            return False
        if attribute.attr.value not in BUILTIN_METHOD_NAMES:
            return True
        return any(self.may_be_instance_of(attribute.value, cls) for cls in self.index.of(cst.ClassDef))

    def methods_named(self, name: str, cls: Optional[cst.ClassDef] = None) -> list[cst.FunctionDef]:
        """The methods called `name` of the classes of this file (or of `cls`)."""
        return [m for k, m in self.methods.get(name, ()) if cls is None or k is cls]

    @functools.cached_property
    def methods(self) -> dict[str, list[tuple[cst.ClassDef, cst.FunctionDef]]]:
        found: dict[str, list[tuple[cst.ClassDef, cst.FunctionDef]]] = {}
        for klass in self.index.of(cst.ClassDef):
            for stmt in getattr(klass.body, "body", ()):
                if isinstance(stmt, cst.FunctionDef):
                    found.setdefault(stmt.name.value, []).append((klass, stmt))
        return found

    def function_starts_runtime(self, func: cst.FunctionDef) -> bool:
        """Does calling this function of the file run a TF op (directly or through another)?"""
        if func not in self.runtime_functions:
            self.runtime_functions[func] = False  # a recursive call adds nothing
            self.runtime_functions[func] = self.starts_runtime(func.body)
        return self.runtime_functions[func]

    def switches_to_graph_mode(self, stmt: cst.CSTNode) -> bool:
        """disable_eager_execution()/disable_v2_behavior(), also inside a version check."""
        calls = [n for n in _nodes_of(stmt, cst.Call)]
        return any((self.callee(c) or "").startswith(GRAPH_MODE_SWITCHES) for c in calls)

    def sessions_in_functions(self, site: _Site) -> list[cst.BaseStatement]:
        """The statements that make the sessions, when a module-level config is only used
        inside functions, or when each is made only under a condition; else []."""
        conditional = config_conditions.conditional_sessions(self, site)
        if conditional is not None:
            if conditional and not site.problems:
                self.check_values_reach(site, conditional)
            return [] if site.problems else conditional
        if site.inline_stmt is not None or site.helper is not None or not site.session_calls \
                or not isinstance(site.scope, GlobalScope):
            return []
        # A session under `if __name__ == "__main__":` is made when the file runs as a
        # script, not when it is imported: the calls go there too, unless the config is
        # itself in that block.
        if self.under_main_guard(site.anchor) or any(
                isinstance(self.scopes[c], GlobalScope) and not self.under_main_guard(c) for c in site.session_calls):
            return []
        if site.problems:
            return []
        value_names = self.value_names(site)
        if value_names is None:
            return []
        rebound = sorted(n for n in value_names if len([a for a in site.scope[n] if not isinstance(
            getattr(a, "node", None), (cst.Import, cst.ImportFrom))]) > 1)
        if rebound:  # the calls would read it when the session is made, not when the config was
            site.fail(site.anchor, CODE_FOLLOW, f"the config reads `{rebound[0]}`, which is assigned more than once, "
                      "and the sessions that use it are made later, in functions" + LEFT)
            return []
        statements: list[cst.BaseStatement] = []
        for call in site.session_calls:
            stmt = self.statement_of(call)
            scope = self.scopes[call]
            if stmt is None:
                site.fail(call, CODE_FOLLOW, "the session is created conditionally or lazily here" + LEFT)
                continue
            shadowed = [n for n in value_names if n in scope.assignments and not isinstance(
                next(iter(scope[n])).scope, GlobalScope)]
            if shadowed:
                site.fail(call, CODE_FOLLOW, f"`{shadowed[0]}` means something else where the session is made" + LEFT)
                continue
            if stmt not in statements:
                statements.append(stmt)
        return statements

    def value_names(self, site: _Site) -> Optional[set[str]]:
        """The names the site's values (and conditions) read; None if one cannot be read."""
        value_names: set[str] = set()
        for source in [s.value.source for s in site.fields.values()] + config_conditions.value_sources(site):
            if source is not None:
                try:
                    expr = cst.parse_expression(source.strip())
                except cst.ParserSyntaxError:  # a value tfmigrate could not read: reported elsewhere
                    return None
                value_names |= _all_names(cst.Module([cst.SimpleStatementLine([cst.Expr(expr)])]))
        return value_names

    def check_values_reach(self, site: _Site, statements: Sequence[cst.BaseStatement]) -> None:
        """The calls move from the config to the conditional sessions: nothing on the way
        may bind or call a name they read."""
        needed = (self.value_names(site) or set()) - set(self.tf_aliases())
        for stmt in statements:
            for node in config_conditions.crossed_before(self, site, stmt):
                clash = sorted(needed & (_bound_names(node) | _called_names(node)))
                if clash:
                    site.fail(node, CODE_FOLLOW, f"the session on line {self.positions[stmt].start.line} is made only "
                              "under a condition, so these settings go right before it, but they read "
                              f"`{clash[0]}`, which this line binds or calls after the config was built; move it "
                              "above the config" + LEFT)
                    return

    def version_check_around(self, node: cst.CSTNode) -> Optional[cst.If]:
        """The `if tf.__version__ ...:` (or tf.VERSION, tf.version.VERSION) around `node`."""
        cur = node
        while cur is not None:
            par = self.parent(cur)
            if isinstance(par, cst.If) and cur is not par.test and any(
                    self.name_of(n) in TF_VERSIONS for n in _nodes_of(par.test, cst.Attribute)):
                return par
            cur = par
        return None

    def under_main_guard(self, node: cst.CSTNode) -> bool:
        cur = node
        while cur is not None:
            par = self.parent(cur)
            if isinstance(par, cst.If) and cur is par.body and _is_main_guard(par.test):
                return True
            cur = par
        return False

    def check_moved_sessions(self, site: _Site, moved_to: Sequence[cst.BaseStatement]) -> None:
        """The calls go right before each session; nothing before it in its block may have
        started the runtime already."""
        for stmt in moved_to:
            earlier = self.runtime_start_in_block_before(stmt)
            if earlier is not None:
                site.fail(site.anchor, CODE_TOO_LATE,
                          f"the session on line {self.positions[stmt].start.line} is made after line "
                          f"{self.positions[earlier].start.line} starts TensorFlow's runtime, and these settings "
                          "must be applied before that; make the session earlier" + LEFT)
                return
            func = self._enclosing_function(stmt)
            if func is not None and self.report_late_call(site, func):
                return

    def dedupe(self, site: _Site, actions: Sequence[settings.Action]) -> Optional[list[settings.Action]]:
        """Never emit a setting twice: skip what an earlier site in the same block or an
        existing tf.config call that runs first already sets; report what they set differently."""
        block = self.parent(site.inline_stmt) if site.inline_stmt is not None else site.block
        differs = self.process_wide_conflicts(site, actions)
        kept = []
        for action in actions:
            field_node = site.fields[action.fields[0]].node if action.fields[0] in site.fields else site.anchor
            other = differs.get(action.key)
            if other is not None:
                site.fail(field_node, CODE_CONFLICT, f"the ConfigProto on line {self.positions[other].start.line} sets "
                          f"`{action.fields[0]}` differently, and TF2 settings are process-wide (TF1 took the first "
                          "session's, TF2 raises on a change once its runtime runs): tfmigrate cannot tell which runs "
                          "first or whether both run in one process, so both were left; choose one value for the "
                          "whole program" + LEFT)
                continue
            every = self.existing.get(action.key, ())
            existing = [c for c in every if self.runs_before_site(c, site, action.key)]
            ours = _action_literal(action)
            if existing:
                if not self.agrees(existing[0], action):
                    asks = f"asks for {ours!r}" if ours is not settings.UNKNOWN else "may ask for something else"
                    site.fail(field_node, CODE_CONFLICT, f"this file already calls `{self._line_code(existing[0])}`; "
                              f"`{action.fields[0]}` {asks}" + LEFT)
                continue
            # A call elsewhere (another function, a branch, later) that may set another value:
            # one of the two would raise once the runtime runs, or override the other. As
            # for two ConfigProtos, a value that cannot be compared may differ; only where
            # the call is in another arm of an `if` around the site (`if legacy: <TF1>
            # else: <TF2>`) is such a value taken for the other arm's own choice.
            clashing = [c for c in every if action.key not in CHANGEABLE_ANY_TIME and not self.agrees(c, action)
                        and not (settings.UNKNOWN in (ours, _existing_literal(self.code, c, action.key))
                                 and self.in_other_arm(c, site.anchor))]
            if clashing:
                asks = f"asks for {ours!r}" if ours is not settings.UNKNOWN else "may ask for something else"
                site.fail(field_node, CODE_CONFLICT, f"line {self.positions[clashing[0]].start.line} also calls "
                          f"`{self._line_code(clashing[0])}`, and TF2 settings are process-wide: `{action.fields[0]}` "
                          f"{asks}; choose one value for the whole program" + LEFT)
                continue
            plain = self.plain_session_besides(site) if "device_count" in action.fields else None
            if plain is not None:
                # device_count limited one session's devices; GPU options were the process's
                # in TF1 already (its GPU allocator and device mapping are made once).
                site.fail(field_node, CODE_CONFLICT, f"line {self.positions[plain].start.line} makes a session "
                          "without a config, which TF1 gave every device; TF2 applies `device_count` to the whole "
                          "process, that session too" + LEFT)
                continue
            rendered = "\n".join(action.render(Names()))
            previous = self.emitted.get((id(block), action.key))
            if previous is not None:
                if previous != rendered:
                    site.fail(field_node, CODE_CONFLICT, f"another ConfigProto in this block sets "
                              f"`{action.fields[0]}` differently, and TF2 settings are process-wide" + LEFT)
                continue
            kept.append(action)
        if site.problems:
            return None
        return kept

    def in_other_arm(self, a: cst.CSTNode, b: cst.CSTNode) -> bool:
        """`a` and `b` are in different arms of one if/elif/else: one run takes only one."""
        def arms(node: cst.CSTNode) -> dict[cst.If, str]:
            found: dict[cst.If, str] = {}
            cur, par = node, self.parent(node)
            while par is not None:
                if isinstance(par, cst.If) and cur is par.body:
                    found[par] = "body"
                elif isinstance(par, cst.If) and cur is par.orelse:
                    found[par] = "orelse"
                cur, par = par, self.parent(par)
            return found

        theirs = arms(b)
        return any(theirs.get(test, arm) != arm for test, arm in arms(a).items())

    def process_wide_conflicts(self, site: _Site, actions: Sequence[settings.Action]) -> dict[str, cst.Call]:
        """The settings of `site` that another ConfigProto of the file sets differently,
        each with that ConfigProto, for the settings TF2 fixes once per process (threads,
        devices, GPU memory). Changing one of them once TF2's runtime runs raises, where
        TF1 kept the first session's value and ignored the rest. Two functions (a train()
        and a predict()) may run in one process, in either order, or each in its own:
        rewriting both could raise where TF1 ran, and rewriting only the first in the file
        picks a winner by source order, not by run order, and leaves the other to whichever
        runs first. So both are left and reported, whichever comes first, and a second run
        sees the same two ConfigProtos and says the same. (A value tfmigrate cannot compare,
        `allow_growth=growth` beside `True`, is a different value.)"""
        found = dict(self.known_conflicts.get(site.anchor, {}))
        for action in actions:
            if action.key in CHANGEABLE_ANY_TIME:
                continue
            rendered = "\n".join(action.render(Names()))
            seen = self.process_wide.setdefault(action.key, [])
            for other_rendered, other in seen:
                if other_rendered != rendered and other is not site.anchor:
                    found.setdefault(action.key, other)
                    if action.key not in self.known_conflicts.get(other, {}):  # it may be rewritten already
                        self.conflicts.setdefault(other, {}).setdefault(action.key, site.anchor)
            seen.append((rendered, site.anchor))
        return found

    def agrees(self, call: cst.Call, action: settings.Action) -> bool:
        """Does an existing tf.config call provably set what `action` would? By value where
        both are literals, else only if `action` would emit that very call."""
        theirs, ours = _existing_literal(self.code, call, action.key), _action_literal(action)
        if settings.UNKNOWN not in (theirs, ours):
            return theirs == ours or {theirs, ours} == {True, "autoclustering"}  # set_jit(True) is autoclustering
        if not isinstance(call.func, cst.Attribute):
            return False
        # The loop variable of `for gpu in tf.config.list_physical_devices("GPU")` is the
        # same GPU whatever its name (a rewrite names it `gpu_device` where `gpu` is taken).
        loop = self.gpu_loop_of(call)
        wanted = _call_text(call.func.attr.value, call.args, self.code, {loop} if loop else set())
        emitted = cst.Module(_parse_statements(action.render(Names())))
        loops = {f.target.value for f in _nodes_of(emitted, cst.For) if isinstance(f.target, cst.Name)}
        return any(isinstance(c.func, cst.Attribute) and _call_text(c.func.attr.value, c.args,
                                                                    emitted.code_for_node, loops)
                   == wanted for c in _nodes_of(emitted, cst.Call))

    def gpu_loop_of(self, call: cst.Call) -> Optional[str]:
        """The variable of the `for … in list_physical_devices("GPU")` loop `call` is in."""
        cur = self.parent(call)
        while cur is not None and not isinstance(cur, (cst.For, cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            cur = self.parent(cur)
        if not isinstance(cur, cst.For) or not isinstance(cur.target, cst.Name) or not isinstance(cur.iter, cst.Call):
            return None
        if self.callee(cur.iter) not in ("tf.config.list_physical_devices",
                                         "tf.config.experimental.list_physical_devices"):
            return None
        args = [self.code(a.value).strip().strip("'\"") for a in cur.iter.args]
        return cur.target.value if args == ["GPU"] else None

    def plain_session_besides(self, site: _Site) -> Optional[cst.Call]:
        """Another session of the file made without a config (so with TF1's defaults)."""
        return next((c for c in self.plain_sessions if c not in site.session_calls), None)

    @functools.cached_property
    def plain_sessions(self) -> list[cst.Call]:
        return [call for call in self.calls if self.callee(call) in SESSIONS
                and not any(arg.keyword is not None and arg.keyword.value == "config" or arg.star for arg in call.args)
                and not (self.callee(call) in ("tf.Session", "tf.InteractiveSession") and len(call.args) >= 3)]

    def may_be_suppressed(self, site: _Site) -> bool:
        """A `# tfmigrate: ...` comment in the site's statements: its fix may be dropped by
        the engine, so later sites must not count on its calls."""
        stmts = [*site.def_stmts, site.inline_stmt, self.statement_of(site.anchor)]
        return any("tfmigrate:" in c.value for stmt in stmts if stmt is not None for c in _comments_in(stmt))

    def record_emitted(self, site: _Site, actions: Sequence[settings.Action],
                       moved_to: Sequence[cst.BaseStatement]) -> None:
        """What a rewritten site now sets, and in which blocks, for the sites after it."""
        blocks = [self.parent(stmt) for stmt in moved_to] or \
            [self.parent(site.inline_stmt) if site.inline_stmt is not None else site.block]
        for action in actions:
            rendered = "\n".join(action.render(Names()))
            for block in blocks:
                self.emitted[(id(block), action.key)] = rendered

    def runs_before_site(self, call: cst.Call, site: _Site, key: str = "") -> bool:
        """An existing tf.config call counts only if it always runs before the site: earlier
        in the site's block or in a block around it (not in a branch, not later), or at the
        top level of the module when the site is in a function (the module ran at import).
        A per-GPU call counts from the loop over the GPUs around it, and from an `if gpus:`
        or a `try` around that: without GPUs the setting does not matter."""
        stmt = self.statement_of(call)
        if stmt is None:
            return False
        while key in GPU_KEYS:
            block = self.parent(stmt)
            compound = self.parent(block) if isinstance(block, cst.IndentedBlock) else None
            if isinstance(compound, (cst.For, cst.Try)) and compound.body is block:
                stmt = compound
            elif isinstance(compound, cst.If) and compound.body is block and isinstance(
                    compound.test, (cst.Name, cst.Call)) and not _is_main_guard(compound.test):
                stmt = compound
            else:
                break
        if isinstance(self.parent(stmt), cst.Module) and not isinstance(site.scope, GlobalScope):
            return True
        cur: Optional[cst.CSTNode] = site.inline_stmt or (site.def_stmts[0] if site.def_stmts else site.anchor)
        while cur is not None and not isinstance(cur, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            par = self.parent(cur)
            body = getattr(par, "body", None)
            if isinstance(body, (list, tuple)) and cur in body:
                if stmt in body:
                    return body.index(stmt) < body.index(cur)
            cur = par
        return False

    # -- consumers ------------------------------------------------------------------------------

    @dataclass
    class _Consumers:
        edits: list[Edit]
        removed: set[cst.CSTNode]

    def consumer_statements(self, site: _Site, names: Names) -> "_Analysis._Consumers":
        out = _Analysis._Consumers([], set())
        if not site.session_calls and site.helper is None:
            return out
        for call in site.session_calls:
            new_call = self.session_without_config(site, call, names)
            if new_call is None:
                continue
            par = self.parent(call)
            # K.set_session(tf.Session(config=c)): the line only configured the GPU.
            arg = par if isinstance(par, cst.Arg) else None
            outer = self.parent(arg) if arg is not None else None
            if isinstance(outer, cst.Call) and self.callee(outer) == SET_SESSION:
                stmt = self.parent(self.parent(outer))
                if isinstance(self.parent(outer), cst.Expr) and isinstance(stmt, cst.SimpleStatementLine) \
                        and len(stmt.body) == 1:
                    helper_call = self.helper_call_statement(site, call)
                    if helper_call is not None:
                        out.edits.append(Replace(stmt, helper_call))
                    elif stmt is not site.inline_stmt:
                        out.edits.append(Replace(stmt, cst.RemoveFromParent(), keep_comments=True))
                    out.removed.add(stmt)
                    continue
            if self.drop_session_variable(site, call, out):
                continue
            out.edits.append(Replace(call, new_call))
            helper_call = self.helper_call_statement(site, call)
            if helper_call is not None:
                stmt = self.statement_of(call)
                if stmt is None:
                    site.fail(call, CODE_FOLLOW, "the session is created conditionally or lazily here" + LEFT)
                    continue
                out.edits.append(InsertBefore(stmt, [helper_call]))
        out.edits.extend(config_stored.binding_edits(site))
        return out

    def drop_session_variable(self, site: _Site, call: cst.Call, out: "_Analysis._Consumers") -> bool:
        """`sess = tf.Session(config=c)` used only by `K.set_session(sess)`: drop both lines."""
        assign = self.parent(call)
        if not (isinstance(assign, cst.Assign) and self._simple_assign(assign)) or site.helper is not None:
            return False
        target = assign.targets[0].target
        assignments = list(self.scopes[target][target.value])  # type: ignore[union-attr]
        if len(assignments) != 1:
            return False
        refs = list(assignments[0].references)
        if len(refs) != 1:
            return False
        arg = self.parent(refs[0].node)
        outer = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not (isinstance(outer, cst.Call) and self.callee(outer) == SET_SESSION and len(outer.args) == 1):
            return False
        expr = self.parent(outer)
        stmt = self.parent(expr)
        if not (isinstance(expr, cst.Expr) and isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            return False
        out.edits.append(Replace(self.parent(assign), cst.RemoveFromParent(), keep_comments=True))
        out.edits.append(Replace(stmt, cst.RemoveFromParent(), keep_comments=True))
        return True

    def helper_call_statement(self, site: _Site, session_call: cst.Call) -> Optional[cst.SimpleStatementLine]:
        """For a config returned by a helper, keep calling the helper where the session is made."""
        if site.helper is None or session_call in site.helper_bindings:
            return None
        keyword = self.config_keyword(session_call) or "config"
        arg = next(a for a in session_call.args if a.keyword and a.keyword.value == keyword)
        return cst.SimpleStatementLine([cst.Expr(arg.value)])

    def session_without_config(self, site: _Site, call: cst.Call, names: Names) -> Optional[cst.Call]:
        if call in self.estimator_consumers:
            args = [a for a in call.args if not (a.keyword and a.keyword.value == "session_config")]
            return call.with_changes(args=args)
        consumer = config_consumers.consumer_of(self, call) if self.callee(call) not in SESSIONS else None
        if consumer is not None:
            return config_consumers.without_config(call, consumer)
        args = [a for a in call.args if not (a.keyword and a.keyword.value == "config")]
        if args:
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        func = call.func
        if self.session_is_compat(call) is False:
            func = cst.parse_expression(self.session_spelling(call, names))
        ws = call.whitespace_before_args
        if not args and not (isinstance(ws, cst.ParenthesizedWhitespace) and (
                ws.first_line.comment is not None or any(line.comment for line in ws.empty_lines))):
            # `Session(\n    config=c)` -> `Session()`, not a lone `(` on its own line
            return call.with_changes(func=func, args=args, whitespace_before_args=cst.SimpleWhitespace(""))
        return call.with_changes(func=func, args=args)

    # -- names and imports ----------------------------------------------------------------------

    def tf_aliases(self, site: Optional[_Site] = None) -> dict[str, str]:
        """Module-level names bound to `tensorflow` or `tensorflow.compat.v1` -> which one;
        for a site at module level, only by imports above it."""
        aliases: dict[str, str] = {}
        body = list(self.module.body)
        if site is not None and isinstance(site.scope, GlobalScope):
            top = self.statement_in(site.anchor, self.module)
            body = body[: body.index(top)] if top in body else body
        for node in body:
            for imp in _imports_in(node):
                if isinstance(imp, cst.Import):
                    for alias in imp.names:
                        dotted = self.code(alias.name)
                        if alias.asname is not None and dotted in ("tensorflow", "tensorflow.compat.v1"):
                            aliases[alias.asname.name.value] = dotted  # type: ignore[union-attr]
                        elif alias.asname is None and dotted == "tensorflow":
                            aliases["tensorflow"] = "tensorflow"
                elif isinstance(imp, cst.ImportFrom) and not isinstance(imp.names, cst.ImportStar):
                    mod = self.code(imp.module) if imp.module else ""
                    for alias in imp.names:
                        if mod == "tensorflow.compat" and alias.name.value == "v1":
                            aliases[alias.asname.name.value if alias.asname else "v1"] = "tensorflow.compat.v1"  # type: ignore[union-attr]
        return aliases

    def plain_tf_alias(self, site: Optional[_Site] = None) -> Optional[str]:
        for name, target in self.tf_aliases(site).items():
            if target == "tensorflow":
                return name
        return None

    def module_alias(self, func: cst.BaseExpression) -> Optional[tuple[str, str]]:
        """For `tf.ConfigProto` / `tf.compat.v1.Session`: the expression naming a TF module
        there, and which module ("tensorflow", "tensorflow.compat.v1" or "either"). It is in
        scope where the call is, which a module-level import may not be."""
        if not isinstance(func, cst.Attribute):
            return None
        found: list[tuple[str, str]] = []
        node: cst.BaseExpression = func.value
        while True:
            names = imported_names(self.qnames, node)
            if isinstance(node, cst.Name) and (not names or self.tf_module_bindings(node)):
                names = self.tf_module_bindings(node) or names
            if names and names <= {"tensorflow", "tensorflow.compat.v1"}:
                found.append((self.code(node), names.pop() if len(names) == 1 else "either"))
            if not isinstance(node, cst.Attribute):
                break
            node = node.value
        for text, module in found:
            if module == "tensorflow":
                return text, module
        return found[0] if found else None

    def names_for(self, site: _Site) -> tuple[Names, Optional[str]]:
        """Names for the emitted code, and the alias to import if none is in scope."""
        alias = self.module_alias(site.anchor.func)
        for call in site.session_calls:
            alias = alias or self.module_alias(call.func)
        tf, needs_import = (alias[0], None) if alias else (None, None)
        if tf is None:
            aliases = self.tf_aliases(site)
            tf = self.plain_tf_alias(site) or next(iter(aliases), None)
        if tf is None:
            tf = "tf" if "tf" not in self.used_names else "tensorflow"
            needs_import = tf
        names = config_plan.RuntimeNames(
            tf=tf,
            gpus=self.fresh("gpus", "gpu_devices", "tf_gpus"),
            gpu=self.fresh("gpu", "gpu_device", "tf_gpu"),
            total_memory=self.runtime_helper_name(),
            memory_fraction=self.runtime_helper_name(config_plan.HELPER),
            limits=self.fresh("limits", "memory_limits", "tf_limits"),
        )
        return names, needs_import

    def session_is_compat(self, call: cst.Call) -> Optional[bool]:
        """True if the session is reached through tf.compat.v1, False if through plain
        `tensorflow` (gone in TF2), None if either (then the spelling stays as written)."""
        qualified = self.qualified_through_bindings(call.func)
        if not qualified:
            return is_compat_v1(self.qnames, call.func)
        flags = {q.startswith("tensorflow.compat.v1.") for q in qualified}
        return flags.pop() if len(flags) == 1 else None

    def session_spelling(self, call: cst.Call, names: Names) -> str:
        """`tf.Session` left TF2's namespace; tf.compat.v1 keeps it. Spell it with a plain
        `tensorflow` alias in scope, else with the compat.v1 alias the site uses."""
        kind = (self.callee(call) or "tf.Session")[len("tf."):]
        own = self.module_alias(call.func)
        if own and own[1] == "tensorflow":
            return f"{own[0]}.compat.v1.{kind}"
        site_alias = names.tf
        module = self.tf_aliases().get(site_alias)
        if module == "tensorflow.compat.v1" or site_alias.endswith("compat.v1"):
            return f"{site_alias}.{kind}"
        return f"{site_alias}.compat.v1.{kind}"

    def runtime_helper_name(self, helper: str = "total_memory_mib") -> str:
        """`helper` (of tfmigrate.runtime), unless the file already uses that name for something else."""
        for node in self.index.of(cst.Name):
            if node.value in (helper, f"tfmigrate_{helper}") \
                    and imported_names(self.qnames, node) == {f"tfmigrate.runtime.{helper}"}:
                return node.value
        return self.fresh(helper, f"tfmigrate_{helper}")

    def fresh(self, *candidates: str) -> str:
        for name in candidates:
            if name not in self.used_names:
                return name
        i = 2
        while f"{candidates[0]}{i}" in self.used_names:
            i += 1
        return f"{candidates[0]}{i}"

    def imports_to_drop(self) -> tuple[tuple[str, Optional[str]], ...]:
        drop: list[tuple[str, Optional[str]]] = []
        for module_name in ("tensorflow", "tensorflow.compat.v1"):
            for obj in ("ConfigProto", "GPUOptions", "Session", "InteractiveSession"):
                drop.append((module_name, obj))
        for module_name in ("tensorflow.train", "tensorflow.compat.v1.train"):
            for obj in ("MonitoredTrainingSession", "SingularMonitoredSession", "ChiefSessionCreator",
                        "WorkerSessionCreator"):
                drop.append((module_name, obj))
        for module_name in ("keras.backend", "keras.backend.tensorflow_backend", "tensorflow.keras.backend",
                            "tensorflow.compat.v1.keras.backend"):
            drop.append((module_name, "set_session"))
        drop.append(("keras", "backend"))
        drop.append(("keras.backend", "tensorflow_backend"))
        drop.append(("tensorflow.keras", "backend"))
        drop.append(("tensorflow.compat.v1.keras", "backend"))
        return tuple(drop)

    # -- misc -----------------------------------------------------------------------------------

    def stray_gpu_options(self) -> Iterator[Finding]:
        """GPUOptions that never reach a ConfigProto we could follow."""
        for call in self.calls:
            if self.callee(call) != "tf.GPUOptions" or call in self.claimed:
                continue
            par = self.parent(call)
            if isinstance(par, cst.Arg) and par.keyword and par.keyword.value == "gpu_options":
                outer = self.parent(par)
                if isinstance(outer, cst.Call) and self.callee(outer) == CONFIG_PROTO:
                    continue  # read as part of its ConfigProto
            yield Finding(CODE_FOLLOW, "GPUOptions built here do not reach a ConfigProto tfmigrate can follow; "
                                       "migrate them by hand", call)

    def leftover_comments(self, site: _Site, placed: set[cst.Comment]) -> list[cst.EmptyLine]:
        """What goes above the new calls: the first removed statement's own leading lines
        (its blank lines keep the layout), then every other comment that was in the removed
        code and did not travel with a setting. No comment is dropped, only the pragma at the
        end of a removed line (`# pylint: disable=…`, `# noqa`): it was about that line alone."""
        removed: list[cst.CSTNode] = [*site.def_stmts, *([site.return_stmt] if site.return_stmt else [])]
        if site.inline_stmt is not None:
            removed.append(site.anchor)
        lines: list[cst.EmptyLine] = []
        first = removed[0] if removed else None
        if isinstance(first, cst.SimpleStatementLine):
            lines.extend(first.leading_lines)
        seen = placed | {line.comment for line in lines if line.comment is not None}
        for node in removed:
            line_ends = set(_line_end_comments(node))
            for comment in _comments_in(node):
                if comment not in seen:
                    seen.add(comment)
                    kept = _without_pragma(comment) if comment in line_ends else comment
                    if kept is not None:
                        lines.append(cst.EmptyLine(comment=kept))
        return lines

    def _is_session_config_arg(self, arg: cst.CSTNode) -> bool:
        if not isinstance(arg, cst.Arg) or arg.keyword is None or arg.star:
            return False
        call = self.parent(arg)
        if arg.keyword.value == "session_config" and call in self.estimator_consumers:
            return True
        return isinstance(call, cst.Call) and arg.keyword.value == self.config_keyword(call)

    def config_keyword(self, call: cst.Call) -> Optional[str]:
        """The argument through which `call` takes a config it hands to a plain session."""
        if self.callee(call) in SESSIONS:
            return "config"
        consumer = config_consumers.consumer_of(self, call)
        return consumer.keyword if consumer is not None else None

    def session_target(self, call: cst.Call) -> tuple[int, str]:
        """(position, keyword) of the master / target argument of a session consumer."""
        if self.callee(call) in SESSIONS:
            return SESSIONS[self.callee(call)]  # type: ignore[index]
        consumer = config_consumers.consumer_of(self, call)
        return (consumer.target_position, consumer.target_keyword) if consumer is not None else SESSIONS["tf.Session"]

    def _simple_assign(self, assign: cst.Assign) -> bool:
        stmt = self.parent(assign)
        return (
            len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
            and isinstance(stmt, cst.SimpleStatementLine)
            and len(stmt.body) == 1
            and isinstance(self.parent(stmt), (cst.Module, cst.IndentedBlock))
        )

    def _enclosing_function(self, node: cst.CSTNode) -> Optional[cst.FunctionDef]:
        cur = self.parent(node)
        while cur is not None and not isinstance(cur, cst.FunctionDef):
            cur = self.parent(cur)
        return cur

    def _line_code(self, node: cst.CSTNode) -> str:
        stmt = node
        while stmt is not None and not isinstance(stmt, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
            stmt = self.parent(stmt)
        shown = stmt if isinstance(stmt, cst.SimpleStatementLine) else node
        if not isinstance(stmt, cst.SimpleStatementLine):  # a `with` or `for` header: show the call
            cur = self.parent(node)
            while cur is not None and cur is not stmt and not isinstance(cur, cst.Call):
                cur = self.parent(cur)
            if isinstance(cur, cst.Call):
                shown = cur
        if isinstance(shown, cst.SimpleStatementLine):
            shown = shown.with_changes(leading_lines=())  # the code, not the comment above it
        text = self.code(shown).strip()
        if text.startswith(MAGIC_PLACEHOLDER_PREFIX):
            return "an IPython magic line, or a notebook cell that is not Python"
        text = text.splitlines()[0] if text else text
        return text if len(text) <= 60 else text[:57] + "..."


# -- small pure helpers ----------------------------------------------------------------------------


# Which argument of an existing setter carries the value, by setting key.
_SETTER_VALUE_ARG = {"soft_placement": 0, "log_placement": 0, "intra_threads": 0, "inter_threads": 0,
                     "memory_growth": 1, "jit": 0}


def _existing_literal(code_for, call: cst.Call, key: str):
    index = _SETTER_VALUE_ARG.get(key)
    if index is None or len(call.args) <= index or call.args[index].keyword is not None:
        return settings.UNKNOWN
    try:
        return ast.literal_eval(code_for(call.args[index].value).strip())
    except (ValueError, SyntaxError):
        return settings.UNKNOWN


def _ipython_env_magic(call: cst.Call) -> bool:
    """`get_ipython().run_line_magic('env', 'X=1')` (or `.magic('env X=1')`): `%env X=1` in
    a notebook exported as a script."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value in ("run_line_magic", "magic")
            and isinstance(func.value, cst.Call) and isinstance(func.value.func, cst.Name)
            and func.value.func.value == "get_ipython" and call.args
            and isinstance(call.args[0].value, cst.SimpleString)):
        return False
    text = call.args[0].value.evaluated_value
    words = (text if func.attr.value == "run_line_magic" else str(text).split(" ", 1)[0]) if text else ""
    return words in ("env", "set_env") and (func.attr.value == "magic" or len(call.args) > 1)


def _on_super(attribute: cst.Attribute) -> bool:
    """`super().__init__`: a method of a base class, which may be in another file."""
    value = attribute.value
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "super"


def _call_text(attr: str, args: Sequence[cst.Arg], code_for, loop_vars: set[str] = frozenset()) -> str:
    """`set_visible_devices([], "GPU")` from any alias, without spaces or quote style; a
    name in `loop_vars` (the variable of a loop over the GPUs) reads `<gpu>`."""
    def text(arg: cst.Arg) -> str:
        if arg.keyword is None and isinstance(arg.value, cst.Name) and arg.value.value in loop_vars:
            return "<gpu>"
        return code_for(arg).strip().rstrip(",")

    return attr + "(" + ",".join(text(a) for a in args).replace(" ", "").replace("'", '"') + ")"


def _action_literal(action: settings.Action):
    if isinstance(action, settings.Jit):
        return "autoclustering" if action.enabled else False
    value = getattr(action, "value", None)
    return value.literal if isinstance(value, Value) and value.known else settings.UNKNOWN


def _import_target(code_for, node: Union[cst.Import, cst.ImportFrom], bound: str) -> Optional[str]:
    """The module an import binds to the name `bound`, e.g. 'tensorflow.compat.v1'."""
    if isinstance(node.names, cst.ImportStar):
        return None
    for alias in node.names:
        dotted = code_for(alias.name)
        asname = alias.asname.name.value if alias.asname else None  # type: ignore[union-attr]
        if isinstance(node, cst.Import):
            if asname == bound:
                return dotted
            if asname is None and dotted.split(".")[0] == bound:
                return bound  # `import tensorflow.compat.v1` binds `tensorflow`
        elif (asname or dotted) == bound and node.module is not None and not node.relative:
            return f"{code_for(node.module)}.{dotted}"
    return None


def _is_main_guard(test: cst.BaseExpression) -> bool:
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.Equal)):
        return False
    sides = [test.left, test.comparisons[0].comparator]
    names = [x for x in sides if isinstance(x, cst.Name) and x.value == "__name__"]
    strings = [x for x in sides if isinstance(x, cst.SimpleString) and x.evaluated_value == "__main__"]
    return len(names) == 1 and len(strings) == 1


def _str_of_one_argument(expr: cst.BaseExpression) -> bool:
    return (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "str"
            and len(expr.args) == 1 and expr.args[0].keyword is None and not expr.args[0].star)


def _remote_target(session_call: cst.Call, position: int, keyword: str) -> bool:
    """Session(target, ...) / Session(target=...) with anything but the local '' target."""
    positional = [a for a in session_call.args if a.keyword is None]
    if any(a.star for a in positional):
        return True  # cannot tell
    for arg in session_call.args:
        is_target = (arg.keyword is None and position < len(positional) and arg is positional[position]) or \
            (arg.keyword is not None and arg.keyword.value == keyword)
        if is_target:
            return not (isinstance(arg.value, cst.SimpleString) and arg.value.evaluated_value == "")
    return False


def _base_and_dotted(node: cst.CSTNode) -> tuple[Optional[cst.Name], Optional[str]]:
    """`a.b.c` -> (Name a, "a.b.c"); anything that is not a plain dotted name -> (None, None)."""
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if not isinstance(node, cst.Name):
        return None, None
    parts.append(node.value)
    return node, ".".join(reversed(parts))


def _in_body(compound: cst.BaseCompoundStatement, child: cst.CSTNode) -> bool:
    return child is getattr(compound, "body", None) or child is getattr(compound, "orelse", None) \
        or child in getattr(compound, "handlers", ()) or child is getattr(compound, "finalbody", None)


def _imports_in(node: cst.CSTNode) -> Iterator[Union[cst.Import, cst.ImportFrom]]:
    """Imports at module level that run, including guarded ones (try/except, if/else: one
    of the branches binds the name), but not one under an `if` with no `else` (such as
    `if __name__ == "__main__":`), which may not run at all."""
    if isinstance(node, cst.SimpleStatementLine):
        for small in node.body:
            if isinstance(small, (cst.Import, cst.ImportFrom)):
                yield small
    elif isinstance(node, cst.Try) or (isinstance(node, cst.If) and node.orelse is not None):
        blocks = [node.body]
        if isinstance(node, cst.Try):
            blocks += [h.body for h in node.handlers]
            if node.orelse:
                blocks.append(node.orelse.body)
        elif node.orelse is not None:
            blocks.append(node.orelse.body if isinstance(node.orelse, cst.Else) else cst.IndentedBlock([node.orelse]))
        for block in blocks:
            for stmt in getattr(block, "body", ()):
                yield from _imports_in(stmt)


def _nodes_of(root: cst.CSTNode, kind: Union[type, tuple[type, ...]]) -> list:
    """The nodes of a kind under `root`, in the order a LibCST visitor meets them."""
    return nodes_under(root, kind)


def _pass_if_last(stmt: cst.CSTNode, block: Optional[cst.CSTNode]) -> list[cst.BaseStatement]:
    """Removing the only statement of a block would leave invalid code."""
    if isinstance(block, cst.IndentedBlock) and len(block.body) == 1:
        return [cst.SimpleStatementLine([cst.Pass()])]
    return []


RULE = ConfigProtoRule()
COMMANDS = {"ConfigProtoCommand": "Rewrite ConfigProto/GPUOptions session settings as TF2 tf.config calls."}
# LibCST's runner (`python -m libcst.tool codemod config_proto.ConfigProtoCommand`) looks the command up by
# name; building it imports libcst.codemod, which the engine does not need, so only then.
__getattr__, __dir__ = command_attributes(RULE, COMMANDS, globals())
