"""Reading `RunConfig(...)` and its strategy for an Estimator pipeline: train_distribute,
session_config, model_dir and the contrib strategies (TFM201, TFM202, TFM205, TFM215, TFM216).
"""

from __future__ import annotations

import ast
from typing import Optional

import libcst as cst
from libcst.metadata import GlobalScope

from tfmigrate.codemods.config_proto import translate_session_config
from tfmigrate.names import is_compat_v1
from tfmigrate.rule import Finding, Replace
from tfmigrate.codemods._estimator_contrib_run_config import value_roots
from tfmigrate.codemods._estimator_common import (
    CODE_COLLECTIVE, CODE_CONTRIB_MIRRORED, CODE_CONTRIB_ONE_DEVICE, CODE_PARAMETER_SERVER, CODE_RUN_CONFIG_ARG,
    CANNED, CODE_RUN_CONFIG_DYNAMIC, DISTRIBUTE_CONFIG, CODE_STRATEGY_LEFT, COLLECTIVE, CONTRIB_IMPORTS, CONTRIB_MIRRORED, ESTIMATOR, MIRRORED,
    MULTI_WORKER, PARAMETER_SERVER, PER_REPLICA_BATCH, RUN_CONFIG, RUN_CONFIG_DROPPABLE, RUN_CONFIG_GUIDANCE,
    CONTRIB_RUN_CONFIG, CONTRIB_RUN_CONFIG_ARGS, CONTRIB_TF_CONFIG_ONLY, RUN_CONFIGS,
    _AnalysisBase, _Pipeline, _Problem, _inside_node, _is_none, _walk,
)

# Estimator methods and attributes that read where its model_dir is.
PATH_READERS = frozenset({"latest_checkpoint", "model_dir", "eval_dir", "get_variable_names", "get_variable_value",
                          "export_saved_model", "export_savedmodel", "experimental_export_all_saved_models"})


# Calls that only make or join a path, as RunConfig(model_dir=...) is given one.
PATH_CALLS = frozenset({"tempfile.mkdtemp", "os.path.join", "os.path.expanduser", "os.path.abspath", "os.getcwd"})


class _RunConfig(_AnalysisBase):
    def contrib_mirrored(self, call: cst.Call) -> Finding:
        tf = self.tf2_alias()
        try:
            given = self.keyword_args(call, ("devices", "num_gpus"))
        except _Problem as p:
            return Finding(CODE_STRATEGY_LEFT, p.message, call)
        extra = sorted(k for k in given if k not in ("num_gpus", "devices"))
        if extra or tf is None or len(given) > 1:
            why = f"{', '.join(extra)} has no TF2 form" if extra else "it mixes devices and num_gpus"
            if tf is None:
                why = "no name is free for `import tensorflow`"
            return Finding(CODE_STRATEGY_LEFT, f"MirroredStrategy left as it is: {why}", call)
        alias, imports = tf
        if not self.feeds_only_run_configs(call):
            return Finding(CODE_STRATEGY_LEFT, PER_REPLICA_BATCH.format(kind="MirroredStrategy"), call)
        if "devices" in given:
            args = self.code(given["devices"].value)
        elif "num_gpus" in given:
            count = given["num_gpus"].value
            if isinstance(count, cst.Name) and count.value != "None":  # `NUM_GPUS = 2`, bound once
                bound = self.single_binding(count)
                literal = isinstance(bound, cst.Integer) or isinstance(bound, cst.Name) and bound.value == "None"
                count = bound if literal else count
            if isinstance(count, cst.Name) and count.value == "None":  # every GPU, as with no argument
                args = ""
            elif isinstance(count, cst.Integer) and int(count.value, 0) == 0:  # no GPU: the CPU alone
                args = '["/cpu:0"]'
            elif isinstance(count, cst.Integer):  # num_gpus=n meant the first n GPUs
                args = "[" + ", ".join(f'"/gpu:{i}"' for i in range(int(count.value, 0))) + "]"
            else:
                return Finding(CODE_STRATEGY_LEFT, f"MirroredStrategy left as it is: num_gpus={self.code(count)} is not "
                               "a literal, and TF1 read 0 as 'the CPU only' and None as 'every GPU', where TF2 takes "
                               "a device list (an empty one means every GPU); write the list by hand", call)
        else:
            args = ""
        text = f"{alias}.distribute.MirroredStrategy({args})"
        return Finding(CODE_CONTRIB_MIRRORED, f"{self.code(call)} → {text}", call,
                       edits=(Replace(call, cst.parse_expression(text)),), add_imports=imports,
                       remove_unused_imports=CONTRIB_IMPORTS)

    def feeds_only_run_configs(self, call: cst.Call) -> bool:
        """Is the strategy only handed to RunConfig(train_distribute/eval_distribute)? Contrib's
        strategies took each dataset batch as one replica's, where TF2's split it across the
        replicas; an Estimator's input_fn batches per replica either way (SEMANTICS fact 7),
        so only there is the rename exact."""
        if self.is_distribute_arg(call):
            return True
        if self.assigned_name(call) is not None:
            return all(self.is_distribute_arg(use) for use in self.references(call))
        helper = self.returned_by(call)  # `def get_strategy(): return MirroredStrategy(...)`
        if helper is None:
            return False
        calls = [self.parents.get(use) for use in self.references(helper)]
        return bool(calls) and all(isinstance(c, cst.Call) and self.is_distribute_arg(c) for c in calls)

    def returned_by(self, value: cst.CSTNode) -> Optional[cst.FunctionDef]:
        """The function that `return value` ends, if the value is the whole return value."""
        ret = self.parents.get(value)
        if not (isinstance(ret, cst.Return) and ret.value is value):
            return None
        cur = self.parents.get(ret)
        while cur is not None and not isinstance(cur, (cst.FunctionDef, cst.Lambda, cst.Module)):
            cur = self.parents.get(cur)
        return cur if isinstance(cur, cst.FunctionDef) else None

    def is_distribute_arg(self, node: cst.CSTNode) -> bool:
        arg = self.parents.get(node)
        run_config = self.parents.get(arg)
        return (isinstance(arg, cst.Arg) and arg.value is node and arg.keyword is not None
                and arg.keyword.value in ("train_distribute", "eval_distribute")
                and isinstance(run_config, cst.Call) and (
                    self.name_of(run_config.func) == RUN_CONFIG
                    # a DistributeConfig of a remote cluster is left as it is (TFM216), and so is its strategy
                    or self.name_of(run_config.func) == DISTRIBUTE_CONFIG
                    and not any(a.keyword is not None and a.keyword.value == "remote_cluster" for a in run_config.args)))

    def contrib_one_device(self, call: cst.Call) -> Finding:
        """The same class, with the same single `device` argument, under tf.distribute."""
        tf = self.tf2_alias()
        try:
            given = self.keyword_args(call, ("device",))
        except _Problem as p:
            return Finding(CODE_STRATEGY_LEFT, p.message, call)
        if set(given) != {"device"} or tf is None:
            why = "no name is free for `import tensorflow`" if tf is None else "it takes exactly one device"
            return Finding(CODE_STRATEGY_LEFT, f"OneDeviceStrategy left as it is: {why}", call)
        alias, imports = tf
        text = f"{alias}.distribute.OneDeviceStrategy({self.code(given['device'].value)})"
        return Finding(CODE_CONTRIB_ONE_DEVICE, f"{self.code(call)} → {text}", call,
                       edits=(Replace(call, cst.parse_expression(text)),), add_imports=imports,
                       remove_unused_imports=CONTRIB_IMPORTS)

    def collective(self, call: cst.Call) -> Finding:
        tf = self.tf2_alias()
        if not self.feeds_only_run_configs(call):
            return Finding(CODE_STRATEGY_LEFT, PER_REPLICA_BATCH.format(kind="CollectiveAllReduceStrategy"), call)
        if call.args or tf is None:
            return Finding(CODE_STRATEGY_LEFT, "CollectiveAllReduceStrategy(...) with arguments: "
                           "tf.distribute.MultiWorkerMirroredStrategy uses every local GPU and reads the cluster from "
                           "TF_CONFIG; restrict GPUs with tf.config.set_visible_devices instead", call)
        alias, imports = tf
        text = f"{alias}.distribute.MultiWorkerMirroredStrategy()"
        return Finding(CODE_COLLECTIVE, f"{self.code(call)} → {text} (cluster from TF_CONFIG as before)", call,
                       edits=(Replace(call, cst.parse_expression(text)),), add_imports=imports,
                       remove_unused_imports=CONTRIB_IMPORTS)

    def run_config(self, node: cst.BaseExpression, pipeline: _Pipeline, est_stmt: cst.SimpleStatementLine
                   ) -> tuple[Optional[cst.BaseExpression], Optional[cst.BaseExpression]]:
        passed = self.config_passed_to_factory(node, pipeline) if isinstance(node, cst.Name) else None
        if passed is not None and _is_none(passed):  # `config=None` left to its default: no RunConfig
            return None, None
        if passed is not None:  # `def build(config): ... Estimator(..., config=config)`, `build(run_config)`
            node = passed
        chain = self.run_config_chain(node)
        rebound = self.rebound_config(node) if isinstance(node, cst.Name) else None
        if rebound is not None:  # `config = RunConfig(...)`, then `config = config.replace(...)`
            chain, statements = rebound
            pipeline.removed += statements
        elif isinstance(node, cst.Name):
            value = self.single_binding(node)
            chain = self.run_config_chain(value) if isinstance(value, cst.BaseExpression) else None
            if chain is None and pipeline.site is not None and self.is_parameter(node):
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"the RunConfig comes in through the parameter `{node.value}`: "
                               "tfmigrate follows it when it is read only here and the factory's one caller passes "
                               "a RunConfig (no train_distribute) whose arguments read only literals and "
                               "module-level names, which the factory can read too", node)
            if chain is None:
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"`{node.value}` is not one `RunConfig(...)` assignment that "
                               "tfmigrate can follow", node)
            call = chain[-1]
            config_stmt = self.statement_of(call)
            if self.assigned_name(call) is None:
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"RunConfig `{node.value}` is used elsewhere or changed: "
                               "tfmigrate cannot follow it", call)
            if self.config_uses_ok(call, node, pipeline):
                pipeline.removed.append(config_stmt)
            elif self.config_shared(call, node):
                # Several Estimators of this file take this one RunConfig: it goes when the
                # last of them is rewritten, if all of them are (EstimatorRule.run).
                pipeline.shared_config = config_stmt
            else:
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"RunConfig `{node.value}` is used elsewhere or changed: "
                               "tfmigrate cannot follow it", call)
        elif chain is None:
            chain = self.config_helper_chain(node, pipeline)  # type: ignore[attr-defined]
            if chain is None:
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"config `{self.code(node)}` is not a RunConfig(...) "
                               "tfmigrate can follow", node)
        # RunConfig(a=1).replace(b=2): each replace() overrides what came before it.
        given: dict[str, cst.Arg] = {}
        owner: dict[str, cst.Call] = {}
        contrib = self.name_of(chain[0].func) == CONTRIB_RUN_CONFIG
        for i, step in enumerate(chain):
            for key, arg in self.keyword_args(step, ("model_dir", "tf_random_seed") if i == 0 and not contrib
                                              else ()).items():
                given[key], owner[key] = arg, step
        if contrib:
            self.contrib_run_config(given, pipeline)
        self.distribute_config(given, pipeline)
        for key, arg in given.items():
            if key in ("train_distribute", "eval_distribute") or _is_none(arg.value):
                continue
            value = self.substituted(arg.value, pipeline)  # type: ignore[attr-defined]
            if key == "tf_random_seed":
                pipeline.seed = self.plain(value)
            elif key == "model_dir":
                if pipeline.model_dir is None:
                    pipeline.model_dir, pipeline.model_dir_node = self.plain(value), arg.value
            elif key == "session_config":
                if pipeline.config_values is not None:
                    raise _Problem(CODE_RUN_CONFIG_ARG, "session_config in a RunConfig helper: write its "
                                   "RunConfig where the Estimator is built, or migrate by hand", arg)
                self.session_config(owner[key], pipeline, arg)
            elif key == "keep_checkpoint_max":
                pipeline.keep = self.plain(value)
                pipeline.keep_arg = arg
            elif key == "save_checkpoints_steps":
                pipeline.save_every = self.plain(value)
                pipeline.save_every_arg = arg
            elif key in RUN_CONFIG_DROPPABLE:
                pipeline.dropped.append(arg)
            else:
                raise _Problem(CODE_RUN_CONFIG_ARG, f"RunConfig({key}=...) has no automatic Keras form: "
                               + RUN_CONFIG_GUIDANCE.get(key, "migrate it by hand"), arg)
        if pipeline.shared_config is not None and pipeline.config_fixes:
            # The session_config's tf.config calls go once, with the shared RunConfig's removal.
            self.shared_config_fixes.setdefault(id(pipeline.shared_config), pipeline.config_fixes)
            pipeline.config_fixes = []
        train = given.get("train_distribute")
        evaluation = given.get("eval_distribute")
        if train is None or _is_none(train.value):
            if evaluation is not None and not _is_none(evaluation.value):
                raise _Problem(CODE_STRATEGY_LEFT, "eval_distribute without train_distribute: one Keras model "
                               "lives in one strategy; migrate evaluation by hand", evaluation)
            return None, None
        return train.value, evaluation.value if evaluation is not None and not _is_none(evaluation.value) else None

    def config_passed_to_factory(self, node: cst.Name, pipeline: _Pipeline) -> Optional[cst.BaseExpression]:
        """`config=config` where `config` is a parameter of the factory that returns this
        Estimator, read only there, and its one caller passes a RunConfig (a name bound to
        one, or the call): that value, when every argument of it reads only literals and
        module-level names (the factory's code will read them). The parameter and the
        argument go: the RunConfig is the Estimator's, rewritten with it."""
        site = pipeline.site
        if site is None:
            return None
        scope = self.scopes.get(node)
        bindings = list(scope[node.value]) if scope is not None else []
        param = getattr(bindings[0], "node", None) if len(bindings) == 1 else None
        params = site.factory.params
        if not isinstance(param, cst.Param) or param not in params.params \
                or [a.node for a in bindings[0].references] != [node]:
            return None
        if any(a.star for a in site.call.args):
            return None
        arg = site.argument_for(param)
        positional = [a for a in site.call.args if a.keyword is None]
        if arg is None and param.default is not None and _is_none(param.default):
            # `def build(..., config=None)` called without one: the Estimator got no RunConfig
            kept = [p for p in params.params if p is not param]
            if kept and params.params[-1] is param:
                kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            pipeline.input_edits[id(params)] = Replace(params, params.with_changes(params=kept))
            return cst.Name("None")
        if arg is None:
            return None
        value = arg.value
        chain = self.run_config_chain(value)
        if chain is None and isinstance(value, cst.Name):
            bound = self.single_binding(value)
            chain = self.run_config_chain(bound) if isinstance(bound, cst.BaseExpression) \
                and self.runs_before(self.statement_of(bound), value) else None  # type: ignore[attr-defined]
        if chain is None or not all(self.readable_anywhere(a.value) for c in chain for a in c.args) \
                or any(a.keyword is not None and a.keyword.value in ("train_distribute", "eval_distribute",
                                                                     "experimental_distribute")
                       for c in chain for a in c.args):
            return None
        kept_params = [p for p in params.params if p is not param]
        kept_args = []
        for i, a in enumerate(site.call.args):
            if a is arg:
                continue
            if a.keyword is None and arg.keyword is None and i > positional.index(arg):
                # a later argument by position would shift onto the wrong parameter: by keyword
                if i >= len(params.params):
                    return None
                a = a.with_changes(keyword=cst.Name(params.params[i].name.value),
                                   equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                                         whitespace_after=cst.SimpleWhitespace("")))
            kept_args.append(a)
        if kept_params and params.params[-1] is param:
            kept_params[-1] = kept_params[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        if kept_args and site.call.args[-1] is arg:
            kept_args[-1] = kept_args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        pipeline.input_edits[id(params)] = Replace(params, params.with_changes(params=kept_params))
        pipeline.input_edits[id(site.call)] = Replace(site.call, site.call.with_changes(args=kept_args))
        return value

    def is_parameter(self, node: cst.Name) -> bool:
        scope = self.scopes.get(node)
        bindings = list(scope[node.value]) if scope is not None else []
        return len(bindings) == 1 and isinstance(getattr(bindings[0], "node", None), cst.Param)

    def without_fresh_temporary_dir(self, pipeline: _Pipeline, given: dict[str, cst.Arg]) -> None:
        """`model_dir=tempfile.mkdtemp()` written in the Estimator's call, or in a RunConfig only
        this Estimator takes, is what the Estimator did without a model_dir (estimator.py
        `maybe_overwrite_model_dir_and_session_config`: `tempfile.mkdtemp()`): a new directory
        whose path nothing else in the program holds, so only this Estimator ever read its
        checkpoints. The Keras model keeps its state in memory, as for no model_dir."""
        node = pipeline.model_dir_node
        made = self.fresh_path_value(node, pipeline)  # type: ignore[attr-defined]
        under_root = self.under_new_temporary_root(made)  # type: ignore[attr-defined]
        if not under_root and not self.new_temporary_path(made):  # type: ignore[attr-defined]
            return
        if any(a.attr.value in PATH_READERS for a in self.index.of(cst.Attribute)):
            return  # `est.latest_checkpoint()`, `est.model_dir`: the program reads the path
        own = "model_dir" in given and given["model_dir"].value is node
        if not own and pipeline.shared_config is not None:
            return  # Estimators that share the RunConfig share the directory too
        what = (f"model_dir `{pipeline.model_dir}` dropped: a directory of its own under a new temporary "
                "directory, made once" if under_root else f"model_dir `{self.code(node)}` dropped: a new temporary "
                "directory")
        pipeline.dropped_why.append((node, (
            f"{what}, as the Estimator made itself without a model_dir, whose checkpoints only this Estimator "
            "read; the Keras model keeps its state in memory")))
        pipeline.model_dir = pipeline.model_dir_node = None

    def readable_anywhere(self, value: cst.BaseExpression) -> bool:
        """A literal, or a name or attribute chain rooted at a module-level name or a builtin
        (`FLAGS.seed`): it reads the same in the factory as where the RunConfig was built."""
        if isinstance(value, cst.UnaryOperation):
            value = value.expression
        if isinstance(value, cst.Call) and self.name_of(value.func) in PATH_CALLS \
                and all(not a.star and self.readable_anywhere(a.value) for a in value.args):
            # `model_dir=tempfile.mkdtemp()`, `os.path.join(FLAGS.job_dir, "model")`: a path made once,
            # by the one call of the factory, as it was made once where the RunConfig was built.
            return True
        roots = value_roots(value)
        return roots is not None and all(root.value in ("True", "False", "None") or self.global_name(root)
                                         for root in roots)

    def global_name(self, name: cst.Name) -> bool:
        scope = self.scopes.get(name)
        found = list(scope[name.value]) if scope is not None else []
        return bool(found) and all(isinstance(a.scope, GlobalScope) for a in found)

    def contrib_run_config(self, given: dict[str, cst.Arg], pipeline: _Pipeline) -> None:
        """tf.contrib.learn.RunConfig given to a tf.estimator Estimator: the fields it shares
        with tf.estimator.RunConfig meant the same; the ones that only built its `tf_config`
        never reached the Estimator, and go with a note."""
        for key in list(given):
            arg = given[key]
            if key not in CONTRIB_RUN_CONFIG_ARGS:
                raise _Problem(CODE_RUN_CONFIG_ARG, f"tf.contrib.learn.RunConfig({key}=...) has no automatic Keras "
                               "form: " + RUN_CONFIG_GUIDANCE.get(key, "migrate it by hand"), arg)
            if key in CONTRIB_TF_CONFIG_ONLY:
                del given[key]
                pipeline.dropped_why.append((arg, f"tf.contrib.learn.RunConfig({key}=...) dropped: it only built the "
                                             "RunConfig's tf_config, which a tf.estimator Estimator never used (it "
                                             "ran its sessions with session_config)"))

    def distribute_config(self, given: dict[str, cst.Arg], pipeline: _Pipeline) -> None:
        """`RunConfig(experimental_distribute=tf.contrib.distribute.DistributeConfig(
        train_distribute=s, eval_distribute=e))`, the TF 1.11-1.13 spelling: its strategies are
        RunConfig's train_distribute and eval_distribute (a remote_cluster is reported)."""
        arg = given.get("experimental_distribute")
        if arg is None or _is_none(arg.value):
            return
        value = arg.value
        if isinstance(value, cst.Name):
            bound = self.single_binding(value)
            if isinstance(bound, cst.Call) and self.references(bound) == [value] \
                    and self.assigned_name(bound) == value.value:
                pipeline.removed.append(self.statement_of(bound))  # type: ignore[arg-type]
                value = bound
        if not (isinstance(value, cst.Call) and self.name_of(value.func) == DISTRIBUTE_CONFIG):
            raise _Problem(CODE_RUN_CONFIG_ARG, "RunConfig(experimental_distribute=...) is not a "
                           "DistributeConfig(...) tfmigrate can follow: use its strategy as train_distribute", arg)
        inner = self.keyword_args(value, ("train_distribute", "eval_distribute", "remote_cluster"))
        for key, part in inner.items():
            if key not in ("train_distribute", "eval_distribute") and not _is_none(part.value):
                raise _Problem(CODE_RUN_CONFIG_ARG, f"DistributeConfig({key}=...) has no automatic Keras form: "
                               "a remote cluster's jobs are set up through TF_CONFIG and "
                               "tf.distribute.cluster_resolver; migrate by hand", part)
            if key in given and not _is_none(given[key].value):
                raise _Problem(CODE_RUN_CONFIG_ARG, f"RunConfig gives {key} twice (also in DistributeConfig)", part)
            given[key] = part
        del given["experimental_distribute"]

    def rebound_config(self, node: cst.Name) -> Optional[tuple[list[cst.Call], list[cst.SimpleStatementLine]]]:
        """`config = RunConfig(...)` then `config = config.replace(...)` (any number of times), in
        one block above the Estimator, and `config` read nowhere else: the calls of the whole
        chain, the RunConfig first, and the statements that bind it."""
        scope = self.scopes.get(node)
        if scope is None:
            return None
        calls: list[cst.Call] = []
        statements: list[cst.SimpleStatementLine] = []
        receivers: list[cst.CSTNode] = []
        current = node
        while True:
            value = self.latest_binding(current)
            if value is None:
                return None
            statements.insert(0, self.statement_of(value))  # type: ignore[arg-type]
            chain: list[cst.Call] = []
            while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                    and value.func.attr.value == "replace":
                chain.insert(0, value)
                value = value.func.value
            if isinstance(value, cst.Call) and self.name_of(value.func) in RUN_CONFIGS:
                calls = [value, *chain, *calls]
                break
            if not (chain and isinstance(value, cst.Name) and value.value == node.value):
                return None
            calls = [*chain, *calls]
            receivers.append(value)
            current = value
        if len(statements) < 2 or len(list(scope.assignments[node.value])) != len(statements):
            return None  # one binding is the single-assignment form; others bind it elsewhere too
        reads = {id(access.node) for access in scope.accesses[node.value]}
        if reads != {id(node), *map(id, receivers)} or self.read_in_inner_scope(node.value, scope, statements):
            return None
        return calls, statements

    def read_in_inner_scope(self, name: str, scope: object, statements: list[cst.SimpleStatementLine]) -> bool:
        """Is `name` of `scope` read by a function or comprehension inside it (a closure)?"""
        targets = {id(n) for stmt in statements for n in _walk(stmt.body[0].targets[0])}  # type: ignore[attr-defined]
        for n in self.index.of(cst.Name):
            parent = self.parents.get(n)
            if n.value != name or id(n) in targets or isinstance(parent, cst.Arg) and parent.keyword is n \
                    or isinstance(parent, cst.Attribute) and parent.attr is n:
                continue
            inner = self.scopes.get(n)
            for _ in range(100):
                if inner is None or inner is scope or list(inner.assignments[name]):
                    break
                inner = inner.parent
            if inner is scope and self.scopes.get(n) is not scope:
                return True
        return False

    def run_config_chain(self, node: Optional[cst.BaseExpression]) -> Optional[list[cst.Call]]:
        """`RunConfig(...)` or `RunConfig(...).replace(...)...`: its calls, the RunConfig first;
        None for anything else."""
        if not isinstance(node, cst.Call):
            return None
        if self.name_of(node.func) in RUN_CONFIGS:
            return [node]
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "replace":
            inner = self.run_config_chain(func.value)  # type: ignore[arg-type]
            if inner is not None:
                return [*inner, node]
        return None

    def config_shared(self, call: cst.Call, node: cst.Name) -> bool:
        """Is the RunConfig bound by `call` only ever the `config=` of Estimators built in
        this file? (An Estimator reads its RunConfig when it is built and never changes it.)"""
        uses = self.references(call)
        if node not in uses or len(uses) < 2:
            return False
        for use in uses:
            arg = self.parents.get(use)
            estimator = self.parents.get(arg)
            if not (isinstance(arg, cst.Arg) and arg.value is use and arg.keyword is not None
                    and arg.keyword.value == "config" and isinstance(estimator, cst.Call)):
                return False
            name = self.name_of(estimator.func)
            if name != ESTIMATOR and name not in CANNED:
                return False
            self.shared_statements.setdefault(id(self.statement_of(call)), []).append(estimator)
        self.shared_statements[id(self.statement_of(call))] = list(dict.fromkeys(
            self.shared_statements[id(self.statement_of(call))]))
        return True

    def config_uses_ok(self, call: cst.Call, node: cst.Name, pipeline: _Pipeline) -> bool:
        """Is the RunConfig only this Estimator's config (or, in a factory, only the config
        of the Estimators it returns)?"""
        uses = self.references(call)
        if uses == [node]:
            return True
        if pipeline.site is None or node not in uses:
            return False
        for use in uses:
            arg = self.parents.get(use)
            if not (isinstance(arg, cst.Arg) and arg.value is use
                    and self.parents.get(arg) in pipeline.site.alternatives):
                return False
        return True

    def session_config(self, run_config: cst.Call, pipeline: _Pipeline, arg: cst.Arg) -> None:
        """RunConfig(session_config=c): Keras has no sessions, so c's settings become the
        process-wide tf.config calls the TFM1xx rules write for a Session(config=c)."""
        fixes, problems = translate_session_config(self.wrapper, run_config)
        if problems or not fixes:
            reason = problems[0].message if problems else "nothing to translate"
            raise _Problem(CODE_RUN_CONFIG_ARG, f"RunConfig(session_config=...) has no automatic Keras form here: "
                           f"{reason}", problems[0].node if problems else arg)
        pipeline.config_fixes += fixes

    def plain(self, node: cst.BaseExpression) -> str:
        if any(isinstance(n, (cst.Lambda, cst.Yield, cst.Await)) for n in _walk(node)):
            raise _Problem(CODE_RUN_CONFIG_ARG, f"`{self.code(node)}` is computed: tfmigrate moves only plain values",
                           node)
        return self.code(node)

    def strategy(self, node: cst.BaseExpression, eval_node: Optional[cst.BaseExpression], pipeline: _Pipeline,
                 est_stmt: cst.SimpleStatementLine) -> None:
        if eval_node is not None and not (isinstance(node, cst.Name) and isinstance(eval_node, cst.Name)
                                          and node.value == eval_node.value) \
                and not self.same_inline_strategy(node, eval_node):
            raise _Problem(CODE_STRATEGY_LEFT, "eval_distribute is not the train_distribute strategy: one Keras "
                           "model lives in one strategy; migrate evaluation by hand", eval_node)
        if isinstance(node, cst.Name):
            call = self.single_binding(node)
            stmt = self.statement_of(call) if call is not None else None
            if (not isinstance(call, cst.Call) or stmt is None or self.assigned_name(call) != node.value
                    or not self.strategy_before(stmt, est_stmt, pipeline)):
                raise _Problem(CODE_STRATEGY_LEFT, f"strategy `{node.value}` is not created by one assignment in "
                               "the same block as the Estimator", node)
            pipeline.strategy_name, pipeline.strategy_stmt = node.value, stmt
        elif isinstance(node, cst.Call):
            call = node
            name = "strategy"
            if name in self.all_names:
                raise _Problem(CODE_STRATEGY_LEFT, "the strategy is created inline and the name `strategy` is taken",
                               node)
            pipeline.strategy_name = name
        else:
            raise _Problem(CODE_STRATEGY_LEFT, f"strategy `{self.code(node)}` cannot be followed", node)
        kind = self.name_of(call.func)
        made = self.strategy_made_by_helper(call) if kind is None else None
        if made is not None:  # `strategy = distribution_strategy()`, a helper that returns one MirroredStrategy
            call, kind = made, self.name_of(made.func)
        if kind in PARAMETER_SERVER:
            self.handled_strategies.add(call)
            raise _Problem(CODE_PARAMETER_SERVER, "parameter-server Estimator training: use "
                           "tf.distribute.ParameterServerStrategy + tf.distribute.coordinator.ClusterCoordinator "
                           "with Model.fit; there is no automatic rewrite", call)
        if kind not in MIRRORED | MULTI_WORKER | COLLECTIVE | {CONTRIB_MIRRORED}:
            raise _Problem(CODE_STRATEGY_LEFT, f"strategy `{self.code(call)}` is not a Mirrored or MultiWorker"
                           "Mirrored strategy", call)
        pipeline.strategy_call = call

    def strategy_made_by_helper(self, call: cst.Call) -> Optional[cst.Call]:
        """`def distribution_strategy(): ... return tf.distribute.MirroredStrategy(devices=gpus)`:
        a function of the module, not a generator, whose last statement returns and whose every
        return makes a tf.distribute.MirroredStrategy (on the devices it found, or the CPU):
        whichever runs, the Estimator got a MirroredStrategy, which Keras takes as it is."""
        fn = self.single_binding(call.func) if isinstance(call.func, cst.Name) else None
        if not isinstance(fn, cst.FunctionDef) or fn.decorators or fn.asynchronous is not None \
                or not isinstance(fn.body, cst.IndentedBlock) or not fn.body.body:
            return None
        last = fn.body.body[-1]
        if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)):
            return None
        returns = []
        for node in _walk(fn):
            if isinstance(node, (cst.Yield, cst.Await)) and self.enclosing_function(node) is fn:  # type: ignore[attr-defined]
                return None
            if isinstance(node, cst.Return) and self.enclosing_function(node) is fn:  # type: ignore[attr-defined]
                returns.append(node.value)
        if not returns or not all(isinstance(r, cst.Call) and self.name_of(r.func) in MIRRORED
                                  and not is_compat_v1(self.qnames, r.func) for r in returns):
            return None
        return returns[0]  # type: ignore[return-value]

    def same_inline_strategy(self, train: cst.BaseExpression, evaluation: cst.BaseExpression) -> bool:
        """`RunConfig(train_distribute=tf.distribute.MirroredStrategy(), eval_distribute=
        tf.distribute.MirroredStrategy())`: two instances made in the RunConfig itself (so
        nothing else holds either), of one Mirrored or MultiWorkerMirrored class, with the same
        literal arguments. They replicate over the same devices the same way, so the one
        strategy Keras fits and evaluates under is what each did; the eval instance goes with
        the RunConfig. Arguments that are not literals (a device list from a function, a
        cross_device_ops object) could differ between the two evaluations: reported."""
        if not (isinstance(train, cst.Call) and isinstance(evaluation, cst.Call)):
            return False
        kind = self.name_of(train.func)
        if kind not in MIRRORED | MULTI_WORKER or self.name_of(evaluation.func) != kind \
                or len(train.args) != len(evaluation.args):
            return False
        for a, b in zip(train.args, evaluation.args):
            if a.star or b.star or (a.keyword and a.keyword.value) != (b.keyword and b.keyword.value):
                return False
            try:
                if ast.literal_eval(self.code(a.value)) != ast.literal_eval(self.code(b.value)):
                    return False
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                return False
        return True

    def strategy_before(self, stmt: cst.SimpleStatementLine, est_stmt: cst.SimpleStatementLine,
                        pipeline: _Pipeline) -> bool:
        """Is the strategy made in the Estimator's block (or, in a factory, in a block that
        holds the Estimator's return, above it)?"""
        if self.block_of(stmt) is self.block_of(est_stmt):
            return True
        if pipeline.site is None:
            return False
        block = self.block_of(stmt)
        return block is not None and _inside_node(est_stmt, block) and self.start(stmt) < self.start(est_stmt) \
            and self.enclosing_function(stmt) is self.enclosing_function(est_stmt)
