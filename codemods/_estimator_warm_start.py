"""Estimator(warm_start_from=...): the first training of a rewritten pipeline starts from
the trainable weights of a checkpoint that an Estimator of the same file, over the same
model_fn, wrote to its model_dir (the rewrite writes that checkpoint with
tf.train.CheckpointManager, so the Keras model reads it back by its own names)."""

from __future__ import annotations

import libcst as cst

from tfmigrate.codemods._model_fn import KerasModelCode
from tfmigrate.codemods._estimator_common import CODE_DRIVER, _AnalysisBase, _Pipeline, _Problem

WARM_START_SETTINGS = "tf.estimator.WarmStartSettings"
ALL_TRAINABLE = ".*"  # WarmStartSettings' default: every trainable variable


class _WarmStart(_AnalysisBase):
    def warm_start(self, arg: cst.Arg, pipeline: _Pipeline, model: KerasModelCode, same_model: object) -> None:
        """`same_model`: what an earlier Estimator of this file must have been built from for its
        model_dir to hold this model's weights (the model_fn, or a canned call's arguments)."""
        node = arg.value
        settings = node
        if isinstance(node, cst.Name):
            bound = self.single_binding(node)
            if isinstance(bound, cst.Call) and self.name_of(bound.func) == WARM_START_SETTINGS:
                if self.references(bound) != [node] or self.assigned_name(bound) is None:
                    raise _Problem(CODE_DRIVER, f"WarmStartSettings `{node.value}` is used elsewhere too: "
                                   "tfmigrate cannot follow it", bound)
                settings = bound
                pipeline.removed.append(self.statement_of(bound))
        source = node
        if isinstance(settings, cst.Call) and self.name_of(settings.func) == WARM_START_SETTINGS:
            given = self.keyword_args(settings, ("ckpt_to_initialize_from", "vars_to_warm_start",
                                                 "var_name_to_vocab_info", "var_name_to_prev_var_name"))
            for key, value in given.items():
                if key == "vars_to_warm_start":
                    if not (isinstance(value.value, cst.SimpleString) and value.value.evaluated_value == ALL_TRAINABLE):
                        raise _Problem(CODE_DRIVER, "WarmStartSettings(vars_to_warm_start=...) picks variables by "
                                       "their TF1 graph names, which the Keras model does not have: load those "
                                       "layers' weights by hand (layer.set_weights, or a tf.train.Checkpoint of "
                                       "the layers)", value)
                elif key != "ckpt_to_initialize_from":
                    raise _Problem(CODE_DRIVER, f"WarmStartSettings({key}=...) has no automatic Keras form: "
                                   "migrate the warm start by hand", value)
            if "ckpt_to_initialize_from" not in given:
                raise _Problem(CODE_DRIVER, "WarmStartSettings without ckpt_to_initialize_from", settings)
            source = given["ckpt_to_initialize_from"].value
        if pipeline.model_dir is not None:
            raise _Problem(CODE_DRIVER, "warm_start_from together with a model_dir: the Estimator warm-started only "
                           "when model_dir held no checkpoint yet; migrate by hand", arg)
        if not any(call is not pipeline.estimator_call and (built is same_model or built == same_model)
                   and written is not None and self.same_value(written, source)
                   for call, written, built in self.model_dirs):
            raise _Problem(CODE_DRIVER, f"warm_start_from `{self.code(source)}` is not the model_dir of an earlier "
                           "Estimator of this file over the same model_fn (or the same canned Estimator with "
                           "the same arguments): a checkpoint the TF1 program wrote "
                           "names its variables by the TF1 graph, which the Keras model does not; load the weights "
                           "by hand", arg if source is arg.value else source)
        if "BatchNormalization" in model.source:
            raise _Problem(CODE_DRIVER, "warm_start_from copied the trainable variables only, and a Keras checkpoint "
                           "of this model also holds batch normalization's moving statistics: migrate by hand", arg)
        names = self.free_names((f"{pipeline.estimator_name}_optimizer_state", "fresh_optimizer_state",
                                 f"{pipeline.estimator_name}_fresh_optimizer_state"))
        if names is None:
            raise _Problem(CODE_DRIVER, "no free name for the optimizer state kept across the warm start", arg)
        self.all_names.add(names[0])
        pipeline.warm_start, pipeline.warm_start_fresh = self.code(source), names[0]

    def same_value(self, a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
        """One name bound once (the same binding), or the same string literal."""
        if isinstance(a, cst.SimpleString) and isinstance(b, cst.SimpleString):
            return a.evaluated_value == b.evaluated_value
        if isinstance(a, cst.Name) and isinstance(b, cst.Name) and a.value == b.value:
            bound = self.single_binding(a)
            return bound is not None and bound is self.single_binding(b)
        return False
