"""A RunConfig made by a function of the module for each model (`config=run_config("dnn")`,
`def run_config(name): return RunConfig(model_dir=os.path.join(ROOT, name), ...)`), and
per-model directories under one new temporary root. The helper's RunConfig is read as if it
were written at the Estimator, its parameters standing for what the call passes; the helper
goes when every Estimator that calls it is rewritten.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate.codemods._estimator_common import (
    CANNED, CODE_RUN_CONFIG_DYNAMIC, ESTIMATOR, _AnalysisBase, _Pipeline, _Problem, _walk,
)


def _attribute_and_keyword_names(node: cst.CSTNode) -> set[int]:
    """ids of the Names in `node` that are attribute names or keywords, not reads."""
    skip = {id(n.attr) for n in _walk(node) if isinstance(n, cst.Attribute)}
    return skip | {id(n.keyword) for n in _walk(node) if isinstance(n, cst.Arg) and n.keyword is not None}


class _Substitute(cst.CSTTransformer):
    """Replaces the reads of the given names (not attribute names or keywords)."""

    def __init__(self, values: dict[str, cst.BaseExpression], skip: set[int]) -> None:
        self.values = values
        self.skip = skip

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return updated if id(original) in self.skip else self.values.get(original.value, updated)


class _ConfigHelper(_AnalysisBase):
    def config_helper_chain(self, node: cst.BaseExpression, pipeline: _Pipeline) -> Optional[list[cst.Call]]:
        """The RunConfig chain `return RunConfig(...)` of the helper `node` calls, with the
        values its parameters get recorded on the pipeline; None when `node` is no such call."""
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)):
            return None
        helper = self.single_binding(node.func)
        if not isinstance(helper, cst.FunctionDef) or not isinstance(helper.body, cst.IndentedBlock):
            return None
        body = list(helper.body.body)
        if body and self.is_docstring(body[0]):
            body = body[1:]
        ret = body[0].body[0] if len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) \
            and len(body[0].body) == 1 else None
        chain = self.run_config_chain(ret.value) if isinstance(ret, cst.Return) else None  # type: ignore[attr-defined]
        if chain is None:
            return None
        name = helper.name.value
        params = helper.params
        if helper.decorators or helper.asynchronous is not None or params.star_arg is not cst.MaybeSentinel.DEFAULT \
                or params.star_kwarg is not None or params.posonly_params or any(a.star for a in node.args):
            raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"the RunConfig comes from `{name}(...)`, whose parameters "
                           "tfmigrate cannot match to the call (decorators, *args, **kwargs): migrate by hand", node)
        values = self.helper_values(node, helper)
        for param, value in values.items():
            if value is None or not self.plain_literal(value):
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"`{self.code(node)}` gives the RunConfig helper `{name}` "
                               f"a value for `{param}` that is not a literal: migrate by hand", node)
        if len(node.args) > len(params.params) + len(params.kwonly_params):
            raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"`{self.code(node)}` passes more than `{name}` takes", node)
        self.reads_the_same_at(chain, helper, pipeline.estimator_call, set(values))
        users = []
        for use in self.references(helper):
            call = self.parents.get(use)
            arg = self.parents.get(call)
            estimator = self.parents.get(arg)
            if not (isinstance(call, cst.Call) and call.func is use and isinstance(arg, cst.Arg)
                    and arg.value is call and arg.keyword is not None and arg.keyword.value == "config"
                    and isinstance(estimator, cst.Call)
                    and (self.name_of(estimator.func) == ESTIMATOR or self.name_of(estimator.func) in CANNED)):
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"the RunConfig helper `{name}` is also used as "
                               f"`{self.code(call if isinstance(call, cst.Call) else use)}`, not as an Estimator's "
                               "config=: migrate by hand", node)
            users.append(estimator)
        # The helper goes with the last Estimator that calls it (EstimatorRule.remove_shared_statements).
        self.shared_statements[id(helper)] = list(dict.fromkeys(users))
        pipeline.config_values = values
        return chain

    def helper_values(self, call: cst.Call, helper: cst.FunctionDef) -> dict:
        """Each parameter of `helper` → what `call` passes for it, or its default (None: neither)."""
        return {param.name.value: self.argument_to(call, helper, param) or param.default  # type: ignore[attr-defined]
                for param in (*helper.params.params, *helper.params.kwonly_params)}

    def is_docstring(self, stmt: cst.CSTNode) -> bool:
        return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 \
            and isinstance(stmt.body[0], cst.Expr) and isinstance(stmt.body[0].value, cst.SimpleString)

    def plain_literal(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
            value = value.expression
        return isinstance(value, (cst.SimpleString, cst.Integer, cst.Float)) \
            or isinstance(value, cst.Name) and value.value in ("True", "False", "None")

    def reads_the_same_at(self, chain: list[cst.Call], helper: cst.FunctionDef, site: cst.Call,
                          params: set[str]) -> None:
        """Every other name the helper's RunConfig reads must mean the same where the Estimator
        is built (a module-level name not shadowed there, or a local of the function that holds
        both the helper and the Estimator)."""
        here = self.scopes.get(site)
        for call in chain:
            for arg in call.args:
                for name in self.read_names(arg.value):
                    if name.value in params:
                        continue
                    there = self.scopes.get(name)
                    if there is None or here is None or \
                            {id(getattr(a, "node", a)) for a in there[name.value]} != \
                            {id(getattr(a, "node", a)) for a in here[name.value]}:
                        raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"the RunConfig helper `{helper.name.value}` reads "
                                       f"`{name.value}`, which means something else where the Estimator is built: "
                                       "migrate by hand", name)

    def read_names(self, value: cst.CSTNode) -> list[cst.Name]:
        skip = _attribute_and_keyword_names(value)
        if any(isinstance(n, (cst.Lambda, cst.FunctionDef, cst.ListComp, cst.GeneratorExp, cst.DictComp,
                              cst.SetComp)) for n in _walk(value)):
            raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"`{self.code(value)}` in a RunConfig helper is computed: "
                           "migrate by hand", value)
        return [n for n in _walk(value) if isinstance(n, cst.Name) and id(n) not in skip]

    def substituted(self, node: cst.BaseExpression, pipeline: _Pipeline) -> cst.BaseExpression:
        """`node` (from a RunConfig helper) with its parameters replaced by what this call passes."""
        if not pipeline.config_values:
            return node
        return node.visit(_Substitute(pipeline.config_values, _attribute_and_keyword_names(node)))  # type: ignore[return-value]

    def under_new_temporary_root(self, node: Optional[cst.BaseExpression]) -> bool:
        """`os.path.join(ROOT, "dnn")`, where ROOT is bound once to `tempfile.mkdtemp()` and
        read only to join such model_dirs, each a different written path, each built once: a
        new directory only this Estimator read, as with no model_dir."""
        if not (isinstance(node, cst.Call) and self.name_of(node.func) == "os.path.join" and len(node.args) >= 2
                and isinstance(node.args[0].value, cst.Name)):
            return False
        made = self.single_binding(node.args[0].value)
        if not self.is_mkdtemp(made):
            return False
        paths: list[tuple] = []
        for read in self.references(made):
            arg = self.parents.get(read)
            join = self.parents.get(arg)
            if not (isinstance(join, cst.Call) and self.name_of(join.func) == "os.path.join"
                    and join.args and join.args[0] is arg and self.is_model_dir(join)):
                return False
            found = self.joined_paths(join, made)
            if found is None:
                return False
            paths += found
        return len(paths) == len(set(paths))

    def is_model_dir(self, value: cst.CSTNode) -> bool:
        arg = self.parents.get(value)
        call = self.parents.get(arg)
        return isinstance(arg, cst.Arg) and arg.keyword is not None and arg.keyword.value == "model_dir" \
            and isinstance(call, cst.Call) and (self.name_of(call.func) in (ESTIMATOR, *CANNED)
                                                or self.run_config_chain(call) is not None)  # type: ignore[attr-defined]

    def joined_paths(self, join: cst.Call, made: cst.Call) -> Optional[list[tuple]]:
        """The paths `join` makes, each as its written parts: one when they are strings written
        there, one per call of the RunConfig helper it is in when they are its parameters."""
        if any(a.star or a.keyword is not None for a in join.args):
            return None
        parts = [a.value for a in join.args[1:]]
        helper = self.enclosing_function(join)  # type: ignore[attr-defined]
        if all(isinstance(p, cst.SimpleString) for p in parts):
            return [tuple(p.evaluated_value for p in parts)] if self.built_once(join, made) else None  # type: ignore[union-attr]
        if helper is None or id(helper) not in self.shared_statements:  # not a RunConfig helper followed here
            return None
        found = []
        for use in self.references(helper):
            call = self.parents.get(use)
            if not isinstance(call, cst.Call) or not self.built_once(call, made):
                return None
            values = self.helper_values(call, helper)
            written = [values.get(p.value) if isinstance(p, cst.Name) else p for p in parts]
            if not all(isinstance(w, cst.SimpleString) for w in written):
                return None
            found.append(tuple(w.evaluated_value for w in written))  # type: ignore[union-attr]
        return found

    def built_once(self, node: cst.CSTNode, made: cst.Call) -> bool:
        """Does `node` run once for each `tempfile.mkdtemp()` of `made`: no loop around it
        below the root's binding, in the function that binds the root, or in a function
        called once from the module's top level?"""
        home = self.enclosing_function(made)  # type: ignore[attr-defined]
        cur = self.parents.get(node)
        while cur is not None and cur is not home:
            if isinstance(cur, (cst.For, cst.While, cst.CompFor)):
                return False
            if isinstance(cur, (cst.FunctionDef, cst.Lambda)) and home is None:
                if not isinstance(cur, cst.FunctionDef):
                    return False
                callers = self.references(cur)
                return len(callers) == 1 and isinstance(self.parents.get(callers[0]), cst.Call) \
                    and self.built_once(callers[0], made)
            if isinstance(cur, (cst.FunctionDef, cst.Lambda)):
                return False  # a function inside the one that binds the root: called who knows how often
            cur = self.parents.get(cur)
        return True

    def new_temporary_path(self, node: Optional[cst.BaseExpression]) -> bool:
        """`tempfile.mkdtemp()`, or `os.path.join(tempfile.mkdtemp(), "model")`: new each time."""
        if isinstance(node, cst.Call) and self.name_of(node.func) == "os.path.join" and node.args \
                and not any(a.star or a.keyword is not None for a in node.args) \
                and all(isinstance(a.value, cst.SimpleString) for a in node.args[1:]):
            node = node.args[0].value
        return self.is_mkdtemp(node)

    def is_mkdtemp(self, node: Optional[cst.CSTNode]) -> bool:
        """`tempfile.mkdtemp()` (with written prefix/suffix/dir at most): a new directory."""
        return isinstance(node, cst.Call) and self.name_of(node.func) == "tempfile.mkdtemp" \
            and all(a.keyword is not None and isinstance(a.value, cst.SimpleString) for a in node.args)

    def fresh_path_value(self, node: Optional[cst.BaseExpression], pipeline: _Pipeline
                         ) -> Optional[cst.BaseExpression]:
        """`node`, or for `model_dir=model_dir` the value of that name when it is bound once,
        read only here, and the Estimator is built once for each time the binding runs."""
        if not isinstance(node, cst.Name):
            return node
        value = self.single_binding(node)
        if not isinstance(value, cst.Call) or self.references(value) != [node] \
                or not self.built_once(pipeline.estimator_call, value):
            return node
        return value
