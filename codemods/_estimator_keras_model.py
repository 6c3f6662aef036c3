"""`tf.keras.estimator.model_to_estimator(keras_model, ...)` (TFM214 when it stays): the
Keras model already exists, so the rewrite trains that model itself with fit, evaluate
and the rest of the Estimator's drivers, keeping the RunConfig's strategy, model_dir and
seed.

What model_to_estimator did (tensorflow_estimator keras_lib.py, TF 2.15):
- the Estimator's model_fn cloned the compiled model in its own graph and warm-started the
  clone from the model's weights, so training started from the model's weights, with its
  compiled optimizer, loss and metrics. `model.fit` starts from the same weights.
- the model passed in was never trained: its weights stayed as they were. The rewrite trains
  the model itself, so it is done only when nothing reads the model after the
  model_to_estimator call.
- evaluate() gave the compiled metrics under their Keras names, `loss` and `global_step`.
  Its `loss` was the mean of the per-batch losses, while Keras weighs each example: the two
  differ when the last batch is short (said in the rewrite's report).
- predict() yielded one dict per example keyed by the model's output names: the same
  dicts from Keras's predict, for a functional model (Keras 3's Sequential has no
  output_names, so its predict stays reported).
"""

from __future__ import annotations

import dataclasses

import libcst as cst

from tfmigrate.codemods._canned import TF1_OPTIMIZERS, keras_optimizer_text
from tfmigrate.codemods._feature_columns import normalize
from tfmigrate.codemods._model_fn import KerasModelCode
from tfmigrate.rule import Finding
from tfmigrate.codemods._estimator_common import (
    CODE_MODEL_TO_ESTIMATOR, _AnalysisBase, _is_none, _Pipeline, _Problem, _walk,
)

# model_to_estimator's parameters, in order (keras_lib.py).
PARAMETERS = ("keras_model", "keras_model_path", "custom_objects", "model_dir", "config", "checkpoint_format",
              "use_v2_estimator", "metric_names_map", "export_outputs")
FUNCTIONAL_MODELS = ("tf.keras.Model", "tf.keras.models.Model", "keras.Model", "keras.models.Model")
SEQUENTIAL_MODELS = ("tf.keras.Sequential", "tf.keras.models.Sequential", "keras.Sequential", "keras.models.Sequential")
# Only how the Estimator wrote its checkpoints, or which Estimator class it was.
NO_EFFECT_ON_TRAINING = ("checkpoint_format", "use_v2_estimator")
LEFT_FOR_HAND = {
    "keras_model_path": "model_to_estimator(keras_model_path=...) loads a saved Keras model: load it with "
                        "tf.keras.models.load_model (Keras 3 reads .keras and .h5 files) and train it with fit; "
                        "migrate by hand",
    "custom_objects": "custom_objects= goes to tf.keras.models.load_model or keras.saving.custom_object_scope; "
                      "migrate by hand",
    "metric_names_map": "metric_names_map= renamed the evaluation results: rename the keys of evaluate(..., "
                        "return_dict=True) by hand",
    "export_outputs": "export_outputs= named SavedModel signatures: export with model.export(path) by hand",
}


class _KerasModelPipeline(_AnalysisBase):
    def keras_model_findings(self, call: cst.Call) -> list[Finding]:
        try:
            return [self.keras_model_pipeline(call)]
        except _Problem as p:
            found = [Finding(p.code, p.message, p.node)]
            if not self.encloses(call, p.node):  # the reason is elsewhere (its RunConfig, a driver call)
                found.append(Finding(CODE_MODEL_TO_ESTIMATOR, "model_to_estimator is left as it is: TF 2.16 has no "
                                     f"tf.estimator; train the Keras model with fit (see line {self.start(p.node)[0]} "
                                     "for why tfmigrate did not)", call))
            return found

    def keras_model_pipeline(self, call: cst.Call) -> Finding:
        est_name = self.assigned_name(call)
        if est_name is None:
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, "model_to_estimator(...) is not assigned to a name on its own "
                           "line: tfmigrate cannot follow how the Estimator is used; train the Keras model with fit",
                           call)
        stmt = self.statement_of(call)
        given = self.keyword_args(call, PARAMETERS)
        for key, arg in given.items():
            if key in ("keras_model", "model_dir", "config", *NO_EFFECT_ON_TRAINING) or _is_none(arg.value):
                continue
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, LEFT_FOR_HAND.get(key, f"model_to_estimator({key}=...) has no "
                                                                            "automatic Keras form"), arg)
        keras = given.get("keras_model")
        if keras is None or _is_none(keras.value):
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, LEFT_FOR_HAND["keras_model_path"], call)
        pipeline = self.pipeline_head(call, stmt, est_name, given)  # type: ignore[attr-defined]
        pipeline.user_model = True
        if pipeline.model_dir is not None:
            self.model_dir_checkpoints(pipeline, call)  # type: ignore[attr-defined]
        else:  # checkpoints of a temporary directory: nobody reads them
            pipeline.dropped += [a for a in (pipeline.keep_arg, pipeline.save_every_arg) if a is not None]
            pipeline.save_every = None
        build = self.keras_model_source(keras.value, pipeline, stmt, call)
        phase = next((c for c in self.index.of(cst.Call)
                      if (self.name_of(c.func) or "").endswith("backend.set_learning_phase")), None)
        if phase is not None:
            # Keras 2 then ran every layer in that phase (dropout, batch normalization) whatever
            # fit or evaluate asked; Keras 3 has no such switch, and the call fails there.
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, f"`{self.code(phase)}`: Keras 3 has no learning phase to set (it "
                           "raises AttributeError), and the Estimator ran the model in the phase it set; remove it "
                           "or pass training= to the layers that read it, then run tfmigrate again", phase)
        if pipeline.strategy_name:
            names = self.free_names(("steps_taken", "keras_steps_taken", f"{est_name}_steps_taken"))  # type: ignore[attr-defined]
            if names is None:
                raise _Problem(CODE_MODEL_TO_ESTIMATOR, "no free name to count the steps taken", call)
            pipeline.steps_record = names[0]
            self.all_names.add(names[0])
        model = KerasModelCode("", "", takes_params=False, predicts=False, build=build)
        self.driver(pipeline, stmt, model)  # type: ignore[attr-defined]
        self.graph_mode_switches(pipeline)  # type: ignore[attr-defined]
        fix = self.pipeline_fix(pipeline, model)  # type: ignore[attr-defined]
        where = f"built under {pipeline.strategy_name}.scope(), trained on per-replica batches" \
            if pipeline.strategy_name else "trained with fit"
        return dataclasses.replace(fix, message=(
            f"model_to_estimator → the Keras model itself, `{est_name}`, {where}; evaluate()'s loss now weighs "
            "every example alike (the Estimator averaged per-batch losses: they differ when the last batch is short)"))

    def keras_model_source(self, node: cst.BaseExpression, pipeline: _Pipeline, stmt: cst.SimpleStatementLine,
                           call: cst.Call) -> str:
        """The expression the rewrite binds the model's name to: a builder call as it is, or
        the model's own name (under a strategy, with the statements that build it moved into
        the scope)."""
        if isinstance(node, cst.Call):
            if any(isinstance(n, (cst.Yield, cst.Await)) for n in _walk(node)):
                raise _Problem(CODE_MODEL_TO_ESTIMATOR, "the Keras model is built in a form tfmigrate does not move",
                               node)
            return self.code(node)
        if not isinstance(node, cst.Name):
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, f"`{self.code(node)}` is not a name or a call that builds the "
                           "Keras model: train the model with fit by hand", node)
        value = self.single_binding(node)
        if value is None or isinstance(value, cst.FunctionDef):
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, f"`{node.value}` is not bound by one assignment that tfmigrate "
                           "can follow: train the Keras model with fit by hand", node)
        uses = [u for u in self.references(value) if u is not node]
        pipeline.expressions += self.keras_optimizer_of_tf1(uses, pipeline.tf)
        pipeline.user_model_outputs = self.functional_outputs(value) or self.sequential_output(value, uses)
        later = [u for u in uses if self.start(u) > self.start(call) or self.in_other_function(u, call)]
        if later:
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, f"`{node.value}` is used again at line {self.start(later[0])[0]}: "
                           "the Estimator trained a copy and left this model as it was, while Keras would train "
                           "the model itself; migrate by hand", later[0])
        if not pipeline.strategy_name:
            return node.value
        self.move_under_scope(node, value, uses, pipeline, stmt)
        return node.value

    def functional_outputs(self, value: cst.CSTNode) -> str:
        """"single" for `tf.keras.Model(inputs=..., outputs=...)` with one output, else "".
        Keras 2 and 3 name a functional model's outputs alike, after the
        layers that make them (`output_names`); a Sequential has none in Keras 3."""
        if not isinstance(value, cst.Call) or self.name_of(value.func) not in FUNCTIONAL_MODELS:
            return ""
        outputs = next((a.value for a in value.args if a.keyword and a.keyword.value == "outputs"), None)
        positional = [a for a in value.args if a.keyword is None]
        if outputs is None and len(positional) >= 2 and not positional[1].star:
            outputs = positional[1].value
        if outputs is None or any(a.star for a in value.args):
            return ""
        # Several outputs came back from Keras 2 and 3 in structures tfmigrate has not checked.
        return "" if isinstance(outputs, (cst.List, cst.Tuple, cst.Dict, cst.DictComp, cst.ListComp)) else "single"

    def sequential_output(self, value: cst.CSTNode, uses: list[cst.CSTNode]) -> str:
        """"name:<n>" for a Sequential whose last layer is named by a literal (`Dense(3,
        name="species")`, in its list or by its last `.add`): Keras 2 named the model's one
        output after that layer, and Keras 3 keeps the layer's name. Else "" (an automatic
        name need not be the same in both)."""
        if not isinstance(value, cst.Call) or self.name_of(value.func) not in SEQUENTIAL_MODELS:
            return ""
        layers = value.args[0].value if len(value.args) == 1 and value.args[0].keyword is None else None
        last = layers.elements[-1].value if isinstance(layers, cst.List) and layers.elements else None
        adds = [self.parents.get(self.parents.get(u)) for u in uses
                if isinstance(self.parents.get(u), cst.Attribute) and self.parents.get(u).attr.value == "add"]
        if adds:
            if last is not None or not all(isinstance(a, cst.Call) and len(a.args) == 1 for a in adds):
                return ""
            last = max(adds, key=self.start).args[0].value  # type: ignore[union-attr]
        name = next((a.value for a in last.args if a.keyword is not None and a.keyword.value == "name"), None) \
            if isinstance(last, cst.Call) else None
        return f"name:{name.evaluated_value}" if isinstance(name, cst.SimpleString) \
            and isinstance(name.evaluated_value, str) and name.evaluated_value.isidentifier() else ""

    def keras_optimizer_of_tf1(self, uses: list[cst.CSTNode], tf: str) -> list[tuple[cst.Call, str]]:
        """Keras 2 compiled a model with a tf.train optimizer (`model.compile(optimizer=
        tf.train.AdamOptimizer(0.01), ...)`) by wrapping it (TFOptimizer), so the model trained
        with TF1's update. Keras 3 takes only its own, and TF 2.16+ has no tf.train optimizers:
        the call becomes the Keras optimizer with the same update (the canned models' table,
        codemods/_canned.py TF1_OPTIMIZERS: TF1's Adam epsilon 1e-8, Adagrad's accumulator
        0.1 and no epsilon). Any other is reported."""
        replaced: list[tuple[cst.Call, str]] = []
        for use in uses:
            method = self.parents.get(use)
            compile_call = self.parents.get(method) if isinstance(method, cst.Attribute) \
                and method.value is use and method.attr.value == "compile" else None
            if not isinstance(compile_call, cst.Call):
                continue
            given = {a.keyword.value if a.keyword else ("optimizer" if i == 0 else ""): a.value
                     for i, a in enumerate(compile_call.args)}
            optimizer = given.get("optimizer")
            if isinstance(optimizer, cst.Name):
                bound = self.single_binding(optimizer)
                if bound is not None and [u for u in self.references(bound)] != [optimizer]:
                    bound = None  # read elsewhere too: not changed here
                optimizer = bound or optimizer
            name = self.name_of(optimizer.func) if isinstance(optimizer, cst.Call) else None
            if not (name and name.startswith(("tf.train.", "tf.compat.v1.train.")) and name.endswith("Optimizer")):
                continue
            unchecked = _Problem(CODE_MODEL_TO_ESTIMATOR, f"the Keras model is compiled with `{name}`, a TF1 "
                                 "optimizer that Keras 3 does not take and TF 2.16 does not have, and tfmigrate has "
                                 "no checked Keras form of it here: compile it with a tf.keras.optimizers one and "
                                 "run tfmigrate again", optimizer)
            if normalize(name) not in TF1_OPTIMIZERS:
                raise unchecked

            def refuse(key, arg):  # type: ignore[no-untyped-def]
                raise unchecked

            keras = keras_optimizer_text(optimizer, normalize(name), lambda _, v: self.code(v), refuse)  # type: ignore[arg-type]
            replaced.append((optimizer, keras.format(keras=f"{tf}.keras")))
        return replaced

    def in_other_function(self, use: cst.CSTNode, call: cst.Call) -> bool:
        """Is `use` in a function or lambda that does not also hold the call (it may run later)?"""
        cur = self.parents.get(use)
        while cur is not None:
            if isinstance(cur, (cst.FunctionDef, cst.Lambda)):
                return not any(n is call for n in _walk(cur))
            cur = self.parents.get(cur)
        return False

    def move_under_scope(self, node: cst.Name, value: cst.CSTNode, uses: list[cst.CSTNode], pipeline: _Pipeline,
                         stmt: cst.SimpleStatementLine) -> None:
        """A Keras model's weights live in the strategy they were made under, and a functional
        model makes them where each layer is first called (`hidden = Dense(8)(inputs)`). So
        the statements that build the model move under the scope, in order: its assignment,
        every statement that reads it (compile, summary), and, back from those, each
        statement that binds a name they read with a call (layers, inputs, other models).
        The statements between them stay, when moving past them changes nothing: they read
        nothing the moved ones bind, and bind nothing the moved ones read."""
        first = self.statement_of(value)
        block = self.block_of(stmt)
        body = list(getattr(block, "body", ()))
        if first is None or self.block_of(first) is not block or first not in body or stmt not in body:
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, f"`{node.value}` is built outside the block of "
                           "model_to_estimator: tfmigrate cannot build it under the strategy's scope", node)
        before = body[:body.index(stmt)]
        names = {id(s): _bound_and_read(s) for s in before}
        moved = {id(s) for s in before if s is first or any(self.encloses(s, u) for u in uses)}
        if any(not any(self.encloses(s, u) for s in before if id(s) in moved) for u in uses):
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, f"`{node.value}` is used where tfmigrate cannot move it under "
                           "the strategy's scope", node)
        grown = True
        while grown:
            grown = False
            needed = set().union(*(names[i][1] for i in moved))
            last = max(i for i, s in enumerate(before) if id(s) in moved)
            for s in before[:last]:
                if id(s) not in moved and names[id(s)][0] & needed and any(isinstance(n, cst.Call) for n in _walk(s)):
                    moved.add(id(s))
                    grown = True
        start = min(i for i, s in enumerate(before) if id(s) in moved)
        bound_moved = set().union(*(names[i][0] for i in moved))
        read_moved = set().union(*(names[i][1] for i in moved))
        for s in before[start:]:
            if id(s) in moved:
                continue
            bound, read = names[id(s)]
            clash = sorted((read & bound_moved) | (bound & read_moved))
            if clash:
                raise _Problem(CODE_MODEL_TO_ESTIMATOR, f"the model is built under the strategy's scope, and a "
                               f"statement between its lines also uses `{clash[0]}`: tfmigrate would change the order "
                               "they run in; migrate by hand", s)
        lines = [s for s in before[start:] if id(s) in moved]
        if pipeline.strategy_stmt is not None and any(s is pipeline.strategy_stmt for s in lines):
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, "the strategy is made among the model's lines: migrate by hand",
                           pipeline.strategy_stmt)
        for s in lines:
            if any(isinstance(n, (cst.SimpleString, cst.FormattedString)) and "\n" in self.code(n)
                   for n in _walk(s)):
                raise _Problem(CODE_MODEL_TO_ESTIMATOR, "a string over several lines in the model's lines: tfmigrate "
                               "does not re-indent it under the strategy's scope; migrate by hand", s)
        pipeline.removed += lines  # type: ignore[arg-type]
        # the expressions the rewrite changes in them (a TF1 optimizer) change in their moved copy
        inside = {id(n) for s in lines for n in _walk(s)}
        swaps = {id(n): text for n, text in pipeline.expressions if id(n) in inside}
        pipeline.expressions = [(n, text) for n, text in pipeline.expressions if id(n) not in inside]
        moved_lines = [s.visit(_Swapped(swaps)) if swaps else s for s in lines]
        pipeline.built_before = "".join(self.module.code_for_node(s.with_changes(leading_lines=[]))
                                        for s in moved_lines)


class _Swapped(cst.CSTTransformer):
    """Calls replaced by new source, by the identity of the original call."""

    def __init__(self, swaps: dict[int, str]) -> None:
        super().__init__()
        self.swaps = swaps

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        text = self.swaps.get(id(original_node))
        return cst.parse_expression(text) if text is not None else updated_node


def _bound_and_read(stmt: cst.CSTNode) -> tuple[set[str], set[str]]:
    """The names a statement assigns, and the names it reads (any other use)."""
    bound: set[str] = set()
    targets: list[cst.CSTNode] = []
    for n in _walk(stmt):
        if isinstance(n, cst.AssignTarget):
            targets.append(n.target)
        elif isinstance(n, (cst.AugAssign, cst.AnnAssign, cst.For)):
            targets.append(n.target)
        elif isinstance(n, cst.AsName):
            targets.append(n.name)
        elif isinstance(n, (cst.FunctionDef, cst.ClassDef)):
            bound.add(n.name.value)
        elif isinstance(n, cst.ImportAlias) and n.asname is None:
            bound.add(_first_name(n.name))
    target_names = {id(n) for t in targets for n in _walk(t) if isinstance(n, cst.Name)
                    and not _is_attribute_or_subscript_part(n, t)}
    for t in targets:
        bound |= {n.value for n in _walk(t) if id(n) in target_names}
    # `x.shape` and `Dense(units=8)` name an attribute and a keyword, not a variable.
    labels = {id(n.attr) for n in _walk(stmt) if isinstance(n, cst.Attribute)}
    labels |= {id(n.keyword) for n in _walk(stmt) if isinstance(n, cst.Arg) and n.keyword is not None}
    read = {n.value for n in _walk(stmt) if isinstance(n, cst.Name) and id(n) not in target_names | labels}
    return bound, read


def _first_name(node: cst.CSTNode) -> str:
    while isinstance(node, cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else ""


def _is_attribute_or_subscript_part(name: cst.Name, target: cst.CSTNode) -> bool:
    """`model.trainable = False` or `d[k] = v` assign no name: `model` is read."""
    return not isinstance(target, (cst.Name, cst.Tuple, cst.List)) or any(
        isinstance(n, (cst.Attribute, cst.Subscript)) and any(m is name for m in _walk(n)) for n in _walk(target))
