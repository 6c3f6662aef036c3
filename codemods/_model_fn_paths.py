"""A model_fn's control flow read per mode: the three straight paths (TRAIN, EVAL, PREDICT)
that its mode tests, early returns and hyperparameter tests leave. A mixin of
codemods/_model_fn.py's _ModelFn: what each path computes is read there and in the other
mixins; here is only which statements run in which mode."""

from __future__ import annotations

import ast
from typing import Optional, Sequence

import libcst as cst

from tfmigrate.codemods._estimator_keras import ESTIMATOR_SPEC, MODEL_FN_PARAMS, NotTranslatable
from tfmigrate.codemods._model_fn_common import MODE_KEYS, MODES, TF1_ONLY, _Path, _names_used, _walk
from tfmigrate.codemods._model_fn_helpers import NAMING_SCOPES


class ModePaths:
    """The control-flow half of _ModelFn."""

    def walk_block(self, stmts: Sequence[cst.BaseStatement], path: _Path, top: bool = False) -> bool:
        """Append what `path.mode` runs of `stmts`; True once it returned."""
        for i, stmt in enumerate(stmts):
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if top and i == 0 and isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                        continue
                    if self.small(small, path):
                        return True
            elif isinstance(stmt, cst.If):
                if self.branch(stmt, path):
                    return True
            elif isinstance(stmt, cst.With) and self.is_control_dependencies(stmt):
                path.batch_norm_updates = True
                if self.walk_block(stmt.body.body, path):  # type: ignore[attr-defined]
                    return True
            elif isinstance(stmt, cst.With) and self.is_naming_scope(stmt):
                # A scope that only prefixes names: Keras layers are objects, not names.
                if self.walk_block(stmt.body.body, path):  # type: ignore[attr-defined]
                    return True
            elif isinstance(stmt, cst.FunctionDef) and self.train_op_fn_def(stmt):
                continue  # a head's train_op_fn: read with the head's spec (HeadSpec)
            elif isinstance(stmt, cst.For) and not stmt.orelse and not stmt.asynchronous:
                # `if params["dropout"] > 0:` right in the loop's body chooses layers per pass, as
                # a structural `if` does outside a loop; any other branch or exit is refused.
                structural = [inner for inner in stmt.body.body  # type: ignore[attr-defined]
                              if isinstance(inner, cst.If) and self.structural_if(inner)]
                inside = [n for inner in stmt.body.body if inner not in structural  # type: ignore[attr-defined]
                          for n in _walk(inner)]
                inside += [n for inner in structural for n in _walk(inner.body)]
                inside += [n for inner in structural if isinstance(inner.orelse, cst.Else)
                           for n in _walk(inner.orelse.body)]
                exits = [n for n in inside if isinstance(n, (cst.Return, cst.If, cst.Break, cst.Continue))]
                if exits and isinstance(exits[0], cst.If):
                    raise NotTranslatable(f"a loop in model_fn branches on `{self.code(exits[0].test)}`, which is "
                                          "not a test of hyperparameters over plain assignments: one Keras model "
                                          "has one structure", exits[0])
                if exits:
                    raise NotTranslatable("a loop in model_fn returns or breaks", stmt)
                path.steps.append(stmt)
            else:
                raise NotTranslatable("model_fn contains a compound statement with no clear Keras form", stmt)
        return False

    def is_unused_marker(self, small: cst.CSTNode) -> bool:
        """`del config` / `del params, mode`: a model_fn marking parameters it does not use."""
        if not isinstance(small, cst.Del):
            return False
        target = small.target
        names = [e.value for e in target.elements] if isinstance(target, cst.Tuple) else [target]
        return all(isinstance(n, cst.Name) and n.value in MODEL_FN_PARAMS - {"features"} for n in names)

    def is_naming_scope(self, stmt: cst.With) -> bool:
        """`with tf.variable_scope("tower"):` / `tf.name_scope(...)`, without reuse or getters."""
        if len(stmt.items) != 1 or stmt.items[0].asname is not None or stmt.asynchronous:
            return False
        item = stmt.items[0].item
        if not (isinstance(item, cst.Call) and self.name_of(item.func) in NAMING_SCOPES):
            return False
        # reuse=False / None makes new variables, as no reuse= does
        keywords = {a.keyword.value for a in item.args if a.keyword is not None
                    and not (a.keyword.value == "reuse" and self.code(a.value) in ("False", "None"))}
        positional = [a for a in item.args if a.keyword is None]
        # reuse / custom_getter / default_name shared or changed variables by name.
        return keywords <= {"name_or_scope", "name", "values"} and len(positional) <= 1

    def small(self, small: cst.BaseSmallStatement, path: _Path) -> bool:
        if isinstance(small, cst.Return) and isinstance(small.value, cst.Name):
            bound = self.binding(small.value.value, path, None)  # `spec = EstimatorSpec(...); return spec`
            if bound is not None and isinstance(bound.value, cst.Call) \
                    and self.name_of(bound.value.func) == ESTIMATOR_SPEC:
                path.spec = bound.value
                return True
        if isinstance(small, cst.Return) and small.value is not None:
            head = self.head_of(small.value)  # `return head.create_estimator_spec(...)` (HeadSpec)
            if head is not None:
                self.head_ctor = head
                path.spec = small.value  # type: ignore[assignment]
                return True
        if isinstance(small, cst.Return):
            if not (isinstance(small.value, cst.Call) and self.name_of(small.value.func) == ESTIMATOR_SPEC):
                raise NotTranslatable("model_fn returns something other than `EstimatorSpec(...)`", small)
            path.spec = small.value
            return True
        if isinstance(small, (cst.Pass, cst.Assert)) or self.is_unused_marker(small):
            return False
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            modes = self.condition(small.value)
            if modes is not None:
                self.mode_names[small.targets[0].target.value] = modes
        if isinstance(small, (cst.Assign, cst.Expr, cst.AugAssign, cst.AnnAssign)):
            path.steps.append(small)
            return False
        raise NotTranslatable(f"`{self.code(small)}` in model_fn has no clear Keras form", small)

    def branch(self, stmt: cst.If, path: _Path) -> bool:
        modes = self.condition(stmt.test)
        decay = self.conditional_decay(stmt) if modes is None else None
        if decay is not None:
            self.decay_steps[id(stmt)] = decay  # `if params["l2"] > 0: loss += <weight decay>`
            path.steps.append(stmt)
            return False
        if modes is None and self.structural_if(stmt):
            path.steps.append(stmt)  # decided by hyperparameters: kept as it is, in __init__ and call
            return False
        if modes is None and self.choice_if(stmt):
            path.steps.append(stmt)  # `if/elif/else` choosing a value by hyperparameters (chosen_binding)
            return False
        if modes is None and self.labels_reshape_if(stmt):
            return False  # what a head does to its labels itself; refused without a head spec (translate)
        if modes is None and self.plumbing_if(stmt):
            path.steps.append(stmt)  # `if isinstance(features, dict): ...`: Python at trace time, as in TF1
            return False
        if modes is None:
            raise NotTranslatable(f"model_fn branches on `{self.code(stmt.test)}`, which is not the mode: "
                                  "one Keras model has one structure", stmt)
        train_only = self.train_only_ops(stmt)
        if train_only is not None:
            # Noise or dropout only while training: Keras layers that read the training flag, in every mode.
            for small, form in train_only:
                path.steps.append(small)
                self.train_only[id(small)] = form
            return False
        if path.mode in modes:
            return self.walk_block(stmt.body.body, path)  # type: ignore[attr-defined]
        orelse = stmt.orelse
        if isinstance(orelse, cst.If):
            return self.branch(orelse, path)
        if isinstance(orelse, cst.Else):
            return self.walk_block(orelse.body.body, path)  # type: ignore[attr-defined]
        return False

    def plumbing_if(self, stmt: cst.If) -> bool:
        """An `if` on the inputs' Python structure over plain assignments that create nothing:
        TF1 graph code could only test Python values, which Keras's call sees the same way."""
        if isinstance(stmt.orelse, cst.If) or "mode" in _names_used(stmt.test) or "labels" in _names_used(stmt):
            return False
        blocks = [stmt.body] + ([stmt.orelse.body] if isinstance(stmt.orelse, cst.Else) else [])
        for block in blocks:
            for inner in block.body:  # type: ignore[attr-defined]
                if not isinstance(inner, cst.SimpleStatementLine) or not all(
                        isinstance(small, cst.Assign) for small in inner.body):
                    return False
        for node in _walk(stmt):
            if isinstance(node, cst.Call):
                name = self.name_of(node.func) or ""
                if name.startswith(TF1_ONLY) or name in ("tf.get_variable",):
                    return False
        return True

    def structural_if(self, stmt: cst.If) -> bool:
        """`if params["deep"]: net = tf.layers.dense(net, ...)`: a test of hyperparameters
        alone, over plain statements, chooses the network's structure once."""
        blocks = [stmt.body]
        orelse = stmt.orelse
        if isinstance(orelse, cst.If):
            return False
        if isinstance(orelse, cst.Else):
            blocks.append(orelse.body)
        for block in blocks:
            for inner in block.body:  # type: ignore[attr-defined]
                if not isinstance(inner, cst.SimpleStatementLine) or not all(
                        isinstance(small, cst.Assign) for small in inner.body):
                    return False
        saved = self.in_model
        try:
            return "mode" not in _names_used(stmt.test) and (self.check_static(stmt.test)
                                                             or self.shape_test(stmt.test))  # type: ignore[attr-defined]
        finally:
            self.in_model = saved

    def choice_if(self, stmt: cst.If) -> bool:
        """`if params["optimizer"] == "adam": ... elif ...: ... else: ...` over plain
        assignments, each test a test of hyperparameters alone: one of its values is chosen
        once, as a structural `if` chooses layers (chosen_binding reads it)."""
        arms: list[cst.BaseSuite] = []
        node: Optional[cst.If] = stmt
        while node is not None:
            if "mode" in _names_used(node.test):
                return False
            saved = self.in_model
            try:
                if not self.check_static(node.test):
                    return False
            finally:
                self.in_model = saved
            arms.append(node.body)
            orelse = node.orelse
            node = orelse if isinstance(orelse, cst.If) else None
            if isinstance(orelse, cst.Else):
                arms.append(orelse.body)
        return all(isinstance(inner, cst.SimpleStatementLine) and all(isinstance(small, cst.Assign)
                                                                      for small in inner.body)
                   for arm in arms for inner in arm.body)  # type: ignore[attr-defined]

    def chosen_binding(self, step: cst.CSTNode, name: str) -> Optional[cst.Assign]:
        """`name = A if test else B`, read from an `if`/`elif`/`else` choice that binds
        `name` once in every arm, from names bound before the `if` (so each arm's value reads
        what it read there). The same node each time, so that identities hold (the optimizer
        that computes the gradients is the one that applies them)."""
        if not isinstance(step, cst.If) or not self.choice_if(step):  # a plain if/else is a choice too
            return None
        key = (id(step), name)
        if key in self.chosen:
            return self.chosen[key]

        def arm_value(block: cst.BaseSuite) -> Optional[cst.BaseExpression]:
            smalls = [small for line in block.body for small in line.body]  # type: ignore[attr-defined]
            bound_here: set[str] = set()
            found = None
            for small in smalls:
                targets = [t.target for t in small.targets]
                if any(isinstance(t, cst.Name) and t.value == name for t in targets):
                    if found is not None or len(targets) != 1 or _names_used(small.value) & bound_here:
                        return None
                    found = small.value
                elif name in {n.value for t in targets for n in _walk(t) if isinstance(n, cst.Name)}:
                    return None
                bound_here |= {n.value for t in targets for n in _walk(t) if isinstance(n, cst.Name)}
            return found

        def chosen(node: cst.If) -> Optional[cst.BaseExpression]:
            body = arm_value(node.body)
            orelse = node.orelse
            other = chosen(orelse) if isinstance(orelse, cst.If) else \
                arm_value(orelse.body) if isinstance(orelse, cst.Else) else None
            if body is None or other is None:
                return None
            return cst.IfExp(test=node.test, body=body, orelse=other)

        value = chosen(step)
        assign = None
        if value is not None:
            for sub in _walk(value):
                self.origin.setdefault(id(sub), step)
            assign = cst.Assign(targets=[cst.AssignTarget(cst.Name(name))], value=value)
        self.chosen[key] = assign
        return assign

    def condition(self, node: cst.BaseExpression) -> Optional[frozenset[str]]:
        """The modes in which `node` is true, if it tests only the mode."""
        if isinstance(node, cst.Name):
            if node.value in self.mode_names:
                return self.mode_names[node.value]
            return {"True": MODES, "False": frozenset()}.get(node.value)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            inner = self.condition(node.expression)
            return None if inner is None else MODES - inner
        if isinstance(node, cst.BooleanOperation):
            left, right = self.condition(node.left), self.condition(node.right)
            if left is None or right is None:
                return None
            return left & right if isinstance(node.operator, cst.And) else left | right
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
            op, right = node.comparisons[0].operator, node.comparisons[0].comparator
            left = node.left
            if not self.is_mode(left):
                left, right = right, left
            if not self.is_mode(left):
                return None
            if isinstance(op, (cst.In, cst.NotIn)) and isinstance(right, (cst.Tuple, cst.List, cst.Set)):
                keys = {self.mode_key(e.value) for e in right.elements}
                if None in keys:
                    return None
                found = frozenset(keys)  # type: ignore[arg-type]
                return found if isinstance(op, cst.In) else MODES - found
            key = self.mode_key(right)
            if key is None:
                return None
            if isinstance(op, (cst.Equal, cst.Is)):
                return frozenset({key})
            if isinstance(op, (cst.NotEqual, cst.IsNot)):
                return MODES - {key}
        return None

    def is_mode(self, node: cst.CSTNode) -> bool:
        return isinstance(node, cst.Name) and node.value == "mode"

    def mode_key(self, node: cst.CSTNode) -> Optional[str]:
        if isinstance(node, cst.SimpleString):
            value = ast.literal_eval(node.value)
            return value if value in MODES else None
        return MODE_KEYS.get(self.name_of(node) or "")

    def is_control_dependencies(self, stmt: cst.With) -> bool:
        if len(stmt.items) != 1 or stmt.items[0].asname is not None:
            return False
        item = stmt.items[0].item
        return isinstance(item, cst.Call) and self.name_of(item.func) == "tf.control_dependencies" \
            and self.is_update_ops(item.args[0].value if item.args else None)
