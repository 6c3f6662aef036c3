"""TFM1xx emission: what is written where a config was used, and how names are spelt.

A session keeps its call and loses `config=` (a session without a config takes the
process-wide settings, SEMANTICS fact 1); a `set_session` line and a session variable
that only fed it go away; a helper's callers call it for its calls. The tf.config calls
are spelt with the file's own TensorFlow alias (`tf`, `tf1`, `tensorflow`), and an import
that the rewrite orphaned is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import libcst as cst
from libcst.metadata import GlobalScope

from tfmigrate.codemods import _config_consumers as config_consumers
from tfmigrate.codemods import _config_plan as config_plan
from tfmigrate.codemods import _config_stored as config_stored
from tfmigrate.codemods._config_sites import _imports_in, _Site, CODE_FOLLOW, LEFT, SESSIONS, SET_SESSION, SiteBase
from tfmigrate.names import imported_names, is_compat_v1
from tfmigrate.rule import Edit, InsertBefore, Replace
from tfmigrate.settings import Names


@dataclass
class Consumers:
    """The edits that make a site's consumers take the process-wide settings."""

    edits: list[Edit]
    removed: set[cst.CSTNode]


class Emission(SiteBase):
    """What a site's consumers become, and the names the calls are written with."""

    def consumer_statements(self, site: _Site, names: Names) -> "Consumers":
        out = Consumers([], set())
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

    def drop_session_variable(self, site: _Site, call: cst.Call, out: "Consumers") -> bool:
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
