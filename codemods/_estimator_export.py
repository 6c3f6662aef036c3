"""`est.export_saved_model(base, serving_input_receiver_fn)` of a custom model_fn's
Estimator, whose receiver function makes placeholders and returns them as a
ServingInputReceiver (TFM218): the Keras model is written out by a
keras.export.ExportArchive whose serving_default endpoint takes the receiver tensors, under
their names, and returns the PREDICT spec's predictions, as the Estimator's signature did.

What the Estimator did (tensorflow_estimator/python/estimator/estimator.py
`_export_all_saved_models`, export/export_lib.py): it wrote the SavedModel in a new folder
of export_dir_base named by the time in seconds (`get_timestamped_export_dir`) and returned
that path as bytes; the PREDICT spec's export_outputs (by default
`{"serving_default": PredictOutput(predictions)}`, and one output of another name served as
the default too) gave the signature: its inputs the receiver tensors by key (a lone tensor
under "input"), its outputs the predictions by key (a lone tensor under "output").
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate.rule import ImportSpec
from tfmigrate.codemods._feature_columns import normalize
from tfmigrate.codemods._estimator_common import (
    CODE_DRIVER, _AnalysisBase, _Call, _Pipeline, _Problem, _is_none, _takes_nothing,
    _walk,
)

RECEIVER = "tf.estimator.export.ServingInputReceiver"  # a lone features tensor reached the model as {"feature": t}
TENSOR_RECEIVER = "tf.estimator.export.TensorServingInputReceiver"  # a lone features tensor, as it is
PLACEHOLDER = "tf.placeholder"
PREDICT_OUTPUT = "tf.estimator.export.PredictOutput"
EXPORT_METHODS = ("export_saved_model", "export_savedmodel")
EXPORTERS = ("tf.estimator.LatestExporter", "tf.estimator.FinalExporter")


STRING_DTYPES = frozenset({"tf.string", "tf.compat.v1.string", "tf.dtypes.string"})

class _Export(_AnalysisBase):
    def driver_export_saved_model(self, call: cst.Call, pipeline: _Pipeline, model: object) -> None:
        method = call.func.attr.value  # type: ignore[attr-defined]
        given = self.keyword_args(call, ("export_dir_base", "serving_input_receiver_fn", "assets_extra", "as_text",
                                         "checkpoint_path", "strip_default_attrs" if method == "export_savedmodel"
                                         else "experimental_mode"))
        for key in ("assets_extra", "checkpoint_path", "experimental_mode"):
            if key in given and not _is_none(given[key].value):
                raise _Problem(CODE_DRIVER, f"{method}({key}=...) has no automatic Keras form: export by hand",
                               given[key])
        for key in ("as_text", "strip_default_attrs"):
            value = given.get(key)
            if value is not None and not (isinstance(value.value, cst.Name) and value.value.value in ("False", "None")
                                          or key == "strip_default_attrs" and isinstance(value.value, cst.Name)
                                          and value.value.value == "True"):
                raise _Problem(CODE_DRIVER, f"{method}({key}=...) has no automatic Keras form: export by hand",
                               value)
        if "export_dir_base" not in given or "serving_input_receiver_fn" not in given:
            raise _Problem(CODE_DRIVER, f"`{method}` without export_dir_base and serving_input_receiver_fn", call)
        stmt, target, inside = self.export_place(call)
        base = f"{pipeline.tf}.compat.as_str({self.code(given['export_dir_base'].value)})"
        lines, path = self.archive_lines(method, given["serving_input_receiver_fn"].value, base, call, pipeline,
                                         model)
        tf = pipeline.tf
        if inside:  # `est.export_saved_model(...).decode()`: the export goes first, its value stays
            pipeline.before.append((stmt, lines))
            pipeline.expressions.append((call, f"{tf}.compat.as_bytes({path})"))
            return
        if target is not None:
            lines.append(f"{target} = {tf}.compat.as_bytes({path})")  # the Estimator returned bytes
        pipeline.calls.append(_Call(stmt, lines))

    def archive_lines(self, what: str, receiver: cst.BaseExpression, base: str, call: cst.Call,
                      pipeline: _Pipeline, model: object, accounted: int = 1) -> tuple[list[str], str]:
        """The lines that write the model out as the Estimator's export did, under `base` (the
        text of a str path), and the name that then holds the new folder's path."""
        why = self.export_refused(pipeline, model)
        if why is not None:
            raise _Problem(CODE_DRIVER, f"`{what}`: {why}; export by hand with keras.export.ExportArchive", call)
        spec = self.parsing_spec(receiver, pipeline) if pipeline.canned else None  # type: ignore[attr-defined]
        if spec is not None:
            return self.canned_archive_lines(what, spec, base, call, pipeline, model)  # type: ignore[attr-defined]
        specs, features = self.serving_receiver(receiver, call, pipeline, accounted)
        endpoint = "serving_default"
        if pipeline.canned:
            # The head's classification and regression signatures need one string input (a
            # serialized tf.Example); over these placeholders the Estimator wrote `predict` alone
            # (export_lib.build_all_signature_defs dropped the others, serving_default with them).
            if len(specs) == 1 and specs[0][2] in STRING_DTYPES:
                raise _Problem(CODE_DRIVER, f"`{what}`: a canned Estimator's receiver of one string tensor also "
                               "had classification or regression signatures; export by hand", call)
            endpoint = "predict"
        archive, path = self.export_names(call)
        est, tf = pipeline.driver, pipeline.tf
        outputs = f"{est}.predict_step({features})"
        if not getattr(model, "predictions_are_dict", True):
            outputs = f'{{"output": {outputs}}}'  # PredictOutput named a lone tensor "output"
        signature = ", ".join(f'"{key}": {tf}.TensorSpec({shape}, {dtype}, name="{key}")'
                              for key, shape, dtype in specs)
        comments = [
            f"# Estimator wrote a SavedModel in a new folder of export_dir_base named by the time, whose {endpoint}",
            "# signature took the receiver's tensors and returned the "
            + ("head's predictions (its only signature over these inputs)." if pipeline.canned
               else "PREDICT spec's predictions."),
        ]
        endpoints = [f'{archive}.add_endpoint(name="{endpoint}", fn=lambda receivers: {outputs}, '
                     f"input_signature=[{{{signature}}}])"]
        tables = [f"{archive}.track({est}.{attr})  # the model's lookup table, saved with it"
                  for attr in getattr(model, "tables", ())]
        # A model of string inputs is not tracked whole: Keras would trace a default signature of
        # float inputs through its call, which string ops refuse; the endpoint tracks the
        # variables it uses, and the tables are tracked above.
        whole = pipeline.canned or not any(dtype in STRING_DTYPES for _, _, dtype in specs)
        return self.archive_frame(archive, path, base, pipeline, comments, [*tables, *endpoints],
                                  track_model=whole), path

    def export_names(self, call: cst.Call, *more: tuple[str, ...]) -> list[str]:
        """Names for the archive, the export's path and `more`. (Not kept from other exports:
        each export binds them again before it reads them, and Estimators sharing a helper's or
        a loop's export need the same code there.)"""
        names = self.free_names(("export_archive", "keras_export_archive"), ("export_path", "keras_export_path"),  # type: ignore[attr-defined]
                                *more)
        if names is None:
            raise _Problem(CODE_DRIVER, "no free names for the export", call)
        return names

    def archive_frame(self, archive: str, path: str, base: str, pipeline: _Pipeline, comments: list[str],
                      body: list[str], track_model: bool = True) -> list[str]:
        """An ExportArchive that tracks the model, runs `body` (its endpoints) and is written in
        a new folder of `base` named by the time, as the Estimator named its exports."""
        est, tf = pipeline.driver, pipeline.tf
        lines = [f"{archive} = {tf}.keras.export.ExportArchive()", *comments,
                 *([f"{archive}.track({est})"] if track_model else [])]
        if pipeline.canned:
            lines += ["# (each preprocessing layer too, so that its lookup table is saved with it)",
                      f"[{archive}.track(layer) for layer in {est}.layers if layer.built]"]
        lines += [
            *body,
            f"{path} = os.path.join({base}, str(int(time.time())))",
            f"{archive}.write_out({path}, verbose=False)",
        ]
        pipeline.imports += (ImportSpec("os"), ImportSpec("time"))
        return lines

    def exporter_lines(self, exporters: cst.BaseExpression, pipeline: _Pipeline, model: object, call: cst.Call
                       ) -> tuple[list[str], list[str]]:
        """EvalSpec(exporters=...) of LatestExporter / FinalExporter: the lines that write
        each one's SavedModel after training, under `<model_dir>/export/<name>` as
        training.py's `_Evaluator._export_eval_result` did, and the texts of the paths
        train_and_evaluate returned (bytes). The Estimator exported after each evaluation of
        train_and_evaluate; the last evaluation is the one after training, and a
        LatestExporter's newest (a FinalExporter's only) export is that one."""
        node = exporters
        if isinstance(node, cst.Name):
            bound = self.single_binding(node)
            if not isinstance(bound, (cst.Call, cst.List, cst.Tuple)) or self.references(bound) != [node] \
                    or self.assigned_name(bound) is None:
                raise _Problem(CODE_DRIVER, f"exporters `{node.value}` is not one exporter or list of them used "
                               "only here: export by hand", node)
            pipeline.removed.append(self.statement_of(bound))  # type: ignore[arg-type]
            node = bound
        calls = [e.value for e in node.elements] if isinstance(node, (cst.List, cst.Tuple)) else [node]
        tf = pipeline.tf
        model_dir = pipeline.model_dir
        resolved = []
        for exporter in calls:
            if isinstance(exporter, cst.Name):
                bound = self.single_binding(exporter)
                if not isinstance(bound, cst.Call) or self.references(bound) != [exporter] \
                        or self.assigned_name(bound) is None:
                    raise _Problem(CODE_DRIVER, f"exporter `{exporter.value}` is not bound once and read only "
                                   "here: export by hand", exporter)
                pipeline.removed.append(self.statement_of(bound))  # type: ignore[arg-type]
                exporter = bound
            kind = normalize(self.name_of(exporter.func)) if isinstance(exporter, cst.Call) else None
            if kind not in EXPORTERS:
                raise _Problem(CODE_DRIVER, "EvalSpec(exporters=...) other than LatestExporter and FinalExporter "
                               "(a BestExporter kept the export of the best of the evaluations during training, "
                               "which Keras does not run): export by hand with keras.export.ExportArchive",
                               exporter)
            given = self.keyword_args(exporter, ("name", "serving_input_receiver_fn", "assets_extra", "as_text",  # type: ignore[arg-type]
                                                 "exports_to_keep"))
            if "name" not in given or "serving_input_receiver_fn" not in given:
                raise _Problem(CODE_DRIVER, "an exporter without name and serving_input_receiver_fn", exporter)
            for key in ("assets_extra", "as_text"):
                if key in given and not (isinstance(given[key].value, cst.Name)
                                         and given[key].value.value in ("None", "False")):
                    raise _Problem(CODE_DRIVER, f"{kind.rsplit('.', 1)[1]}({key}=...) has no automatic Keras form: "  # type: ignore[union-attr]
                                   "export by hand", given[key])
            keep = given.get("exports_to_keep")
            if keep is not None and isinstance(keep.value, cst.Integer) and int(keep.value.value) < 1:
                raise _Problem(CODE_DRIVER, "exports_to_keep below 1", keep)
            resolved.append((kind.rsplit(".", 1)[1], given))  # type: ignore[union-attr]
        # a receiver function only these exporters name goes with them
        receivers = [self.code(given["serving_input_receiver_fn"].value) for _, given in resolved]
        lines: list[str] = []
        paths: list[str] = []
        for kind, given in resolved:
            root = model_dir if model_dir is not None else "tempfile.mkdtemp()"
            if model_dir is None:  # the Estimator's own temporary model_dir
                pipeline.imports += (ImportSpec("tempfile"),)
            base = f'os.path.join({tf}.compat.as_str({root}), "export", {self.code(given["name"].value)})'
            receiver = given["serving_input_receiver_fn"].value
            more, path = self.archive_lines(kind, receiver, base, call, pipeline, model,
                                            receivers.count(self.code(receiver)))
            if len(resolved) > 1:  # each export keeps its path under a name of its own
                more = [line.replace(path, f"{path}_{len(paths) + 1}") for line in more]
                path = f"{path}_{len(paths) + 1}"
            lines += more
            paths.append(f"{tf}.compat.as_bytes({path})")
        return lines, paths

    def export_place(self, call: cst.Call) -> tuple[cst.SimpleStatementLine, Optional[str], bool]:
        """The statement of the export: the call alone (and its target), or inside an
        expression that runs it once, whenever the statement runs (then its lines go before)."""
        stmt = self.statement_of(call)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        if isinstance(small, cst.Expr) and small.value is call:
            return stmt, None, False  # type: ignore[return-value]
        if isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1:
            return stmt, self.code(small.targets[0].target), False  # type: ignore[return-value]
        node: Optional[cst.CSTNode] = self.parents.get(call)
        while node is not None and node is not small:
            if isinstance(node, (cst.Lambda, cst.BooleanOperation, cst.IfExp, cst.CompFor, cst.ListComp,
                                 cst.GeneratorExp, cst.DictComp, cst.SetComp)):
                node = None
                break
            node = self.parents.get(node)
        if node is None or not isinstance(small, (cst.Expr, cst.Assign)):
            raise _Problem(CODE_DRIVER, f"`{self.code(call)}` is inside an expression that may not run it once: "
                           "tfmigrate cannot place the Keras export", call)
        return stmt, None, True  # type: ignore[return-value]

    def export_refused(self, pipeline: _Pipeline, model: object) -> Optional[str]:
        if pipeline.user_model:
            return ("a model_to_estimator Estimator's SavedModel had the head's signatures (classification, "
                    "regression, predict), which tfmigrate does not write")
        if pipeline.canned:
            return None if pipeline.first_fit and not pipeline.strategy_name else (
                "under a strategy" if pipeline.strategy_name else
                "an export before any train read the model from model_dir's checkpoint")
        if not getattr(model, "predicts", False):
            return "the model_fn has no PREDICT EstimatorSpec"
        if pipeline.strategy_name:
            return "under a strategy"
        if not pipeline.first_fit:
            return "an export before any train read the model from model_dir's checkpoint"
        fn = pipeline.model_fn_node
        if fn is None:
            return "tfmigrate cannot see the model_fn's export_outputs"
        for node in _walk(fn):
            if not (isinstance(node, cst.Arg) and node.keyword is not None and node.keyword.value == "export_outputs"):
                continue
            value = node.value
            if isinstance(value, cst.Name):
                value = self.single_binding(value) or value
            one = value.elements[0] if isinstance(value, cst.Dict) and len(value.elements) == 1 else None
            output = one.value if isinstance(one, cst.DictElement) else None
            spec = self.parents.get(node)
            predictions = next((a.value for a in spec.args if a.keyword is not None  # type: ignore[union-attr]
                                and a.keyword.value == "predictions"), None) if isinstance(spec, cst.Call) else None
            if not (isinstance(output, cst.Call) and normalize(self.name_of(output.func)) == PREDICT_OUTPUT
                    and len(output.args) == 1 and predictions is not None
                    and self.code(output.args[0].value) == self.code(predictions)):
                return ("export_outputs other than one PredictOutput of the predictions named other signatures or "
                        "outputs")
        return None

    def serving_receiver(self, node: cst.BaseExpression, call: cst.Call, pipeline: _Pipeline, accounted: int = 1
                         ) -> tuple[list[tuple[str, str, str]], str]:
        """The receiver tensors (key, shape, dtype) and the model's features in terms of them
        (`receivers["x"]`), read from a function of the module that makes placeholders and
        returns `ServingInputReceiver(features, receiver_tensors)`."""
        fn = self.single_binding(node) if isinstance(node, cst.Name) else None
        problem = _Problem(CODE_DRIVER, f"serving_input_receiver_fn `{self.code(node)}` is not a function of this "
                           "module that makes placeholders and returns ServingInputReceiver(features, "
                           "receiver_tensors): export by hand with keras.export.ExportArchive", node)
        if not isinstance(fn, cst.FunctionDef) or fn.decorators or not _takes_nothing(fn) \
                or not isinstance(fn.body, cst.IndentedBlock) \
                or not isinstance(self.parents.get(fn), cst.Module):
            raise problem
        placeholders: dict[str, cst.Call] = {}
        placeholder_dicts: dict[str, dict[str, cst.Call]] = {}  # `inputs = {"x": tf.placeholder(...)}`
        computed: dict[str, cst.DictComp] = {}  # `features = {k: tf.expand_dims(v, -1) for k, v in inputs.items()}`
        receiver = None
        for stmt in fn.body.body:
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            target = small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else None
            if isinstance(target, cst.Name) and isinstance(small.value, cst.Call) \
                    and normalize(self.name_of(small.value.func)) == PLACEHOLDER:  # type: ignore[union-attr]
                placeholders[target.value] = small.value  # type: ignore[union-attr]
            elif isinstance(target, cst.Name) and self.placeholder_dict(small.value) is not None:  # type: ignore[union-attr]
                placeholder_dicts[target.value] = self.placeholder_dict(small.value)  # type: ignore[union-attr,assignment]
            elif isinstance(target, cst.Name) and self.over_items(small.value, placeholder_dicts) is not None:  # type: ignore[union-attr]
                computed[target.value] = small.value  # type: ignore[union-attr,assignment]
            elif isinstance(small, cst.Return) and isinstance(small.value, cst.Call) and receiver is None \
                    and normalize(self.name_of(small.value.func)) in (RECEIVER, TENSOR_RECEIVER):
                receiver = small.value
            elif isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                continue  # a docstring
            else:
                raise problem
        if receiver is None:
            raise problem
        given = self.keyword_args(receiver, ("features", "receiver_tensors", "receiver_tensors_alternatives"))
        if set(given) != {"features", "receiver_tensors"}:
            raise problem
        as_it_is = normalize(self.name_of(receiver.func)) == TENSOR_RECEIVER
        tensors, features_node = given["receiver_tensors"].value, given["features"].value
        if isinstance(tensors, cst.Name) and tensors.value in placeholder_dicts and not as_it_is:
            # the receiver tensors are the dict of placeholders; the features are it too, or a
            # comprehension over its items, written in the endpoint over the receivers
            for key, placeholder in placeholder_dicts[tensors.value].items():
                placeholders[f"{tensors.value}[{key!r}]"] = placeholder
            specs = [(key, *self.placeholder_spec(placeholder, call, problem))
                     for key, placeholder in placeholder_dicts[tensors.value].items()]
            if isinstance(features_node, cst.Name) and features_node.value == tensors.value:
                features = "receivers"
            elif isinstance(features_node, cst.Name) and features_node.value in computed \
                    and self.over_items(computed[features_node.value], placeholder_dicts) == tensors.value:
                comp = computed[features_node.value]
                features = self.code(comp.with_changes(for_in=comp.for_in.with_changes(
                    iter=comp.for_in.iter.with_changes(func=comp.for_in.iter.func.with_changes(  # type: ignore[attr-defined]
                        value=cst.Name("receivers"))))))
            else:
                raise problem
            if len(self.references(fn)) == accounted and fn not in pipeline.removed:
                pipeline.removed.append(fn)  # type: ignore[arg-type]  # only the exports rewritten here used it
            return specs, features
        receivers = self.tensor_keys(given["receiver_tensors"].value, "input", placeholders, problem)
        specs = []
        for key, name in receivers.items():
            shape, dtype = self.placeholder_spec(placeholders[name], call, problem)
            specs.append((key, shape, dtype))
        by_name = {name: key for key, name in receivers.items()}
        features_node = given["features"].value
        if isinstance(features_node, cst.Name):
            if features_node.value not in by_name:
                raise problem
            features = f'receivers["{by_name[features_node.value]}"]'
            if not as_it_is:
                features = f'{{"feature": {features}}}'  # export_utils.SINGLE_FEATURE_DEFAULT_NAME
        elif as_it_is:
            raise problem
        else:
            wanted = self.tensor_keys(features_node, None, placeholders, problem)
            if any(name not in by_name for name in wanted.values()):
                raise problem
            features = "{" + ", ".join(f'"{key}": receivers["{by_name[name]}"]' for key, name in wanted.items()) + "}"
        if len(self.references(fn)) == accounted and fn not in pipeline.removed:
            pipeline.removed.append(fn)  # type: ignore[arg-type]  # only the exports rewritten here used it
        return specs, features

    def placeholder_dict(self, value: cst.BaseExpression) -> Optional[dict[str, cst.Call]]:
        """`{"x": tf.placeholder(...), ...}`: its placeholders by key."""
        if not isinstance(value, cst.Dict) or not value.elements:
            return None
        found = {}
        for element in value.elements:
            if not (isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)
                    and isinstance(element.value, cst.Call)
                    and normalize(self.name_of(element.value.func)) == PLACEHOLDER):
                return None
            found[str(element.key.evaluated_value)] = element.value
        return found

    def over_items(self, value: cst.BaseExpression, dicts: dict) -> Optional[str]:
        """`{k: tf.expand_dims(v, -1) for k, v in inputs.items()}` over a dict of placeholders,
        keeping every key and reading only its own names, TensorFlow and literals: the dict's
        name."""
        if not (isinstance(value, cst.DictComp) and value.for_in.inner_for_in is None and not value.for_in.ifs
                and value.for_in.asynchronous is None):
            return None
        loop = value.for_in
        source = loop.iter
        if not (isinstance(source, cst.Call) and not source.args and isinstance(source.func, cst.Attribute)
                and source.func.attr.value == "items" and isinstance(source.func.value, cst.Name)
                and source.func.value.value in dicts):
            return None
        target = loop.target
        if not (isinstance(target, cst.Tuple) and len(target.elements) == 2
                and all(isinstance(e.value, cst.Name) for e in target.elements)):
            return None
        key, tensor = (e.value.value for e in target.elements)  # type: ignore[attr-defined]
        if not (isinstance(value.key, cst.Name) and value.key.value == key):
            return None
        for node in _walk(value.value):
            if isinstance(node, cst.Name) and node.value not in (key, tensor):
                parent = self.parents.get(node)
                if isinstance(parent, cst.Attribute) and parent.attr is node:
                    continue
                if isinstance(parent, cst.Arg) and parent.keyword is node:
                    continue
                name = self.name_of(node) or ""
                if not (name == "tf" or name.startswith("tf.")) and node.value != "None":
                    return None  # only TensorFlow, the key and the tensor
        return source.func.value.value

    def tensor_keys(self, node: cst.BaseExpression, lone: Optional[str], placeholders: dict[str, cst.Call],
                    problem: _Problem) -> dict[str, str]:
        """{key: placeholder name} of a dict literal of placeholders (or a lone one, under `lone`)."""
        if isinstance(node, cst.Name) and lone is not None and node.value in placeholders:
            return {lone: node.value}
        if not isinstance(node, cst.Dict):
            raise problem
        found = {}
        for element in node.elements:
            if not (isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)
                    and isinstance(element.value, cst.Name) and element.value.value in placeholders):
                raise problem
            found[str(element.key.evaluated_value)] = element.value.value
        return found

    def placeholder_spec(self, placeholder: cst.Call, call: cst.Call, problem: _Problem) -> tuple[str, str]:
        """`tf.placeholder(dtype, shape, name)`'s dtype and shape, as text the export's line can
        read: literals and module-level names only."""
        given = self.keyword_args(placeholder, ("dtype", "shape", "name"))
        if "dtype" not in given:
            raise problem
        shape = given["shape"].value if "shape" in given else cst.Name("None")
        for value in (given["dtype"].value, shape):
            if not self.module_level_value(value, call):
                raise _Problem(CODE_DRIVER, f"placeholder `{self.code(placeholder)}` reads `{self.code(value)}`, "
                               "which is not a literal or module-level name the export's line can read: export by "
                               "hand", value)
        return self.code(shape), self.code(given["dtype"].value)

    def module_level_value(self, value: cst.BaseExpression, call: cst.Call) -> bool:
        """Literals, arithmetic, subscripts and module-level names (`[None, IMG * IMG]`,
        `FLAGS.window`, `tf.float32`), read the same where the export runs."""
        at_call = self.scopes.get(call)
        for node in _walk(value):
            if isinstance(node, cst.Call):
                return False
            if isinstance(node, cst.Name):
                parent = self.parents.get(node)
                if isinstance(parent, cst.Attribute) and parent.attr is node:
                    continue
                if node.value in ("None", "True", "False"):
                    continue
                if not self.global_name(node):  # type: ignore[attr-defined]
                    return False
                found = list(at_call[node.value]) if at_call is not None else []
                if not found or any(a.scope is not found[0].scope for a in found) or \
                        {id(a) for a in found} != {id(a) for a in self.scopes.get(node)[node.value]}:  # type: ignore[index]
                    return False
        return True
