"""One driver code for several Estimators: an Estimator passed to a helper of the module
(`def train_model(regressor, ...): regressor.train(...)`), or taken in turn by a loop over
a literal list (`for name, est in [("linear", linear), ("dnn", dnn)]:`). The helper's or the
loop's drivers are rewritten once, for the name they read; every Estimator that reaches
them must be rewritten, and to the same code there, else none of them is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

import libcst as cst

from tfmigrate.rule import Finding, InsertBefore, Replace
from tfmigrate.codemods._estimator_common import (
    CANNED, CODE_DRIVER, CODE_PIPELINE, ESTIMATOR, _AnalysisBase, _Pipeline, _Problem, _walk,
)


@dataclass
class SharedDriver:
    """A helper's parameter or a loop's target that stands for several Estimators in turn."""

    regions: list  # the helper's def or the loops, whose drivers all of them share
    what: str  # how the report names it
    passed: list[cst.Name]  # every name given to it: each must be an Estimator that is rewritten
    users: list[cst.Call] = field(default_factory=list)  # the Estimator calls that reached it
    followed: set[int] = field(default_factory=set)  # ids of the passed names that were followed


class _SharedDrivers(_AnalysisBase):
    def shared_driver_of(self, use: cst.CSTNode, record: bool = True) -> Optional[list[tuple]]:
        """The aliases an Estimator `use` (its name, or its call written in a list) gets, when
        it is an argument of a helper call or an element of a literal list that loops read:
        one (alias, the alias's uses, the shared record or None) per helper or loop. `record`:
        keep the shared records (not when the aliases are only looked up)."""
        parent = self.parents.get(use)
        if isinstance(parent, cst.Arg) and parent.value is use and isinstance(use, (cst.Name, cst.Subscript)):
            call = self.parents.get(parent)
            if isinstance(call, cst.Call) and isinstance(call.func, cst.Name):
                helper = self.single_binding(call.func)
                if isinstance(helper, cst.FunctionDef):
                    return [self.through_helper(use, parent, call, helper, record)]
            return None
        if isinstance(parent, cst.Element):
            return self.through_loops(use, parent, record)
        if isinstance(parent, cst.DictElement) and isinstance(use, cst.Call):
            holder = self.dict_holder(use)  # type: ignore[attr-defined]
            return self.through_dict(use, *holder, record) if holder is not None else None  # type: ignore[attr-defined]
        if isinstance(use, cst.Subscript):  # `best = models["dnn"]`
            return self.bound_alias(use)  # type: ignore[attr-defined]
        return None

    def alias_names(self, pipeline: _Pipeline) -> set[str]:
        """Every name the drivers may reach this Estimator by: its own, a helper's parameter, a
        loop's target, a caller's name for a trainer's result (read before the drivers are
        followed, by the input_fn checks that ask whose drivers an input_fn feeds)."""
        if pipeline.aliases is not None:
            return pipeline.aliases
        found = {pipeline.driver}
        pipeline.aliases = found
        start = pipeline.site.call if pipeline.site is not None else pipeline.estimator_call
        todo = list(self.references(start)) if self.assigned_name(start) is not None else [start]
        seen: set[int] = set()
        while todo:
            use = todo.pop()
            if id(use) in seen or len(seen) > 500:
                continue
            seen.add(id(use))
            try:
                fn = self.enclosing_function(use)
                at = self.returned_at(use, fn) if fn is not None else None
                if at is not None:
                    for caller in self.references(fn):  # type: ignore[arg-type]
                        call = self.parents.get(caller)
                        target = self.result_name(call, at) if isinstance(call, cst.Call) else None
                        scope = self.scopes.get(target) if target is not None else None
                        if scope is not None:
                            found.add(target.value)  # type: ignore[union-attr]
                            todo += [a.node for a in scope.accesses[target.value]]  # type: ignore[union-attr]
                    continue
                shared = self.shared_driver_of(use, record=False)
            except _Problem:
                continue
            for alias, uses, _ in shared or ():
                found.add(alias)
                todo += uses
        return found

    def drive_returned(self, use: cst.Name, pipeline: _Pipeline, model: object) -> bool:
        """`return regressor` (or `return regressor, history`) of the function that built and
        trained the Estimator, as the crash-course `train_model(...)` helpers do: each caller's
        name for the result drives it further. False when `use` is not such a return."""
        fn = self.enclosing_function(use)
        at = self.returned_at(use, fn) if fn is not None else None
        if at is None:
            return False
        if pipeline.site is not None or fn is not self.enclosing_function(pipeline.estimator_stmt):
            raise _Problem(CODE_DRIVER, "the Estimator is returned from a function that did not build it: migrate "
                           "by hand", use)
        # With a model_dir, the callers may only evaluate and predict: the Estimator read the
        # checkpoint its training wrote last, which is the state the Keras model holds; training
        # further would need the checkpoint manager, which stays in the function.
        marks = (len(pipeline.calls), len(pipeline.expressions), len(pipeline.before))
        callers = self.references(fn)
        if not callers:
            raise _Problem(CODE_DRIVER, f"`{fn.name.value}` returns the Estimator, and no code of this file calls it: "
                           "its callers elsewhere would get a Keras model; migrate by hand", use)
        done: set[tuple[int, str]] = set()
        for caller in callers:
            call = self.parents.get(caller)
            if not (isinstance(call, cst.Call) and call.func is caller):
                raise _Problem(CODE_DRIVER, f"`{fn.name.value}` returns the Estimator and is used as "
                               f"`{self.code(call or caller)}`, which tfmigrate cannot follow: migrate by hand", caller)
            target = self.result_name(call, at)
            if target is None:
                continue  # the result is not kept
            scope = self.scopes.get(target)
            if scope is None or (id(scope), target.value) in done:
                continue
            done.add((id(scope), target.value))
            for assignment in scope.assignments[target.value]:
                node = getattr(assignment, "node", None)
                holder = self.parents.get(node)
                while isinstance(holder, (cst.Element, cst.Tuple, cst.List)):
                    holder = self.parents.get(holder)
                value = self.parents.get(holder).value if isinstance(holder, cst.AssignTarget) else None  # type: ignore[union-attr]
                if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
                        and value.func.value == fn.name.value and self.result_name(value, at) is not None
                        and self.result_name(value, at).value == target.value):  # type: ignore[union-attr]
                    raise _Problem(CODE_DRIVER, f"`{target.value}` holds what `{fn.name.value}` returns (the "
                                   "Estimator) and is bound to something else too: migrate by hand", node or target)
            uses = sorted({id(a.node): a.node for a in scope.accesses[target.value]}.values(), key=self.start)
            self.drive_as(target.value, uses, pipeline, model)
        if pipeline.model_dir is not None:
            written = [line for c in pipeline.calls[marks[0]:] for line in c.lines] \
                + [text for _, text in pipeline.expressions[marks[1]:]] \
                + [line for _, lines in pipeline.before[marks[2]:] for line in lines]
            if any(re.search(rf"\b({pipeline.checkpoint}|{pipeline.checkpoints})\b", line) for line in written) \
                    or any(re.search(r"\.fit\(", line) for line in written):
                raise _Problem(CODE_DRIVER, f"`{fn.name.value}` returns the Estimator, which has a model_dir, and "
                               "its callers train it further: the checkpoint manager would have to be returned too; "
                               "migrate by hand", use)
        return True

    def result_name(self, call: cst.Call, at: object) -> Optional[cst.Name]:
        """The name `name = fn(...)` or `name, other = fn(...)` gives the returned value at
        `at`; None when the call's value is not kept (a statement of its own)."""
        stmt = self.statement_of(call)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        if isinstance(small, cst.Expr) and small.value is call:
            return None
        if isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1:
            target = small.targets[0].target
            if at == -1 and isinstance(target, cst.Name):
                return target
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(at, int) and 0 <= at < len(target.elements) \
                    and not any(isinstance(e, cst.StarredElement) for e in target.elements) \
                    and isinstance(target.elements[at].value, cst.Name):
                return target.elements[at].value  # type: ignore[return-value]
        raise _Problem(CODE_DRIVER, f"`{self.code(call)}` returns the Estimator, and its value is used in a way "
                       "tfmigrate cannot follow (it follows `name = ...` and `name, other = ...`): migrate by hand",
                       call)

    def through_helper(self, use: cst.Name, arg: cst.Arg, call: cst.Call, helper: cst.FunctionDef,
                       record: bool = True) -> tuple:
        name = helper.name.value
        if helper.decorators or helper.asynchronous is not None or any(
                isinstance(n, (cst.Yield, cst.Await)) and self.enclosing_function(n) is helper for n in _walk(helper)):
            raise _Problem(CODE_DRIVER, f"the Estimator is passed to `{name}`, which is decorated, async or a "
                           "generator: tfmigrate cannot follow it; migrate by hand", use)
        param = self.parameter_for(helper, call, arg)
        if param is None:
            raise _Problem(CODE_DRIVER, f"the Estimator is passed to `{name}(...)`, whose parameter for it "
                           "tfmigrate cannot tell (unpacked arguments, *args or **kwargs); migrate by hand", use)
        scope = self.scopes.get(param.name)
        assignments = list(scope.assignments[param.name.value]) if scope is not None else []
        if len(assignments) != 1:
            raise _Problem(CODE_DRIVER, f"`{name}` binds its parameter `{param.name.value}` again: tfmigrate "
                           "cannot follow the Estimator in it; migrate by hand", param)
        uses = sorted((a.node for a in assignments[0].references), key=self.start)
        key = ("helper", id(param))
        shared = self.shared_drivers.get(key)
        if shared is None:
            passed = []
            for caller in self.references(helper):
                site = self.parents.get(caller)
                given = self.argument_to(site, helper, param) if isinstance(site, cst.Call) \
                    and site.func is caller else None
                if not isinstance(given, (cst.Name, cst.Subscript)):  # a Subscript: `models["dnn"]`
                    raise _Problem(CODE_DRIVER, f"`{name}` is also used as `{self.code(site or caller)}`, "
                                   f"which does not pass an Estimator's name for `{param.name.value}`: the "
                                   "Estimator's calls in it have no one Keras form; migrate by hand", caller)
                passed.append(given)
            shared = SharedDriver([helper], f"`{name}`", passed)
            if record:
                self.shared_drivers[key] = shared
        returned = [u for u in uses if self.returned_at(u, helper) is not None]
        if returned and not isinstance(use, cst.Name):
            raise _Problem(CODE_DRIVER, f"`{name}` returns the Estimator it was given as `{self.code(use)}`: "
                           "migrate by hand", use)
        for u in returned:
            self.returned_to_same_name(call, use, self.returned_at(u, helper), name)
        return param.name.value, [u for u in uses if u not in returned], shared

    def estimator_bound_to(self, name: cst.Name) -> Optional[cst.BaseExpression]:
        """What `name` is bound to: its one value, or, with `name, rmse = train_model(name, ...)`
        beside it, the value of its other binding (such a helper hands the same object back,
        which the drivers check where they follow the call)."""
        found = self.single_binding(name)
        scope = self.scopes.get(name)
        if found is not None or scope is None:
            return found
        values = []
        for assignment in scope.assignments[name.value]:
            node = getattr(assignment, "node", None)
            if self.handed_back(node, name.value):
                continue
            parent = self.parents.get(node)
            assign = self.parents.get(parent) if isinstance(parent, cst.AssignTarget) else None
            if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
                return None
            values.append(assign.value)
        return values[0] if len(values) == 1 else None

    def handed_back(self, target: Optional[cst.CSTNode], name: str) -> bool:
        """Is `target` the `name` of `name, rmse = helper(name, ...)`, a helper of this module
        given `name` itself? Following the call checks that the helper returns it unchanged
        (returned_to_same_name)."""
        holder = self.parents.get(target) if target is not None else None
        while isinstance(holder, (cst.Element, cst.Tuple, cst.List)):
            holder = self.parents.get(holder)
        assign = self.parents.get(holder) if isinstance(holder, cst.AssignTarget) else None
        value = assign.value if isinstance(assign, cst.Assign) and len(assign.targets) == 1 else None
        return isinstance(value, cst.Call) and isinstance(value.func, cst.Name) \
            and isinstance(self.single_binding(value.func), cst.FunctionDef) \
            and any(isinstance(a.value, cst.Name) and a.value.value == name for a in value.args)

    def parameter_for(self, helper: cst.FunctionDef, call: cst.Call, arg: cst.Arg) -> Optional[cst.Param]:
        params = helper.params
        if any(a.star for a in call.args) or params.star_kwarg is not None or isinstance(params.star_arg, cst.Param):
            return None
        if arg.keyword is not None:
            return next((p for p in (*params.params, *params.kwonly_params) if p.name.value == arg.keyword.value),
                        None)
        position = [a for a in call.args if a.keyword is None].index(arg)
        ordered = [*params.posonly_params, *params.params]
        return ordered[position] if position < len(ordered) else None

    def argument_to(self, call: cst.Call, helper: cst.FunctionDef, param: cst.Param) -> Optional[cst.BaseExpression]:
        for arg in call.args:
            if self.parameter_for(helper, call, arg) is param:
                return arg.value
        return None

    def returned_at(self, use: cst.CSTNode, helper: cst.FunctionDef) -> Optional[object]:
        """`return p` (the whole value: -1) or `return (a, p)` (its index), in the helper itself."""
        parent = self.parents.get(use)
        if isinstance(parent, cst.Return) and self.enclosing_function(parent) is helper:
            return -1
        outer = self.parents.get(parent) if isinstance(parent, cst.Element) else None
        ret = self.parents.get(outer) if isinstance(outer, cst.Tuple) else None
        if isinstance(ret, cst.Return) and self.enclosing_function(ret) is helper:
            return list(outer.elements).index(parent)  # type: ignore[union-attr]
        return None

    def returned_to_same_name(self, call: cst.Call, passed: cst.Name, at: object, helper: str) -> None:
        """A helper that gives the Estimator back (`return regressor, rmse`) may only hand it to
        the name it came from (`regressor, rmse = train_model(regressor, ...)`) or to nothing:
        then that name still holds the same object, now the Keras model."""
        stmt = self.statement_of(call)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        if isinstance(small, cst.Expr) and small.value is call:
            return
        if isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1:
            target = small.targets[0].target
            if at == -1 and isinstance(target, cst.Name) and target.value == passed.value:
                return
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(at, int) and at >= 0 \
                    and not any(isinstance(e, cst.StarredElement) for e in target.elements) \
                    and at < len(target.elements) and isinstance(target.elements[at].value, cst.Name) \
                    and target.elements[at].value.value == passed.value:  # type: ignore[union-attr]
                return
        raise _Problem(CODE_DRIVER, f"`{helper}` returns the Estimator it was given, and `{self.code(call)}` "
                       f"binds it to another name than `{passed.value}`: migrate by hand", call)

    def through_loops(self, use: cst.CSTNode, element: cst.Element, record: bool = True) -> Optional[list[tuple]]:
        """`for est in [a, b]:` or `for name, est in [("a", a), ("b", b)]:`: a list or tuple
        written in the `for`, or bound to a name that only loops and comprehensions read (a
        comprehension must not read the Estimators: `[name for name, _ in estimators]`). Its
        elements are Estimators' names, or the Estimator calls themselves."""
        position = -1
        holder = self.parents.get(element)
        if isinstance(holder, cst.Tuple) and isinstance(self.parents.get(holder), cst.Element):
            position = list(holder.elements).index(element)  # `("linear", linear)` in the list
            holder = self.parents.get(self.parents.get(holder))
        if not isinstance(holder, (cst.List, cst.Tuple)):
            return None
        loop = self.parents.get(holder)
        keyed: list[cst.Subscript] = []  # `dict(models)["dnn"]`
        loops = [loop] if isinstance(loop, cst.For) and loop.iter is holder \
            else self.loops_over_name(holder, position, keyed)
        if not loops and not keyed:
            return None
        passed = []
        for e in holder.elements:
            value = e.value if position < 0 else (
                e.value.elements[position].value if isinstance(e, cst.Element) and isinstance(e.value, cst.Tuple)
                and len(e.value.elements) > position else None)
            if not (isinstance(value, cst.Name) or self.is_estimator_call(value)):
                raise _Problem(CODE_DRIVER, f"the loop over `{self.code(holder)}` does not take an Estimator in "
                               "every turn: migrate by hand", e)
            passed.append(value)
        found = [self.loop_alias(use, loop, position, holder, passed, record) for loop in loops]
        if keyed:
            found += self.pair_key_reads(keyed, holder, position, element)  # type: ignore[attr-defined]
        return found

    def loop_alias(self, use: cst.CSTNode, loop: cst.For, position: int, holder: cst.CSTNode,
                   passed: list, record: bool) -> tuple:
        if loop.asynchronous is not None or loop.orelse is not None:
            raise _Problem(CODE_DRIVER, "the Estimator is taken by an async loop or one with an else: migrate by hand",
                           use)
        target = loop.target
        if position >= 0:
            if not isinstance(target, (cst.Tuple, cst.List)) or position >= len(target.elements) \
                    or any(isinstance(e, cst.StarredElement) for e in target.elements):
                raise _Problem(CODE_DRIVER, f"`{self.code(target)}` does not unpack the loop's tuples one name each: "
                               "migrate by hand", target)
            target = target.elements[position].value
        if not isinstance(target, cst.Name):
            raise _Problem(CODE_DRIVER, f"the loop takes the Estimator as `{self.code(target)}`, which tfmigrate "
                           "cannot follow: migrate by hand", target)
        scope = self.scopes.get(target)
        bound_in_body = [a for a in (scope.assignments[target.value] if scope is not None else ())
                         if self.encloses(loop.body, getattr(a, "node", None))
                         and not self.handed_back(getattr(a, "node", None), target.value)]
        if bound_in_body:
            raise _Problem(CODE_DRIVER, f"`{target.value}` is bound again inside the loop: migrate by hand", target)
        accesses = [a for a in (scope.accesses[target.value] if scope is not None else ())
                    if not self.rebound_by_other_loop(a.node, target.value, loop)]
        after = [a.node for a in accesses if not self.encloses(loop.body, a.node)]
        if after:  # the last Estimator, still under the loop's name: its calls there are not the loop's
            raise _Problem(CODE_DRIVER, f"`{target.value}` is read outside the loop that takes the Estimators in turn "
                           f"(line {min(self.start(n)[0] for n in after)}): migrate by hand", target)
        uses = sorted({id(a.node): a.node for a in accesses}.values(), key=self.start)
        return target.value, uses, self.loop_driver(("loop", id(loop), position), loop, passed, record)

    def loop_driver(self, key: tuple, loop: cst.For, passed: list, record: bool) -> SharedDriver:
        """The record of a loop that takes the Estimators `passed` in turn (kept when `record`)."""
        shared = self.shared_drivers.get(key) or SharedDriver([loop], f"the loop over `{self.code(loop.iter)}`", passed)
        if record:
            self.shared_drivers[key] = shared
        return shared  # type: ignore[return-value]

    def listed_estimator(self, call: cst.Call) -> bool:
        """Is `call` an Estimator written as an element of a list (alone, or second in a
        `("linear", LinearRegressor(...))` pair) that loops take in turn, or a value of a dict
        (`{"linear": LinearRegressor(...)}`)?"""
        parent = self.parents.get(call)
        if not isinstance(parent, (cst.Element, cst.DictElement)):
            return False
        try:
            return bool(self.shared_driver_of(call, record=False))
        except _Problem:
            return True  # the drivers' follow-up reports why

    def listed_name(self, call: cst.Call) -> Optional[str]:
        """A name for a listed Estimator, built just above the list: its pair's key when that
        is a plain word (`"wide_deep"` → `wide_deep_estimator`), else `estimator_<n>`."""
        element = self.parents.get(call)
        holder = self.parents.get(element)
        key = None
        if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString):
            key = element.key.evaluated_value  # `{"wide_deep": DNNLinearCombinedRegressor(...)}`
        elif isinstance(holder, cst.Tuple) and holder.elements and isinstance(holder.elements[0].value, cst.SimpleString):
            key = holder.elements[0].value.evaluated_value
            holder = self.parents.get(self.parents.get(holder))
        number = 1 + next((i for i, e in enumerate(getattr(holder, "elements", ())) if self.encloses(e, call)), 0)
        word = f"{key}_estimator" if isinstance(key, str) and key.isidentifier() and key.isascii() else None
        names = self.free_names(tuple(n for n in (word, f"estimator_{number}", f"listed_estimator_{number}") if n))  # type: ignore[attr-defined]
        if names is None:
            return None
        self.all_names.add(names[0])
        return names[0]

    def rebound_by_other_loop(self, node: cst.CSTNode, name: str, loop: cst.For) -> bool:
        """Is `node` in the body of another `for` whose target binds `name` (a second loop
        over the same Estimators, or over anything else), which it then reads?"""
        cur = self.parents.get(node)
        while cur is not None:
            if isinstance(cur, cst.For) and cur is not loop and self.encloses(cur.body, node) and any(
                    isinstance(n, cst.Name) and n.value == name for n in _walk(cur.target)):
                return True
            cur = self.parents.get(cur)
        return False

    def is_estimator_call(self, node: Optional[cst.CSTNode]) -> bool:
        return isinstance(node, cst.Call) and (self.name_of(node.func) == ESTIMATOR
                                               or self.name_of(node.func) in CANNED)

    def loops_over_name(self, value: cst.CSTNode, position: int, keyed: list) -> list[cst.For]:
        """The loops that read `models`, bound once to this list: every read of it must be a
        `for` over it, a comprehension whose target leaves the Estimator unread, or a read by
        key (`dict(models)["dnn"]`, put in `keyed`)."""
        name = self.assigned_name(value)
        if name is None:
            return []
        loops = []
        for read in self.references(value):
            parent = self.parents.get(read)
            key_read = self.list_key_read(read)  # type: ignore[attr-defined]
            if key_read is not None:
                keyed.append(key_read)
            elif isinstance(parent, cst.For) and parent.iter is read:
                loops.append(parent)
            elif isinstance(parent, cst.CompFor) and parent.iter is read and self.leaves_unread(parent, position):
                continue
            else:
                shown = self.parents.get(parent) if isinstance(parent, (cst.Arg, cst.Element)) else parent
                raise _Problem(CODE_DRIVER, f"`{name}` (which holds the Estimators) is read in "
                               f"`{self.code(shown or read)}`, which tfmigrate cannot follow: migrate by hand", read)
        return loops

    def leaves_unread(self, comp: cst.CompFor, position: int) -> bool:
        """`[name for name, _ in estimators]`: the comprehension does not read the Estimator."""
        target = comp.target
        if position >= 0:
            if not isinstance(target, (cst.Tuple, cst.List)) or position >= len(target.elements):
                return False
            target = target.elements[position].value
        if not isinstance(target, cst.Name):
            return False
        scope = self.scopes.get(target)
        return scope is not None and not list(scope.accesses[target.value])

    def drive_as(self, alias: str, uses: list, pipeline: _Pipeline, model: object) -> None:
        """Drive `uses` as calls on `alias`, the name (or `models["dnn"]`) they reach the model by;
        the strategy through the model, since its own name may not be in their scope."""
        saved = (pipeline.driver_name, pipeline.strategy_ref)
        pipeline.driver_name = alias
        if pipeline.strategy_name:
            pipeline.strategy_ref = f"{alias}.distribute_strategy"
        try:
            self.drive(uses, pipeline, model)  # type: ignore[attr-defined]
        finally:
            pipeline.driver_name, pipeline.strategy_ref = saved

    def drive_shared(self, use: cst.CSTNode, found: list[tuple], pipeline: _Pipeline, model: object) -> None:
        for alias, uses, shared in found:
            if shared is None:  # one Estimator's own other name (`models["dnn"]`, `best = models["dnn"]`)
                self.drive_as(alias, uses, pipeline, model)
                continue
            if pipeline.model_dir is not None and isinstance(shared.regions[0], cst.FunctionDef) \
                    and shared.regions[0] is not self.enclosing_function(pipeline.estimator_stmt):
                raise _Problem(CODE_DRIVER, f"the Estimator is passed to {shared.what} with a model_dir: its "
                               "checkpoint manager would have to go along; migrate by hand", use)
            self.drive_as(alias, uses, pipeline, model)
            if pipeline.estimator_call not in shared.users:
                shared.users.append(pipeline.estimator_call)
            shared.followed.add(id(use))

    def with_shared_drivers(self, findings: list[Finding]) -> list[Finding]:
        """Each helper or loop several Estimators reach: kept when every Estimator given to it was
        rewritten, to the same code in it; otherwise each of them is reported instead."""
        fixes = {id(f.node): i for i, f in enumerate(findings) if f.code == CODE_PIPELINE and f.fixable}
        for shared in self.shared_drivers.values():
            why = None
            if any(id(n) not in shared.followed for n in shared.passed):
                why = "it is also given something that is not an Estimator rewritten here"
            elif not all(id(u) in fixes for u in shared.users):
                why = "another Estimator given to it is left as it is (see its report)"
            elif not self.same_code_in(shared, [findings[fixes[id(u)]] for u in shared.users]):
                why = ("the Estimators given to it need different Keras code there (a strategy, a model_dir or "
                       "another input for one of them)")
            if why is None:
                continue
            for u in shared.users:
                if id(u) in fixes:
                    findings[fixes[id(u)]] = Finding(
                        CODE_DRIVER, f"this Estimator is driven in {shared.what}, and {why}: the Estimator calls "
                        "there have no one Keras form, so this pipeline was left as it is", u)
        return findings

    def same_code_in(self, shared: SharedDriver, fixes: list[Finding]) -> bool:
        texts: dict[int, set[str]] = {}
        edited: list[set[int]] = []
        for f in fixes:
            mine = set()
            for e in f.edits:
                node = e.node if isinstance(e, Replace) else e.stmt if isinstance(e, InsertBefore) else None
                if node is not None and any(self.encloses(region, node) for region in shared.regions):
                    texts.setdefault(id(node), set()).add(self.edit_text(e))  # type: ignore[attr-defined]
                    mine.add(id(node))
            edited.append(mine)
        return all(len(t) == 1 for t in texts.values()) and all(m == edited[0] for m in edited)

