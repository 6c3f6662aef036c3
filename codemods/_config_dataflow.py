"""TFM1xx site recognition and dataflow: what a config is, and where it goes.

From a ConfigProto call: its keyword arguments and nested GPUOptions, the attributes set
on the variable after it (`config.gpu_options.allow_growth = True`), a GPUOptions built
in a variable of its own, a helper that returns it, and each value (a literal, a flag, a
parameter) as settings.Value. What goes where the config is used is described for the
reports (`describe_use`); stored configs and conditions have modules of their own
(_config_stored, _config_conditions).
"""

from __future__ import annotations

import ast
from typing import Iterator, Optional

import libcst as cst

from tfmigrate import project_index, settings
from tfmigrate.codemods import _config_conditions as config_conditions
from tfmigrate.codemods import _config_project as config_project
from tfmigrate.codemods import _config_stored as config_stored
from tfmigrate.codemods._config_comments import _argument_comments, _statement_comments
from tfmigrate.codemods._config_sites import (
    _Setting,
    _Site,
    _str_of_one_argument,
    CODE_FOLLOW,
    CONFIG_PROTO,
    ENUM_PREFIXES,
    LEFT,
    NESTED_MESSAGES,
    RANK_METHODS,
    SiteBase,
)
from tfmigrate.codemods._config_values import _all_names
from tfmigrate.names import TF_SPELLINGS, star_imports
from tfmigrate.rule import Finding
from tfmigrate.settings import Value


class SiteReading(SiteBase):
    """Reads a site: its settings, the variables and helpers it flows through."""

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
        for ref in self.in_source_order(assignments[0].references):
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
        for ref in self.in_source_order(assignments[0].references):
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
        for ref in self.in_source_order(assignments[0].references):
            call = self.parent(ref.node)
            arg = self.parent(call) if isinstance(call, cst.Call) and call.func is ref.node else None
            if not (isinstance(arg, cst.Arg) and self._is_session_config_arg(arg)):
                if config_stored.helper_result_binding(self, site, ref.node, call):  # x = helper(); Session(config=x)
                    continue
                site.fail(ref.node, CODE_FOLLOW,
                          f"`{func.name.value}` is used by `{self._line_code(ref.node)}`, which is not a Session(config=...)" + LEFT)
                continue
            site.session_calls.append(self.parent(arg))  # type: ignore[arg-type]

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

    def unresolved_configs(self) -> Iterator[Finding]:
        """`tf.ConfigProto(...)` where `tf` is not bound in this file to TensorFlow but comes
        from another module: `from models import *` (whose `models.py` imports TensorFlow),
        or `from mypkg import tfv1 as tf` (a package's own alias of tf.compat.v1). Nothing
        here says which module that is, so the site cannot be rewritten; it is reported,
        not passed over in silence."""
        stars = star_imports(self.module)
        for call in self.calls:
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value == "ConfigProto" and isinstance(func.value, cst.Name):
                base = func.value
            elif isinstance(func, cst.Attribute) and func.attr.value == "ConfigProto" \
                    and isinstance(func.value, cst.Attribute) and func.value.attr.value == "tf" \
                    and isinstance(func.value.value, cst.Name):
                base = func.value.value  # `K.tf.ConfigProto`: Keras 2's backend module held TensorFlow
            elif isinstance(func, cst.Name) and func.value == "ConfigProto":
                base = func
            else:
                continue
            if (self.name_of(func) or "").startswith("tf."):
                continue  # TensorFlow's, however spelt: the sites read it
            # A parameter called as `ConfigProto()` may be any callable; `tf.ConfigProto()` on a
            # parameter `tf` is a module the callers choose (#15).
            origin = self.foreign_origin(base, stars, attribute=base is not func)
            if origin is None:
                continue
            context = project_index.current()
            if context is not None and context.mode == "collect":
                context.foreign = True  # the project pass looks again, knowing what other files bind
            hint = (f"`import tensorflow.compat.v1 as {base.value}` in this file" if base is func.value
                    else "`import tensorflow.compat.v1 as tf` in this file (and `tf.ConfigProto` here)"
                    if base is not func else "`from tensorflow.compat.v1 import ConfigProto` in this file")
            if origin.startswith("`"):
                yield Finding(CODE_FOLLOW, f"`{base.value}` comes from {origin}, which tfmigrate does not follow into "
                                           f"another module, so it cannot tell this is TensorFlow's ConfigProto; if "
                                           f"it is, {hint} lets tfmigrate rewrite it" + LEFT, call)
            else:
                yield Finding(CODE_FOLLOW, f"tfmigrate cannot tell that `{base.value}` is TensorFlow: it is {origin}, "
                                           "so this ConfigProto may be another library's" + LEFT, call)

    def unresolved_set_sessions(self) -> Iterator[tuple[cst.Call, str]]:
        """`K.set_session(...)` where `K` comes from another module (`from utils2 import *`):
        (the call, where `K` comes from), so that it is reported like Keras's own."""
        stars = star_imports(self.module)
        for call in self.calls:
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value == "set_session" \
                    and isinstance(func.value, cst.Name) and self.callee(call) is None:
                origin = self.foreign_origin(func.value, stars)
                if origin is not None and origin.startswith("`"):
                    yield call, f"`{func.value.value}` comes from {origin}"

    def shadows_tensorflow(self, name: cst.Name) -> bool:
        """Does the module bind `name` to TensorFlow, which a parameter of that name hides?"""
        return any(name.value in _tf_import_names(small, self.code) for stmt in self.module.body
                   if isinstance(stmt, cst.SimpleStatementLine) for small in stmt.body)

    def foreign_origin(self, name: cst.Name, stars: list, attribute: bool = True) -> Optional[str]:
        """Where a name that no TensorFlow import of this file binds comes from, in words:
        a `from M import *` of a module other than TensorFlow, or `from M import x` of a
        module other than TensorFlow; a parameter spelled like TensorFlow (or hiding a
        module-level TensorFlow import) when used as a module; a name that one binding makes
        TensorFlow and another something else. None if it is bound some other way (another
        parameter, an assignment, a plain import), which may be anything."""
        scope = self.scopes.get(name)
        if scope is None:
            return None
        assignments = list(scope[name.value])
        if not assignments:
            star = next((s for s in stars if not _tensorflow_module(s.module, self.code)), None)
            return f"`{self._line_code(star)}`" if star is not None else None
        nodes = [getattr(a, "node", None) for a in assignments]
        if all(isinstance(n, cst.ImportFrom) and not isinstance(n.names, cst.ImportStar)
               and (n.relative or not _tensorflow_module(n.module, self.code)) for n in nodes):
            return f"`{self._line_code(nodes[0])}`"
        param = next((n for n in nodes if isinstance(n, cst.Param)), None)
        if param is not None and attribute and (name.value in TF_SPELLINGS or self.shadows_tensorflow(name)):
            # `def make_session(tf): tf.ConfigProto(...)`: whatever the callers pass (#15).
            owner = self.parent(self.parent(param))
            while owner is not None and not isinstance(owner, (cst.FunctionDef, cst.Lambda)):
                owner = self.parent(owner)
            where = f"`{owner.name.value}()`" if isinstance(owner, cst.FunctionDef) else "a lambda"
            return f"a parameter of {where}, which callers may give any module"
        if len(nodes) > 1 and any(isinstance(n, (cst.Import, cst.ImportFrom)) and name.value in _tf_import_names(
                n, self.code) for n in nodes):
            # TensorFlow under one binding, something else under another (`tf = tf1_shim`).
            other = next(n for n in nodes if not (isinstance(n, (cst.Import, cst.ImportFrom))
                                                  and name.value in _tf_import_names(n, self.code)))
            return f"TensorFlow under one binding and `{self._line_code(other)}` under another"
        return None


def _tf_import_names(node, code_for) -> set[str]:
    """The names an import statement binds to TensorFlow modules (`import tensorflow as tf`)."""
    out = set()
    if isinstance(node, cst.Import):
        for alias in node.names:
            dotted = code_for(alias.name).strip()
            if dotted == "tensorflow" or dotted.startswith("tensorflow."):
                out.add(alias.asname.name.value if alias.asname else dotted.split(".")[0])  # type: ignore[union-attr]
    elif isinstance(node, cst.ImportFrom) and not isinstance(node.names, cst.ImportStar) \
            and _tensorflow_module(node.module, code_for):
        out |= {alias.asname.name.value if alias.asname else code_for(alias.name)  # type: ignore[union-attr]
                for alias in node.names}
    return out


def _tensorflow_module(module: Optional[cst.BaseExpression], code_for) -> bool:
    if module is None:
        return False
    dotted = code_for(module).strip()
    return dotted == "tensorflow" or dotted.startswith("tensorflow.")
