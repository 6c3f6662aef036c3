"""TFM1xx run-time order: what may start TensorFlow's runtime before the calls.

In TF2 an op runs at once and starts the eager runtime, after which thread counts and
devices can no longer change. Inside `with <graph>.as_default():` it does not: the op is
only added to that graph (checked on TF 2.21: tf.constant, tf.Variable, an input queue,
an optimizer's minimize and a Saver in a `tf.Graph().as_default()` block, then
set_intra_op_parallelism_threads and a logical-device split still succeed). TF1 programs
build their graphs exactly that way, so statements in such a block are no runtime start.
"""

from __future__ import annotations

import functools
from typing import Optional, Sequence, Union

import libcst as cst
from libcst.metadata import ClassScope, GlobalScope

from tfmigrate.cell_placeholders import ENVIRONMENT_CHANGE, MAGIC_PLACEHOLDER_PREFIX, MAY_RUN_OPS
from tfmigrate.codemods._config_sites import (
    _ipython_env_magic,
    _is_main_guard,
    _nodes_of,
    _on_super,
    _Site,
    APP_RUNNERS,
    BUILTIN_METHOD_NAMES,
    CODE_TOO_LATE,
    ENVIRON_WRITES,
    GRAPH_MODE_SWITCHES,
    LEFT,
    SAFE_BEFORE_CONFIG,
    SiteBase,
    STARTS_RUNTIME_ANYWAY,
    TF_VERSIONS,
)
from tfmigrate.codemods._config_values import _blocking_names, _needed_names
from tfmigrate.metadata import _children_in_visit_order as children_in_visit_order  # the visit order, no visitor
from tfmigrate.names import imported_names
from tfmigrate.parents import iter_nodes
from tfmigrate.settings import Names


def builds_a_graph(item: cst.WithItem) -> bool:
    """`with graph.as_default():` (or `tf.Graph().as_default()`): the body builds a graph."""
    return isinstance(item.item, cst.Call) and isinstance(item.item.func, cst.Attribute) \
        and item.item.func.attr.value == "as_default"


def inside_graph_scope(analysis, node: cst.CSTNode) -> bool:
    """Is `node` in the body of a `with …as_default():` of its own function (or module)?"""
    cur, par = node, analysis.parent(node)
    while par is not None and not isinstance(par, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Module)):
        if isinstance(par, cst.With) and cur is par.body and any(builds_a_graph(i) for i in par.items):
            return True
        cur, par = par, analysis.parent(par)
    return False


class RunTimeOrder(SiteBase):
    """When TensorFlow's runtime starts, what changes the environment, which callers come late.

    It asks only of the file (SiteBase): the device rules and the Estimator rewrite can
    ask it the same questions."""

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

    def runtime_started_before(self, stmt: cst.CSTNode, own_block: bool) -> Optional[cst.CSTNode]:
        """A statement that runs before `stmt` and starts TF2's runtime, in the blocks around
        it up to its function (and in its own block if `own_block`), or a `with` around it
        that does when entered."""
        cur: Optional[cst.CSTNode] = stmt
        innermost = True
        while cur is not None and not isinstance(cur, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Module)):
            par = self.parent(cur)
            if isinstance(par, cst.With) and cur is par.body and any(self.starts_runtime(i.item) for i in par.items) \
                    and not inside_graph_scope(self, par):
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
        if inside_graph_scope(self, stmt):
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
                if getattr(assignment, "node", None) is definition for ref in self.in_source_order(assignment.references)]

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
                    and not inside_graph_scope(self, par):  # `with tf.device()` in a graph: graph-level
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
        """Does running this statement execute a TF/Keras op eagerly (TF2's default)?

        The nodes are read in the order a LibCST visitor meets them, without one: a
        visitor's walk rebuilds every node it leaves, which made this a third of the
        rule's time on real-size files."""
        found = False
        stack = [stmt]
        while stack:
            node = stack.pop()
            if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue  # a definition runs nothing
            if isinstance(node, cst.With) and any(
                    isinstance(i.item, cst.Call) and isinstance(i.item.func, cst.Attribute)
                    and i.item.func.attr.value == "as_default" for i in node.items):
                continue  # `with graph.as_default():` builds a graph: its body runs no op
            if isinstance(node, cst.Call):
                name = self.callee(node)
                if isinstance(node.func, cst.Name) and node.func.value.startswith(MAGIC_PLACEHOLDER_PREFIX):
                    # a notebook's `%time model.fit(x)` or Python 2 `print sess.run(y)`
                    found = found or any(isinstance(a.value, cst.Name) and a.value.value == MAY_RUN_OPS
                                         for a in node.args)
                elif name and name.startswith(("tf.", "keras.")) and (
                        name.startswith(STARTS_RUNTIME_ANYWAY) or not name.startswith(SAFE_BEFORE_CONFIG)):
                    found = True
                elif isinstance(node.func, cst.Name):  # `y = make()`, where make() runs TF ops
                    func = self.local_function(node.func)
                    if func is not None and self.function_starts_runtime(func):
                        found = True
                elif isinstance(node.func, cst.Attribute) and not name and self.may_be_own_method(node.func):
                    # `model.build()`: a method of this file's classes that runs TF ops
                    if any(self.function_starts_runtime(m) for m in self.methods_named(node.func.attr.value)):
                        found = True
            stack.extend(reversed(children_in_visit_order(node)))
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
