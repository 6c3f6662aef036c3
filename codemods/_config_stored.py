"""TFM1xx: a config kept somewhere and read back in the same file.

* On an attribute of `self`: `self.config = tf.ConfigProto(...)` in one method (with
  `self.config.gpu_options.allow_growth = True` after it), read back only as
  `tf.Session(config=self.config)` in the methods of the same class. The attribute name
  must be bound nowhere else in the file, and read nowhere but by those sessions: then
  the calls go where the config is built (a session of the object runs after the
  method that built it, which the late-caller rules check like any function), and the
  sessions lose the argument.
* In a dict literal spread into the config: `tf.ConfigProto(**config_args)` where
  `config_args = {...}` (or `dict(...)`) with string keys is bound once, in the same
  block, and used only there: its entries are read as keyword arguments.

Anything else that stores a config (another object's attribute, a dict handed to a
session, a graph collection) is reported with what it is (`describe`).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate.codemods import _config_consumers as config_consumers

CODE_FOLLOW = "TFM120"
CODE_TOO_LATE = "TFM123"
LEFT = "; this ConfigProto was left as it is"


# -- self.<attr> ----------------------------------------------------------------------------


def self_attribute_target(analysis, assign: cst.Assign) -> Optional[cst.Attribute]:
    """`self.<attr>` when `assign` is `self.<attr> = <config>` on a line of its own, in a
    method whose first parameter is `self`."""
    if len(assign.targets) != 1:
        return None
    target = assign.targets[0].target
    if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self"):
        return None
    stmt = analysis.parent(assign)
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None
    method = _method_of(analysis, stmt)
    if method is None:
        return None
    return target


def _method_of(analysis, node: cst.CSTNode) -> Optional[cst.FunctionDef]:
    """The method (of a class) `node` is directly in, whose first parameter is `self`."""
    cur = analysis.parent(node)
    while cur is not None and not isinstance(cur, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Module)):
        cur = analysis.parent(cur)
    if not isinstance(cur, cst.FunctionDef):
        return None
    params = cur.params.params
    owner = analysis.parent(analysis.parent(cur))
    if not params or params[0].name.value != "self" or not isinstance(owner, cst.ClassDef):
        return None
    return cur


def _class_of(analysis, method: cst.FunctionDef) -> Optional[cst.ClassDef]:
    owner = analysis.parent(analysis.parent(method))
    return owner if isinstance(owner, cst.ClassDef) else None


def follow_attribute(analysis, site, assign: cst.Assign, target: cst.Attribute) -> None:
    """Read the attribute writes after the config is built and find the sessions that read
    it; report every other use of the attribute's name in the file."""
    stmt = analysis.parent(assign)
    site.block = analysis.parent(stmt)
    site.def_stmts.insert(0, stmt)
    method = _method_of(analysis, stmt)
    cls = _class_of(analysis, method) if method is not None else None
    name = target.attr.value
    shown = f"self.{name}"
    for node in analysis.attributes_named.get(name, ()):
        if node is target:
            continue
        where = _method_of(analysis, node)
        own = isinstance(node.value, cst.Name) and node.value.value == "self" and where is not None \
            and _class_of(analysis, where) is cls
        if not own:
            site.fail(node, CODE_FOLLOW, f"`{shown}` holds the config, and `{analysis.code(node).strip()}` here may "
                      "be the same attribute, used in a way tfmigrate cannot follow" + LEFT)
            continue
        path = analysis.assigned_path(node, stmt_block=site.block, after=stmt)
        if path is not None and not path[0].startswith("device_count["):
            sub, value_expr, assign_stmt = path
            analysis.read_value(site, sub, value_expr, assign_stmt)
            site.def_stmts.append(assign_stmt)
            continue
        par = analysis.parent(node)
        if isinstance(par, cst.Arg) and par.value is node and analysis._is_session_config_arg(par):
            site.session_calls.append(analysis.parent(par))
            continue
        if isinstance(par, cst.AssignTarget):
            site.fail(node, CODE_FOLLOW, f"`{shown}` is assigned again here; which config a session gets depends "
                      "on the order the methods run" + LEFT)
            continue
        site.fail(node, CODE_FOLLOW, f"`{shown}` is used by `{analysis._line_code(node)}`, which is not a "
                  "Session(config=...) (or a session consumer) of this class" + LEFT)
    if not site.session_calls and not site.problems:
        site.fail(target, CODE_FOLLOW, f"`{shown}` is never passed to a session in this file" + LEFT)


# -- ConfigProto(**config_args) -------------------------------------------------------------


def read_kwargs(analysis, site, arg: cst.Arg, prefix: str) -> Optional[str]:
    """Read `**name` of a config message from the dict literal `name` is bound to. None
    when done; else why not (the caller reports it)."""
    shown = f"`{arg.star}{analysis.code(arg.value).strip()}`"
    if arg.star != "**" or not isinstance(arg.value, cst.Name):
        return f"{shown} hides which settings are set"
    name = arg.value
    scope = analysis.scopes.get(name)
    bindings = list(scope[name.value]) if scope is not None else []
    if len(bindings) != 1:
        return f"{shown} hides which settings are set (`{name.value}` is bound more than once, or not here)"
    binding = bindings[0]
    target = getattr(binding, "node", None)
    holder = analysis.parent(target) if isinstance(target, cst.Name) else None
    assign = analysis.parent(holder) if isinstance(holder, cst.AssignTarget) else None
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
        return f"{shown} hides which settings are set (`{name.value}` is not a dict literal built here)"
    entries = _dict_entries(analysis, assign.value)
    if entries is None:
        return f"{shown} hides which settings are set (`{name.value}` is not a dict literal with string keys)"
    if len(list(binding.references)) != 1:
        return f"{shown}: `{name.value}` is also used elsewhere, so removing it would change that code"
    stmt = analysis.parent(assign)
    call_stmt = analysis.statement_of(arg)
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1) or call_stmt is None \
            or analysis.parent(call_stmt) is not analysis.parent(stmt):
        return f"{shown}: `{name.value}` is built in another block than the config"
    for key, value, node in entries:
        analysis.read_value(site, prefix + key, value, node)
        if isinstance(value, cst.Call) and analysis.callee(value) == "tf.GPUOptions":
            analysis.claimed.add(value)  # read here, not a stray GPUOptions
    site.def_stmts.append(stmt)
    return None


def _dict_entries(analysis, value: cst.BaseExpression):
    """[(key, value, node)] of `{"k": v, ...}` or `dict(k=v, ...)`; None for anything else."""
    out = []
    if isinstance(value, cst.Dict):
        for element in value.elements:
            if not (isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)):
                return None
            key = element.key.evaluated_value
            if not isinstance(key, str) or not key.isidentifier():
                return None
            out.append((key, element.value, element))
        return out
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "dict" \
            and analysis.is_builtin(value.func):
        for a in value.args:
            if a.keyword is None or a.star:
                return None
            out.append((a.keyword.value, a.value, a))
        return out
    return None


# -- what the rest is -----------------------------------------------------------------------


def describe(analysis, call: cst.Call, par: Optional[cst.CSTNode]) -> Optional[str]:
    """A precise account of a store tfmigrate does not follow, or None."""
    if isinstance(par, cst.Arg):
        outer = analysis.parent(par)
        if isinstance(outer, cst.Call) and (analysis.callee(outer) or "").endswith("add_to_collection"):
            key = analysis.code(outer.args[0].value).strip() if outer.args else "?"
            return (f"put in the graph collection {key} (`tf.add_to_collection`), to be read back with "
                    "`tf.get_collection`, which tfmigrate does not follow; build the config where the session "
                    "is made")
    if isinstance(par, cst.Arg):
        outer = analysis.parent(par)
        func = outer.func if isinstance(outer, cst.Call) else None
        methods = {m for table in config_consumers.METHODS.values() for m in table}
        if isinstance(func, cst.Attribute) and func.attr.value in methods:
            return (f"passed to `{analysis.code(func).strip()}(...)`, and `{analysis.code(func.value).strip()}` is "
                    "not bound in this scope to a tf.train.Supervisor or SessionManager tfmigrate can see, so it may "
                    "not end in a plain session")
    if isinstance(par, (cst.DictElement, cst.Element)):
        return ("stored in a dict, list or tuple; tfmigrate follows a config only through names, helper "
                "functions and `self` attributes: pass it to the session directly")
    return None


# -- config_proto = get_config_proto(...) ---------------------------------------------------


def helper_result_binding(analysis, site, ref: cst.Name, call: cst.CSTNode) -> bool:
    """`x = helper(...)` whose every use is a session's config, later in the same block:
    the sessions are the helper's consumers (its calls run where `x` was bound, which
    becomes a plain `helper(...)`). True when `ref` was such a call (followed, or reported
    with a reason); False leaves it to the caller's report."""
    if not (isinstance(call, cst.Call) and call.func is ref):
        return False
    assign = analysis.parent(call)
    if not (isinstance(assign, cst.Assign) and analysis._simple_assign(assign)):
        return False
    target = assign.targets[0].target
    stmt = analysis.parent(assign)
    block = analysis.parent(stmt)
    bindings = list(analysis.scopes[target][target.value])
    if len(bindings) != 1:
        site.fail(target, CODE_FOLLOW, f"`{target.value}` holds the config `{ref.value}()` returns and is assigned "
                  "more than once" + LEFT)
        return True
    body = list(getattr(block, "body", ()))
    sessions = []
    for use in analysis.in_source_order(bindings[0].references):
        node = use.node
        par = analysis.parent(node)
        if not (isinstance(par, cst.Arg) and par.value is node and analysis._is_session_config_arg(par)):
            site.fail(node, CODE_FOLLOW, f"`{target.value}` holds the config `{ref.value}()` returns, and "
                      f"`{analysis._line_code(node)}` is not a session that takes it" + LEFT)
            return True
        session = analysis.parent(par)
        top = analysis.statement_in(session, block)
        if top not in body or body.index(top) <= body.index(stmt):
            site.fail(node, CODE_FOLLOW, f"the session that takes `{target.value}` is not made after it in the "
                      "same block" + LEFT)
            return True
        changed = next((s for s in body[body.index(stmt) + 1: body.index(top)] if analysis.changes_environment(s)), None)
        if changed is not None:
            site.fail(changed, CODE_TOO_LATE, f"the environment is changed here, between `{target.value} "
                      f"= {ref.value}(...)` and the session; TF1 read it when the session started, and the calls "
                      "would run before it; move the change above" + LEFT)
            return True
        sessions.append(session)
    if not sessions:
        return False
    for session in sessions:
        site.session_calls.append(session)
        site.helper_bindings[session] = stmt
    return True


def binding_edits(site) -> list:
    """`x = helper(...)` becomes `helper(...)`: the helper still runs there, for its calls."""
    from tfmigrate.rule import Replace

    edits = []
    for stmt in dict.fromkeys(site.helper_bindings.values()):
        assign = stmt.body[0]
        edits.append(Replace(stmt, stmt.with_changes(body=[cst.Expr(assign.value)])))
    return edits
