"""TFM1xx sites: what a ConfigProto site is, and the names every part of the analysis reads.

A *site* (`_Site`) is one ConfigProto call: the settings read from it (`_Setting`), the
statements that build it, the sessions it reaches, the problems that keep it. `SiteBase`
holds the file's metadata (parents, scopes, positions, qualified names) and the questions
every concern asks of it: what a node names (`name_of`, through `tf1 = tf.compat.v1`
bindings too), the statement a node is evaluated in, a session's target and config
argument. The concerns build on it (config_proto.py's `_Analysis` joins them):
_config_dataflow (recognition and dataflow), _config_order (run-time order),
_config_placement (where the calls go), _config_conflicts (what is set already),
_config_emit (what is written), _config_comments (comments that travel).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Iterator, Optional, Sequence, Union

import libcst as cst
from libcst.metadata import (
    BuiltinAssignment,
    MetadataWrapper,
    PositionProvider,
    QualifiedNameProvider,
    Scope,
    ScopeProvider,
)

from tfmigrate import project_index, settings
from tfmigrate.cell_placeholders import MAGIC_PLACEHOLDER_PREFIX
from tfmigrate.codemods import _config_consumers as config_consumers
from tfmigrate.metadata import node_index, nodes_under
from tfmigrate.names import canonical, imported_names, resolve, star_imported_tf
from tfmigrate.rule import Finding
from tfmigrate.settings import Value


CONFIG_PROTO = "tf.ConfigProto"
# Grappler's options have no tf.* name: `from tensorflow.core.protobuf import rewriter_config_pb2`.
REWRITER_CONFIG = "tf.core.protobuf.rewriter_config_pb2.RewriterConfig"
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
    REWRITER_CONFIG: "rewrite_options",
}
ENUM_PREFIXES = ("tf.OptimizerOptions.", REWRITER_CONFIG + ".")
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
CHANGEABLE_ANY_TIME = {"soft_placement", "log_placement", "jit", "rewrite_options"}
GPU_KEYS = {"memory_growth", "gpu_memory", "gpu_visibility"}  # moot on a machine without GPUs
TF_VERSIONS = {"tf.__version__", "tf.VERSION", "tf.version.VERSION"}
# Process-rank methods of Horovod (`hvd.local_rank()`) and MPI (`comm.Get_rank()`): ints.
RANK_METHODS = ("local_rank", "rank", "Get_rank")
STARTS_RUNTIME_ANYWAY = ("tf.config.list_logical_devices", "tf.config.experimental.list_logical_devices")
GRAPH_MODE_SWITCHES = ("tf.disable_v2_behavior", "tf.disable_eager_execution")

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


class SiteBase():
    """The file, and the questions every concern asks of it."""

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
        # In a project run, `from utils import tfv1 as tf` may name TensorFlow: the index says.
        if found is None or (not found.startswith("tf.") and project_index.current() is not None
                             and project_index.current().index is not None):
            qualified = self.qualified_through_bindings(node)
            canon = {canonical(q) for q in qualified} if qualified else set()
            found = canon.pop() if len(canon) == 1 else found
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
            star = star_imported_tf(self.module, name.value)
            return {star} if star else None
        modules: set[str] = set()
        for a in assignments:
            node = getattr(a, "node", None)
            if isinstance(node, (cst.Import, cst.ImportFrom)):
                target = _import_target(self.code, node, name.value)
                if target is None and isinstance(node, cst.ImportFrom):
                    target = self.project_imported_tf(node, name.value)
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

    # -- TensorFlow imported through another file of the project (project_index.py) ----------

    def project_imported_tf(self, node: cst.ImportFrom, name: str) -> Optional[str]:
        """`from M import tfv1 as tf` where M is a module of the project that binds `tfv1`
        to TensorFlow by a plain import: that module."""
        context = project_index.current()
        if context is None or context.index is None or isinstance(node.names, cst.ImportStar):
            return None
        for alias in node.names:
            bound = alias.asname.name.value if alias.asname else self.code(alias.name)  # type: ignore[union-attr]
            if bound == name and isinstance(alias.name, cst.Name):
                dotted = "." * len(node.relative) + (self.code(node.module) if node.module is not None else "")
                return context.index.tf_module(context.path, dotted, alias.name.value, star=False)
        return None

    def in_source_order(self, accesses) -> list:
        """LibCST keeps a binding's references in a set, whose order changes from run to
        run (it follows object ids): read them in source order, so that the same file
        always gives the same sites, calls and reports."""
        order = self.index.order
        return sorted(accesses, key=lambda access: order.get(access.node, -1))

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
