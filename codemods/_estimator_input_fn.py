"""input_fn analysis: a function in this file that returns a tf.data.Dataset (or a one-shot
iterator over one), numpy_input_fn, and what feeds the Keras model per replica (TFM217).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate import project_index
from tfmigrate.rule import Replace
from tfmigrate.codemods._estimator_common import (
    CANNED, CODE_INPUT_FN, DATASET_METHODS, DATASET_ROOTS, ESTIMATOR, EVAL_SPEC, INPUT_FN_FACTORIES, ITERATOR_INPUT,
    NOT_DATASETS, ONE_SHOT_ITERATORS, TRAIN_SPEC, _AnalysisBase, _Pipeline, _Problem, _dotted, _inside_node, _is_get_next,
    _is_none, _takes_nothing, _walk,
)


class _InputFn(_AnalysisBase):
    def per_replica(self, source: str, pipeline: _Pipeline) -> str:
        if not pipeline.strategy_name:
            return source
        strategy = pipeline.strategy_ref or pipeline.strategy_name
        given = pipeline.with_input_context.get(source)
        if given is not None:  # the replica's InputContext, as the Estimator passed it under a strategy
            return f"{strategy}.distribute_datasets_from_function(lambda input_context: {given})"
        return f"{strategy}.distribute_datasets_from_function(lambda _: {source})"

    def input_source(self, arg: Optional[cst.Arg], pipeline: _Pipeline, call: cst.Call, mode: str) -> str:
        """Source that makes the input_fn's Dataset: `input_fn()`, a lambda's body, ...; `mode`
        is the ModeKeys string of the driver ("train", "eval", "infer")."""
        node = arg.value if arg else None
        problem = _Problem(CODE_INPUT_FN, "input_fn is neither a function, a lambda without parameters nor a call "
                           "that returns one (Estimator passed params/mode/config/input_context by name): migrate "
                           "by hand", node or call)
        if node is None:
            raise problem
        if isinstance(node, cst.Lambda):
            if not _takes_nothing(node):
                raise problem
            body = node.body
            iterated = self.one_shot_dataset(body, {}, None)
            if iterated is not None:  # `lambda: make_one_shot_iterator(ds).get_next()`
                self.no_iterator_under_strategy(pipeline, body)
                return self.portable(iterated[0]).strip()
            if _is_get_next(body):
                raise _Problem(CODE_INPUT_FN, ITERATOR_INPUT, body)
            if isinstance(body, cst.Call) and isinstance(body.func, cst.Name):
                fn = self.single_binding(body.func)
                if isinstance(fn, cst.FunctionDef):
                    self.returns_dataset(fn, pipeline)
            if isinstance(body, cst.Call) and isinstance(body.func, (cst.Name, cst.Attribute)):
                found = self.foreign_definition(body.func)  # type: ignore[attr-defined]
                if found is not None and isinstance(found[1], cst.FunctionDef):
                    self.foreign_dataset(found[0], found[1], pipeline, body)  # type: ignore[attr-defined]
            return self.portable(body).strip()
        made = self.numpy_input(node, pipeline)
        if made is not None:
            return made
        wants = self.input_fn_parameters(node, problem, pipeline)
        text = self.portable(node) if isinstance(node, (cst.Call, cst.Attribute)) else self.code(node)
        # Estimator passed `mode` and `params` by name to an input_fn whose signature names
        # them, with a default or without (estimator.py `_call_input_fn`).
        given = ([f'mode="{mode}"'] if "mode" in wants else []) \
            + ([f"params={pipeline.params or '{}'}"] if "params" in wants else [])
        source = f"{text}({', '.join(given)})"
        if "input_context" in wants:
            pipeline.with_input_context[source] = f"{text}({', '.join([*given, 'input_context=input_context'])})"
        return source

    def input_fn_parameters(self, node: cst.BaseExpression, problem: _Problem, pipeline: _Pipeline) -> set[str]:
        """Which of `mode`, `params` and `input_context` the input_fn's signature names: Estimator
        read it at run time and passed those (and `config`) by name, defaults or not; tfmigrate
        must see the function (here: a def, a lambda, what a local factory returns, or a
        functools.partial of a def)."""
        fn: Optional[cst.CSTNode] = None
        bound: tuple[int, set[str]] = (0, set())
        call = node if isinstance(node, cst.Call) else None
        if isinstance(node, cst.Name):
            fn = self.single_binding(node)
            if isinstance(fn, cst.Call) and self.is_partial_of_name(fn):
                call = fn  # `train_fn = functools.partial(input_fn, x, y, batch_size=64)`: read as the partial
            elif isinstance(fn, cst.Call):  # `train_fn = make_input_fn(...)`
                fn = self.factory_result(fn)
        if call is not None:
            if self.is_partial_of_name(call):
                fn = self.single_binding(call.args[0].value)  # type: ignore[arg-type]
                rest = call.args[1:]
                bound = (sum(1 for a in rest if a.keyword is None), {a.keyword.value for a in rest if a.keyword})
            else:
                fn = self.factory_result(call)
        if isinstance(fn, cst.Lambda):
            if not _takes_nothing(fn):
                raise problem
            # `train_fn = lambda: my_input_fn(x, y)`: as a lambda written at the call, the
            # function it calls must give a Dataset (an iterator's element is rewritten there)
            body = fn.body
            if self.one_shot_dataset(body, {}, None) is not None or _is_get_next(body):
                raise _Problem(CODE_INPUT_FN, ITERATOR_INPUT, body)
            if isinstance(body, cst.Call) and isinstance(body.func, cst.Name):
                called = self.single_binding(body.func)
                if isinstance(called, cst.FunctionDef):
                    self.returns_dataset(called, pipeline)
            return set()
        owner: _AnalysisBase = self
        if fn is None and isinstance(node, (cst.Name, cst.Attribute, cst.Call)):
            # A function (or a factory's) of another module of the project (#15).
            target = node.func if isinstance(node, cst.Call) else node
            found = self.foreign_definition(target)  # type: ignore[attr-defined]
            if found is not None:
                owner, fn = found
                if isinstance(node, cst.Call):
                    fn = owner.returned_function(fn) if isinstance(fn, cst.FunctionDef) else None  # type: ignore[attr-defined]
        if isinstance(fn, cst.Lambda) and owner is not self:
            fn = None  # a lambda of another module: its call's arguments are not seen here
        if not isinstance(fn, cst.FunctionDef) or fn.decorators or fn.params.kwonly_params \
                or fn.params.star_arg not in (cst.MaybeSentinel.DEFAULT,):
            context = project_index.current()
            where = ("a value of another module that is not a function defined at its top (a numpy_input_fn, a "
                     "variable), or a value passed in" if context is not None and context.index is not None else
                     "another module, a value passed in")
            raise _Problem(CODE_INPUT_FN, f"input_fn is defined where tfmigrate cannot see it ({where}): Estimator "
                           "called it with params/mode/config if its signature named them; migrate by hand"
                           + ("" if context is not None and context.index is not None
                              else ", or rerun on the whole project"), node)
        named = [p for p in fn.params.params[bound[0]:] if p.name.value not in bound[1]]
        passed = {p.name.value for p in named} & {"mode", "params", "config", "input_context"}
        if any(p.default is None and p.name.value not in ("mode", "params") for p in named) or "config" in passed:
            # `config` was the Estimator's RunConfig, gone with it; `input_context` without a
            # default was given only under a strategy
            raise problem
        if owner is self:
            self.returns_dataset(fn, pipeline)
        else:
            self.foreign_dataset(owner, fn, pipeline, node)  # type: ignore[attr-defined]
        return passed

    def is_partial_of_name(self, call: cst.Call) -> bool:
        return self.name_of(call.func) == "functools.partial" and bool(call.args) \
            and isinstance(call.args[0].value, cst.Name) and not any(a.star for a in call.args)

    def factory_result(self, call: cst.Call) -> Optional[cst.CSTNode]:
        """The function a local factory returns: `def make_input_fn(...): def input_fn(): ...;
        return input_fn`."""
        factory = self.single_binding(call.func) if isinstance(call.func, cst.Name) else self.method_called(call)
        if not isinstance(factory, cst.FunctionDef):
            return None
        return self.returned_function(factory)

    def method_called(self, call: cst.Call) -> Optional[cst.FunctionDef]:
        """`builder.input_fn(...)` on `builder = Builder(...)`, bound once, of a class defined at
        the top of this module: that class's method, when no instance attribute can stand in
        for it (the module never assigns an attribute of that name)."""
        func = call.func
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            return None
        cls = self.class_of(func.value)  # type: ignore[attr-defined]  # _estimator_method.py
        if not isinstance(cls, cst.ClassDef) or not isinstance(self.parents.get(cls), cst.Module):
            return None
        name = func.attr.value
        if any(isinstance(n, cst.Attribute) and n.attr.value == name and isinstance(self.parents.get(n), cst.AssignTarget)
               for n in _walk(self.module)):
            return None
        methods = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]  # type: ignore[union-attr]
        if len(methods) != 1 or methods[0].decorators:
            return None
        return methods[0]

    def returned_function(self, factory: cst.FunctionDef) -> Optional[cst.CSTNode]:
        """The function or lambda a factory defines and returns, or None."""
        if factory.decorators:
            return None
        returns = [n for n in _walk(factory.body) if isinstance(n, cst.Return)
                   and self.enclosing_function(n) is factory]
        if len(returns) != 1 or returns[0].value is None:
            return None
        value = returns[0].value
        if isinstance(value, cst.Lambda):
            return value
        if isinstance(value, cst.Name):
            inner = self.single_binding(value)
            if isinstance(inner, cst.FunctionDef) and self.enclosing_function(inner) is factory:
                return inner
        return None

    def enclosing_function(self, node: cst.CSTNode) -> Optional[cst.FunctionDef]:
        cur = self.parents.get(node)
        while cur is not None and not isinstance(cur, cst.FunctionDef):
            cur = self.parents.get(cur)
        return cur

    def numpy_input(self, node: cst.BaseExpression, pipeline: _Pipeline) -> Optional[str]:
        """`tf.estimator.inputs.numpy_input_fn(x, y, batch_size, num_epochs, shuffle)` (or
        pandas_input_fn), given inline or bound to a name: the same examples as a Dataset,
        shuffled through a buffer of its queue_capacity, repeated num_epochs times (None:
        without end), in batches of batch_size with the smaller last batch it also gave."""
        call = node if isinstance(node, cst.Call) else self.latest_binding(node) if isinstance(node, cst.Name) else None
        made = self.input_fn_factory(call, pipeline) if isinstance(node, cst.Call) else None
        if made is not None:
            return made
        name = self.name_of(call.func) if isinstance(call, cst.Call) else None
        if name not in INPUT_FN_FACTORIES or not isinstance(call, cst.Call):
            return None
        if isinstance(node, cst.Name):
            # The assignment goes too (tf.estimator is gone), when only the drivers read the name.
            uses = self.references(call)
            if all(self.is_driver_argument(use, pipeline) for use in uses):
                pipeline.removed.append(self.statement_of(call))
            else:
                readers = self.estimators_reading(uses)
                if readers is None:
                    raise _Problem(CODE_INPUT_FN, f"`{node.value}` (a numpy_input_fn) is also used outside the "
                                   "Estimators' train, evaluate and predict: migrate by hand", node)
                # Several Estimators read it: it goes with the last of them (EstimatorRule.run).
                stmt_id = id(self.statement_of(call))
                known = self.shared_statements.get(stmt_id, [])
                self.shared_statements[stmt_id] = sorted({*known, *readers}, key=self.start)
        return self.numpy_dataset(call, pipeline)[0]

    def numpy_dataset(self, call: cst.Call, pipeline: _Pipeline, features: str = "features",
                      dataset: str = "dataset") -> tuple[str, list[str]]:
        """The Dataset of a numpy_input_fn / pandas_input_fn call: as one expression, and as
        the statements of a function body (`dataset = ...`, `if shuffle: ...`, `return ...`)."""
        name = self.name_of(call.func) or ""
        pandas = name.endswith("pandas_input_fn")
        order = ("x", "y", "batch_size", "num_epochs", "shuffle", "queue_capacity", "num_threads") + (
            ("target_column",) if pandas else ())
        args = self.keyword_args(call, order)
        given = {k: self.plain(a.value) for k, a in args.items()}
        if "target_column" in given or "x" not in given:
            raise _Problem(CODE_INPUT_FN, f"`{self.code(call)}` has no automatic Dataset form", call)
        x = f"dict({given['x']})" if pandas else given["x"]
        data = f"({x}, {given['y']})" if given.get("y", "None") != "None" else x
        lines: list[str] = []
        y = args.get("y")
        if y is not None and isinstance(y.value, cst.IfExp) and (_is_none(y.value.body) or _is_none(y.value.orelse)):
            # `y=labels if ... else None`: the features alone where y is None, as numpy_input_fn gave
            fork = y.value
            labels = self.plain(fork.orelse if _is_none(fork.body) else fork.body)
            test = self.plain(fork.test)
            lines.append(f"{features} = {x}")
            if _is_none(fork.orelse):
                data, short = f"(({x}, {labels}) if {test} else {x})", f"({features}, {labels}) if {test} else {features}"
            else:
                data, short = f"({x} if {test} else ({x}, {labels}))", f"{features} if {test} else ({features}, {labels})"
        elif y is not None and any(_is_none(n) for n in _walk(y.value)) and not _is_none(y.value):
            raise _Problem(CODE_INPUT_FN, f"y `{self.code(y.value)}` may be None, and tfmigrate cannot tell where: "
                           "migrate by hand", y)
        else:
            short = data
        text = f"{pipeline.tf}.data.Dataset.from_tensor_slices({data})"
        lines.append(f"{dataset} = {pipeline.tf}.data.Dataset.from_tensor_slices({short})")
        shuffle = given.get("shuffle", "None")
        capacity = given.get("queue_capacity", "1000")
        if shuffle == "True":
            text += f".shuffle({capacity})"
            lines.append(f"{dataset} = {dataset}.shuffle({capacity})")
        elif shuffle not in ("False", "None"):
            text = f"({text}.shuffle({capacity}) if {shuffle} else {text})"
            lines += [f"if {shuffle}:", f"    {dataset} = {dataset}.shuffle({capacity})"]
        epochs = given.get("num_epochs", "1")
        tail = ""
        if epochs == "None":
            tail += ".repeat()"
        elif epochs != "1":
            tail += f".repeat({epochs})"
        tail += f".batch({given.get('batch_size', '128')})"
        return text + tail, [*lines, f"return {dataset}{tail}"]

    def input_fn_factory(self, call: cst.Call, pipeline: _Pipeline) -> Optional[str]:
        """`get_input_fn(data, num_epochs=1)`, a function of this file whose one return is a
        numpy_input_fn / pandas_input_fn: that return becomes `lambda: <its Dataset>` (an
        input_fn Estimator took as well), and the drivers call what the factory returns."""
        factory = self.single_binding(call.func) if isinstance(call.func, cst.Name) else None
        if not isinstance(factory, cst.FunctionDef) or factory.decorators:
            return None
        returns = [n for n in _walk(factory.body) if isinstance(n, cst.Return)
                   and self.enclosing_function(n) is factory]
        made = returns[0].value if len(returns) == 1 else None
        if not (isinstance(made, cst.Call) and self.name_of(made.func) in INPUT_FN_FACTORIES):
            return None
        for use in self.references(factory):
            called = self.parents.get(use)
            arg = self.parents.get(called)
            driver = self.parents.get(arg)
            if not (isinstance(called, cst.Call) and called.func is use and isinstance(arg, cst.Arg)
                    and arg.value is called and isinstance(driver, cst.Call)
                    and (self.name_of(driver.func) in (TRAIN_SPEC, EVAL_SPEC)
                         or isinstance(driver.func, cst.Attribute)
                         and driver.func.attr.value in ("train", "evaluate", "predict"))):
                raise _Problem(CODE_INPUT_FN, f"`{factory.name.value}` returns a {self.name_of(made.func)} and is "
                               "also used outside input_fn= of an Estimator's train, evaluate or predict: migrate "
                               "by hand", use)
        ret = self.statement_of(made)
        if not (isinstance(ret, cst.SimpleStatementLine) and len(ret.body) == 1 and ret.body[0] is returns[0]):
            return None
        inner, features, dataset = self.free_local_names(factory)
        _, lines = self.numpy_dataset(made, pipeline, features, dataset)
        indent = self.module.default_indent
        kind = (self.name_of(made.func) or "").rsplit(".", 1)[1]
        body = "".join(f"{indent}{line}\n" for line in [
            f"# the examples {kind} fed, as a Dataset: tf.estimator is gone", *lines])
        new = cst.parse_module(f"def {inner}():\n{body.replace('    ', indent)}return {inner}\n").body
        new = [new[0].with_changes(leading_lines=ret.leading_lines), *new[1:]]
        pipeline.input_edits[id(ret)] = Replace(ret, cst.FlattenSentinel(new))
        return f"{self.portable(call).strip()}()"

    def free_local_names(self, factory: cst.FunctionDef) -> tuple[str, str, str]:
        """Names for the input_fn the factory now defines and its locals, none of them a name
        the factory reads or binds (a local must not hide a name the expressions read)."""
        taken = {n.value for n in _walk(factory) if isinstance(n, cst.Name)}
        chosen: list[str] = []
        for base in ("input_fn", "features", "dataset"):
            chosen.append(next(c for c in (base, f"{base}_", f"{base}__", f"numpy_{base}", f"numpy_{base}_")
                               if c not in taken and c not in chosen))
        return chosen[0], chosen[1], chosen[2]

    def estimators_reading(self, uses: list[cst.CSTNode]) -> Optional[list[cst.Call]]:
        """The Estimator calls behind `est.train/evaluate/predict(..., name)` for each use, when
        every use is such an argument of an Estimator bound once in this file; else None."""
        found = []
        for use in uses:
            call = self.driver_call_given(use)
            if call is None:
                return None
            estimator = self.estimator_bound_to(call.func.value)  # type: ignore[attr-defined]
            if not (isinstance(estimator, cst.Call) and (self.name_of(estimator.func) == ESTIMATOR
                                                         or self.name_of(estimator.func) in CANNED)):
                return None
            found.append(estimator)
        return found

    def is_driver_argument(self, use: cst.CSTNode, pipeline: _Pipeline) -> bool:
        arg = self.parents.get(use)
        call = self.parents.get(arg)
        if not (isinstance(arg, cst.Arg) and isinstance(call, cst.Call)):
            return False
        if self.name_of(call.func) in (TRAIN_SPEC, EVAL_SPEC):
            return True
        return isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) \
            and call.func.value.value in self.alias_names(pipeline)  # type: ignore[attr-defined]

    def latest_binding(self, name: cst.Name) -> Optional[cst.BaseExpression]:
        """The value of the last plain `name = ...` above the statement that reads `name`,
        when every binding of it is such an assignment in that same block."""
        scope = self.scopes.get(name)
        use = self.statement_of(name)
        if use is None:  # `for p in est.predict(input_fn=name):` reads it in a compound statement's header
            use = name
            while use is not None and not isinstance(self.parents.get(use), (cst.IndentedBlock, cst.Module)):
                use = self.parents.get(use)
        if scope is None or use is None:
            return None
        # A use inside a loop or a branch of that block (`for epoch in ...: est.train(train_input)`)
        # reads the same binding: the statement of the block that holds it stands for the use.
        values = [self.single_assignment_value(a.node) for a in scope.assignments[name.value]]
        homes = {id(self.parents.get(self.statement_of(v))) for v in values if v is not None
                 and self.statement_of(v) is not None}
        while use is not None and id(self.parents.get(use)) not in homes \
                and isinstance(self.parents.get(use), (cst.IndentedBlock, cst.Module)):
            outer = self.parents.get(self.parents.get(use))
            if isinstance(outer, cst.Else):
                outer = self.parents.get(outer)
            while isinstance(outer, cst.If) and isinstance(self.parents.get(outer), cst.If):
                outer = self.parents.get(outer)  # an `elif`: the statement is the first `if`
            if not isinstance(outer, (cst.For, cst.While, cst.If, cst.With)):
                break
            use = outer
        block = self.parents.get(use)
        if not isinstance(block, (cst.IndentedBlock, cst.Module)):
            return None
        body = list(block.body)
        found = None
        for assignment in scope.assignments[name.value]:
            value = self.single_assignment_value(assignment.node)
            stmt = self.statement_of(value) if value is not None else None
            if stmt is None or stmt not in body:
                return None
            if body.index(stmt) < body.index(use) and (found is None or body.index(stmt) > body.index(found[0])):
                found = (stmt, value)
        return found[1] if found else None

    def single_assignment_value(self, target: cst.CSTNode) -> Optional[cst.BaseExpression]:
        target_parent = self.parents.get(target)
        assign = self.parents.get(target_parent) if isinstance(target_parent, cst.AssignTarget) else None
        if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
            return assign.value
        return None

    def returns_dataset(self, fn: cst.FunctionDef, pipeline: _Pipeline) -> None:
        # (a function defined inside it, such as a decode_csv its Dataset maps, returns its own values)
        returns = [n for n in _walk(fn.body) if isinstance(n, cst.Return) and self.enclosing_function(n) is fn]
        problem = _Problem(CODE_INPUT_FN, f"input_fn `{fn.name.value}` does not visibly return a tf.data.Dataset "
                           "(features and labels as tensors, or an iterator): build a Dataset, then rerun", fn)
        if not returns or any(r.value is None for r in returns):
            raise problem
        local: dict[str, list[cst.BaseExpression]] = {}
        for node in _walk(fn.body):
            if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                local.setdefault(node.targets[0].target.value, []).append(node.value)
        for ret in returns:
            owner = self.enclosing_function(ret)
            iterated = self.one_shot_dataset(ret.value, local, owner)  # type: ignore[arg-type]
            if iterated is not None and owner is not None:
                self.iterator_return(ret, owner, iterated, local, pipeline, problem)
                continue
            self.dataset_chain(ret.value, local, fn, problem, 0, pipeline)  # type: ignore[arg-type]

    def one_shot_dataset(self, value: cst.BaseExpression, local: dict, fn: Optional[cst.FunctionDef]
                         ) -> Optional[tuple[cst.BaseExpression, list[cst.SimpleStatementLine]]]:
        """The Dataset `ds` and the statements that only served its iterator, when `value` is
        the next element of a one-shot iterator over it: `make_one_shot_iterator(ds).get_next()`,
        `ds.make_one_shot_iterator().get_next()`, `iterator.get_next()` with `iterator = ...` one
        of those, a name bound to such an element, or the tuple of names unpacked from it
        (`features, labels = iterator.get_next()`, then `return features, labels`). Each name
        must be bound once, in `fn`, and read only on the way to the return."""
        served: list[cst.SimpleStatementLine] = []
        if fn is not None and isinstance(value, cst.Tuple) and value.elements \
                and all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in value.elements):
            names = [e.value.value for e in value.elements]  # type: ignore[union-attr]
            value = self.unpacked_from(names, fn)  # type: ignore[assignment]
            if value is None:
                return None
            served.append(self.statement_of(value))  # type: ignore[arg-type]
        elif fn is not None and isinstance(value, cst.Name):
            bound = self.bound_once_for_return(value.value, local, fn)
            if bound is None:
                return None
            served.append(self.statement_of(bound))  # type: ignore[arg-type]
            value = bound
        if not _is_get_next(value):
            return None
        iterator = value.func.value  # type: ignore[attr-defined]
        if fn is not None and isinstance(iterator, cst.Name):
            bound = self.bound_once_for_return(iterator.value, local, fn)
            if bound is None:
                return None
            served.append(self.statement_of(bound))  # type: ignore[arg-type]
            iterator = bound
        if not isinstance(iterator, cst.Call):
            return None
        if self.name_of(iterator.func) in ONE_SHOT_ITERATORS:  # tf.compat.v1.data.make_one_shot_iterator(ds)
            args = iterator.args
            if len(args) == 1 and not args[0].star and (args[0].keyword is None or args[0].keyword.value == "dataset"):
                return args[0].value, served
            return None
        if isinstance(iterator.func, cst.Attribute) and iterator.func.attr.value == "make_one_shot_iterator" \
                and not iterator.args:  # ds.make_one_shot_iterator(), a TF1 Dataset method
            return iterator.func.value, served
        return None

    def bound_once_for_return(self, name: str, local: dict, fn: cst.FunctionDef) -> Optional[cst.BaseExpression]:
        """The value of `name = value` when that is the name's only binding in `fn` and the
        name is read once besides (by the return, or the get_next on the way to it)."""
        values = local.get(name, [])
        if len(values) != 1 or self.enclosing_function(values[0]) is not fn:
            return None
        stmt = self.statement_of(values[0])
        if stmt is None or len(stmt.body) != 1:
            return None
        if self.name_count(fn, name) != 2:
            return None
        return values[0]

    def name_count(self, fn: cst.FunctionDef, name: str) -> int:
        """How often `name` is bound or read in `fn` (not as an attribute or a keyword)."""
        count = 0
        for node in _walk(fn):
            if isinstance(node, cst.Name) and node.value == name:
                parent = self.parents.get(node)
                if not (isinstance(parent, cst.Attribute) and parent.attr is node
                        or isinstance(parent, cst.Arg) and parent.keyword is node):
                    count += 1
        return count

    def unpacked_from(self, names: list[str], fn: cst.FunctionDef) -> Optional[cst.BaseExpression]:
        """The value of the one `a, b = value` statement in `fn` that binds exactly `names`, in
        that order, when each name is read once besides (by the returned tuple)."""
        found = None
        for node in _walk(fn.body):
            if not (isinstance(node, cst.Assign) and len(node.targets) == 1):
                continue
            target = node.targets[0].target
            if isinstance(target, (cst.Tuple, cst.List)) and [
                    e.value.value if isinstance(e, cst.Element) and isinstance(e.value, cst.Name) else None
                    for e in target.elements] == names:
                if found is not None:
                    return None
                found = node
        if found is None or self.enclosing_function(found) is not fn:
            return None
        stmt = self.statement_of(found.value)
        if stmt is None or len(stmt.body) != 1:
            return None
        if self.returned_next(stmt, names):
            return found.value  # `features, labels = ...get_next()` just before `return features, labels`
        for name in names:
            if self.name_count(fn, name) != 2:
                return None
        return found.value

    def returned_next(self, stmt: cst.SimpleStatementLine, names: list[str]) -> bool:
        """Is the statement after `stmt`, in its block, `return a, b` of exactly `names`? Then
        what it returns is what `stmt` bound, whatever the names held before (the crash
        course's input_fn rebinds its `features` parameter on the way)."""
        body = list(getattr(self.parents.get(stmt), "body", ()))
        after = body[body.index(stmt) + 1] if stmt in body and body.index(stmt) + 1 < len(body) else None
        small = after.body[0] if isinstance(after, cst.SimpleStatementLine) and len(after.body) == 1 else None
        return isinstance(small, cst.Return) and isinstance(small.value, cst.Tuple) and [
            e.value.value if isinstance(e, cst.Element) and isinstance(e.value, cst.Name) else None
            for e in small.value.elements] == names

    def iterator_return(self, ret: cst.Return, fn: cst.FunctionDef,
                        iterated: tuple[cst.BaseExpression, list[cst.SimpleStatementLine]], local: dict,
                        pipeline: _Pipeline, problem: _Problem) -> None:
        """`return make_one_shot_iterator(ds).get_next()` becomes `return ds`: on TF2 the
        iterator form hands Keras one eager batch, where the Estimator ran the iterator's next
        element at every step; Keras iterating `ds` itself sees the same elements in order."""
        dataset, served = iterated
        self.no_iterator_under_strategy(pipeline, ret)
        self.dataset_chain(dataset, local, fn, problem, 0, pipeline)
        if not self.feeds_only(fn, pipeline):
            raise _Problem(CODE_INPUT_FN, f"input_fn `{fn.name.value}` returns a one-shot iterator's next element "
                           "and is also used outside this Estimator's calls: Keras needs the Dataset itself; make "
                           "it return the Dataset, then rerun", ret)
        stmt = self.statement_of(ret)
        if stmt is None or len(stmt.body) != 1:
            raise problem
        comment = cst.EmptyLine(comment=cst.Comment(
            "# Keras iterates the Dataset itself: the one-shot iterator gave the Estimator the same elements."))
        new = stmt.with_changes(body=[ret.with_changes(value=cst.parse_expression(self.portable(dataset).strip()))],
                                leading_lines=[*stmt.leading_lines, comment])
        pipeline.input_edits[id(stmt)] = Replace(stmt, new)
        for served_stmt in served:
            pipeline.input_edits[id(served_stmt)] = Replace(served_stmt, cst.RemovalSentinel.REMOVE,
                                                            keep_comments=True)

    def no_iterator_under_strategy(self, pipeline: _Pipeline, node: cst.CSTNode) -> None:
        if pipeline.strategy_name:
            raise _Problem(CODE_INPUT_FN, "an input_fn that returns an iterator's next element under "
                           "RunConfig(train_distribute=...): the Estimator raised 'input_fn must return a "
                           "tf.data.Dataset' there (checked on TF 2.15); return the Dataset, then rerun", node)

    def feeds_only(self, binding: cst.CSTNode, pipeline: _Pipeline, depth: int = 0) -> bool:
        """Is what `binding` binds (an input_fn, a factory of one, a lambda) only handed to
        this pipeline's drivers: as their input_fn, called in a lambda given to them, in a
        functools.partial given to them, or returned by a factory that only feeds them?"""
        uses = self.references(binding)
        if not uses or depth > 3:
            return False
        for use in uses:
            parent = self.parents.get(use)
            if self.is_driver_input(use, pipeline):
                continue
            if isinstance(parent, cst.Call) and parent.func is use:
                holder = self.parents.get(parent)
                if self.is_driver_input(parent, pipeline):  # make_input_fn(x) as the input_fn
                    continue
                if isinstance(holder, cst.Lambda) and holder.body is parent and self.is_driver_input(holder, pipeline):
                    continue
                if self.assigned_name(parent) is not None and self.feeds_only(parent, pipeline, depth + 1):
                    continue
                return False
            if isinstance(parent, cst.Arg) and parent.value is use:
                partial = self.parents.get(parent)
                if isinstance(partial, cst.Call) and self.name_of(partial.func) == "functools.partial" \
                        and partial.args[0] is parent and self.is_driver_input(partial, pipeline):
                    continue
                return False
            if isinstance(parent, cst.Return) and parent.value is use:
                outer = self.enclosing_function(parent)
                if outer is not None and self.feeds_only(outer, pipeline, depth + 1):
                    continue
            return False
        return True

    def is_driver_input(self, node: cst.CSTNode, pipeline: _Pipeline) -> bool:
        """Is `node` the input_fn of an Estimator's train, evaluate or predict, or of a spec
        (or a name bound to a value that only is)? Another Estimator's counts too: it took a
        Dataset from its input_fn as it took the iterator's element, so an input_fn rewritten
        to return the Dataset feeds it the same batches, rewritten or not."""
        if self.is_driver_argument(node, pipeline) or self.is_input_fn_of_a_driver(node):
            return True
        if isinstance(node, (cst.Lambda, cst.Call)) and self.assigned_name(node) is not None:
            uses = self.references(node)
            return bool(uses) and all(self.is_driver_argument(u, pipeline) or self.is_input_fn_of_a_driver(u)
                                      for u in uses)
        return False

    def driver_call_given(self, node: cst.CSTNode) -> Optional[cst.Call]:
        """`est.train(..., node)` (or evaluate, predict) on a receiver held by a plain name."""
        arg = self.parents.get(node)
        call = self.parents.get(arg)
        if isinstance(arg, cst.Arg) and arg.value is node and isinstance(call, cst.Call) \
                and isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) \
                and call.func.attr.value in ("train", "evaluate", "predict"):
            return call
        return None

    def is_input_fn_of_a_driver(self, node: cst.CSTNode) -> bool:
        """`est.train(input_fn=node)` (or given first), for a receiver held by a plain name."""
        call = self.driver_call_given(node)
        arg = self.parents.get(node)
        return call is not None and ((arg.keyword is not None and arg.keyword.value == "input_fn") or (  # type: ignore[union-attr]
            arg.keyword is None and call.args[0] is arg))  # type: ignore[union-attr]

    def dataset_chain(self, chain: cst.BaseExpression, local: dict, fn: cst.FunctionDef, problem: _Problem,
                      depth: int, pipeline: _Pipeline) -> None:
        if depth > 30:
            raise problem
        if isinstance(chain, cst.Name) and chain.value in local:
            for value in local[chain.value]:
                if value is not chain:
                    self.dataset_chain(value, {k: v for k, v in local.items() if k != chain.value} | {
                        chain.value: [v for v in local[chain.value] if v is not value]}, fn, problem, depth + 1,
                        pipeline)
            return
        if isinstance(chain, cst.Name):
            inner = self.single_binding(chain)
            if isinstance(inner, cst.FunctionDef) and _inside_node(inner, fn):
                self.returns_dataset(inner, pipeline)  # a factory returning its inner input_fn
                return
            raise problem
        # A Dataset method on a Dataset (`ds.batch(2)`, `tf.data.Dataset.range(8).batch(2)`).
        if isinstance(chain, cst.Call) and isinstance(chain.func, cst.Attribute) \
                and chain.func.attr.value in DATASET_METHODS \
                and (self.name_of(chain.func) is None or not _dotted(chain.func)):
            self.dataset_chain(chain.func.value, local, fn, problem, depth + 1, pipeline)
            return
        # A tf.data function or class that makes a Dataset: a dotted name, not a method of a
        # call's value (`make_one_shot_iterator(ds).get_next` resolves to tf.data... too).
        name = self.name_of(chain.func) if isinstance(chain, cst.Call) else None
        if name and name.startswith(DATASET_ROOTS) and _dotted(chain.func) \
                and name.rsplit(".", 1)[-1] not in NOT_DATASETS and ".Iterator" not in name:  # type: ignore[union-attr]
            return
        if isinstance(chain, cst.IfExp):
            self.dataset_chain(chain.body, local, fn, problem, depth + 1, pipeline)
            self.dataset_chain(chain.orelse, local, fn, problem, depth + 1, pipeline)
            return
        # A function of this file every return of which is a Dataset (`return input_fn(df, 1,
        # False, 32)`, the shared helper of train_input_fn and eval_input_fn).
        helper = self.single_binding(chain.func) if isinstance(chain, cst.Call) \
            and isinstance(chain.func, cst.Name) else None
        if isinstance(helper, cst.FunctionDef) and not helper.decorators and helper is not fn \
                and id(helper) not in self.helpers_checked:
            self.helpers_checked.add(id(helper))
            try:
                self.returns_dataset(helper, pipeline)
            finally:
                self.helpers_checked.discard(id(helper))
            return
        raise problem
