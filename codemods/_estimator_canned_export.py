"""A canned Estimator's SavedModel through a tf.Example parsing receiver
(`build_parsing_serving_input_receiver_fn(make_parse_example_spec(columns))`), by
`export_saved_model` or an EvalSpec exporter: the Keras model is written out by a
keras.export.ExportArchive with the signatures the head wrote.

What the Estimator wrote (tensorflow_estimator/python/estimator/head/*_head.py
`create_estimator_spec`, export/export_lib.py `build_all_signature_defs`, checked on TF 2.15):
the receiver took serialized tf.Examples, and
- a classifier: `serving_default` and `classification` (input "inputs"; outputs "classes",
  every class name per example, and "scores", the probabilities), for two classes also
  `regression` (input "inputs"; output "outputs", the logistic);
- a regressor: `serving_default` and `regression` (input "inputs"; output "outputs");
- both: `predict` (input "examples"; outputs the predictions by key).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate.codemods._feature_columns import normalize
from tfmigrate.codemods._estimator_common import CODE_DRIVER, _AnalysisBase, _Pipeline, _Problem

PARSING_RECEIVER = "tf.estimator.export.build_parsing_serving_input_receiver_fn"
PARSE_SPEC = "tf.feature_column.make_parse_example_spec"


class _CannedExport(_AnalysisBase):
    def parsing_spec(self, receiver: cst.BaseExpression, pipeline: _Pipeline) -> Optional[str]:
        """The text of the feature spec a parsing receiver was built from, or None when
        `receiver` is no such receiver. Its statement goes when only the export read it."""
        node = receiver
        bound = None
        if isinstance(node, cst.Name):
            bound = self.single_binding(node)
            node = bound if isinstance(bound, cst.Call) else node
        if not (isinstance(node, cst.Call) and normalize(self.name_of(node.func)) == PARSING_RECEIVER):
            return None
        given = self.keyword_args(node, ("feature_spec", "default_batch_size"))
        if set(given) - {"feature_spec", "default_batch_size"} or "feature_spec" not in given or (
                "default_batch_size" in given and self.code(given["default_batch_size"].value) != "None"):
            raise _Problem(CODE_DRIVER, "a parsing receiver with a fixed batch size: export by hand", node)
        spec = given["feature_spec"].value
        made = self.single_binding(spec) if isinstance(spec, cst.Name) else spec
        if not (isinstance(made, cst.Call) and normalize(self.name_of(made.func)) == PARSE_SPEC):
            raise _Problem(CODE_DRIVER, f"the parsing receiver's feature_spec `{self.code(spec)}` is not "
                           "tf.feature_column.make_parse_example_spec(...) of the columns: export by hand", spec)
        if isinstance(spec, cst.Name) and not self.reads_the_same_at_export(spec, pipeline):
            raise _Problem(CODE_DRIVER, f"`{spec.value}` is not readable where the model is exported: export by "
                           "hand", spec)
        if bound is not None and len(self.references(bound)) == 1:
            pipeline.removed.append(self.statement_of(bound))  # type: ignore[arg-type]  # only the export read it
        return self.code(spec)

    def reads_the_same_at_export(self, name: cst.Name, pipeline: _Pipeline) -> bool:
        bound = self.single_binding(name)
        return bound is not None and self.enclosing_function(bound) in (  # type: ignore[attr-defined]
            None, self.enclosing_function(pipeline.estimator_stmt))  # type: ignore[attr-defined]

    def canned_archive_lines(self, what: str, spec: str, base: str, call: cst.Call, pipeline: _Pipeline,
                             model: object) -> tuple[list[str], str]:
        keys = list(getattr(model, "canned_predict_keys", ()))
        if not keys:
            raise _Problem(CODE_DRIVER, f"`{what}`: tfmigrate does not know this canned model's predictions", call)
        label_dimension = next((a.value for a in pipeline.estimator_call.args if a.keyword is not None
                                and a.keyword.value == "label_dimension"), None)
        if label_dimension is not None and self.code(label_dimension) != "1":
            raise _Problem(CODE_DRIVER, f"`{what}` of a regressor with label_dimension: export by hand", call)
        archive, path, parsed = self.export_names(call, ("parsed_examples", "keras_parsed_examples"))  # type: ignore[attr-defined]
        est, tf = pipeline.driver, pipeline.tf
        classifier = "all_classes" in keys
        comments = [
            "# Estimator wrote a SavedModel in a new folder of export_dir_base named by the time, with the head's "
            "signatures",
            "# over serialized tf.Examples parsed by the feature spec.",
        ]
        # Categorical features a tf.Example carries once parse as sparse tensors; dense, with
        # TF1's ignore values ("" and -1) where one is missing, they read as the Estimator read them.
        body = [
            f"{parsed} = lambda examples: {{key: {tf}.sparse.to_dense(value, default_value=\"\" if value.dtype == "
            f"{tf}.string else -1) if isinstance(value, {tf}.SparseTensor) else value for key, value in "
            f"{tf}.io.parse_example(examples, {spec}).items()}}",
        ]
        head = ('{"classes": outputs["all_classes"], "scores": outputs["probabilities"]}' if classifier
                else '{"outputs": outputs["predictions"]}')
        endpoints = [("serving_default", "inputs", head), ("classification" if classifier else "regression", "inputs",
                                                            head)]
        if classifier and "logistic" in keys:
            endpoints.append(("regression", "inputs", '{"outputs": outputs["logistic"]}'))
        endpoints.append(("predict", "examples", "outputs"))
        for name, key, outputs in endpoints:
            value = outputs if outputs == "outputs" else f"(lambda outputs: {outputs})"
            call_text = f"{est}.predict_step({parsed}(receivers[\"{key}\"]))"
            fn = f"lambda receivers: {call_text}" if outputs == "outputs" else f"lambda receivers: {value}({call_text})"
            body.append(f'{archive}.add_endpoint(name="{name}", fn={fn}, input_signature=[{{"{key}": '
                        f'{tf}.TensorSpec([None], {tf}.string, name="{key}")}}])')
        return self.archive_frame(archive, path, base, pipeline, comments, body), path  # type: ignore[attr-defined]
