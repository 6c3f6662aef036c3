"""The calls that drive an Estimator (train, evaluate, predict, train_and_evaluate,
get_variable_value, TrainSpec/EvalSpec, hooks) in their Keras form (TFM212, TFM218).
"""

from __future__ import annotations

from typing import Optional, Sequence

import libcst as cst

from tfmigrate.rule import ImportSpec
from tfmigrate.codemods._canned_added_metrics import ADD_METRICS
from tfmigrate.codemods._model_fn import KerasModelCode
from tfmigrate.codemods._estimator_common import (
    CODE_CANNED, CODE_DRIVER, CODE_HOOKS, CODE_MODEL_TO_ESTIMATOR, CODE_RUN_CONFIG_ARG, EVAL_SPEC, EVAL_SPEC_DEFAULT_STEPS, LOGGING_HOOKS, MODE_KEY_STRINGS,
    STOP_AT_STEP, TRAIN_AND_EVALUATE, TRAIN_SPEC, _AnalysisBase, _Call, _Pipeline, _Problem, _Replacer, _is_none,
    _walk,
)


CHECKPOINT_SAVER = {"tf.estimator.CheckpointSaverHook", "tf.train.CheckpointSaverHook"}
EARLY_STOPPING = {f"tf.estimator.experimental.{n}" for n in (
    "stop_if_no_decrease_hook", "stop_if_no_increase_hook", "stop_if_higher_hook", "stop_if_lower_hook",
    "make_early_stopping_hook")}


def early_stopping_report(name: str) -> str:
    """Why an early-stopping hook of tensorflow_estimator (early_stopping.py) is left as it is."""
    return (f"`{name.rsplit('.', 1)[1]}` has no Keras callback with the same behaviour: it re-reads the evaluation "
            "results written under model_dir/eval (by train_and_evaluate's evaluations, one per new checkpoint "
            "and at least throttle_secs apart) every run_every_secs seconds (60 by default) or run_every_steps "
            "steps, and compares metrics by global step, while keras.callbacks.EarlyStopping checks a "
            "validation metric once per epoch; when it stops depends on timing. Migrate by hand: "
            "fit(..., validation_data=<eval dataset>, callbacks=[keras.callbacks.EarlyStopping(monitor="
            "'val_<metric>', patience=<evaluations>)]) with epochs of your evaluation interval")


class _Driver(_AnalysisBase):
    def driver(self, pipeline: _Pipeline, est_stmt: cst.SimpleStatementLine, model: KerasModelCode) -> None:
        uses = [pipeline.estimator_call] if pipeline.in_list else \
            self.references(pipeline.site.call if pipeline.site is not None else pipeline.estimator_call)
        if not uses:
            raise _Problem(CODE_DRIVER, "the Estimator is never trained here", pipeline.estimator_call)
        self.drive(uses, pipeline, model)
        if pipeline.model_dir is not None and not pipeline.first_fit and not pipeline.read_model_dir:
            raise _Problem(CODE_RUN_CONFIG_ARG, "model_dir that the Estimator neither trains nor reads: tfmigrate "
                           "restores checkpoints where training, evaluate or predict starts; migrate by hand",
                           pipeline.estimator_call)

    def drive(self, uses: list[cst.CSTNode], pipeline: _Pipeline, model: KerasModelCode) -> None:
        """Each use of the Estimator's name (`pipeline.driver`), in the order they run: its
        driver calls, or a helper or loop that drives it under another name."""
        for use in sorted(uses, key=self.start):
            parent = self.parents.get(use)
            if isinstance(parent, cst.Attribute) and parent.value is use:
                call = self.parents.get(parent)
                method = parent.attr.value
                if not (isinstance(call, cst.Call) and call.func is parent
                        and method in ("train", "evaluate", "predict", "get_variable_value", "latest_checkpoint",
                                       "export_saved_model", "export_savedmodel")):
                    raise _Problem(CODE_DRIVER, f"`{pipeline.driver}.{method}` has no automatic Keras form "
                                   "(export and checkpoint helpers differ): migrate this pipeline by hand", parent)
                getattr(self, f"driver_{method.replace('savedmodel', 'saved_model')}")(call, pipeline, model)
            elif isinstance(parent, cst.Arg):
                call = self.parents.get(parent)
                if isinstance(call, cst.Call) and self.name_of(call.func) in ADD_METRICS:
                    if pipeline.metric_fn is None:
                        raise _Problem(CODE_DRIVER, "add_metrics on an Estimator with a model_fn of its own: add "
                                       "the metrics to its eval_metric_ops, which tfmigrate rewrites", call)
                    pipeline.removed.append(self.statement_of(call))  # type: ignore[arg-type]  # the model has them
                    pipeline.dropped_why.append((pipeline.metric_fn, (
                        f"`{pipeline.metric_fn.name.value}` gave the Estimator metrics through add_metrics, which the "
                        "Keras model now computes under the same keys; the model no longer calls this definition")))
                    continue
                if isinstance(call, cst.Call) and (self.name_of(call.func) or "") in EARLY_STOPPING:
                    raise _Problem(CODE_HOOKS, early_stopping_report(self.name_of(call.func) or ""), call)
                shared = self.shared_driver_of(use) if isinstance(use, (cst.Name, cst.Subscript)) \
                    else None  # type: ignore[attr-defined]
                if shared is not None:
                    self.drive_shared(use, shared, pipeline, model)  # type: ignore[attr-defined]
                    continue
                if not (isinstance(call, cst.Call) and self.name_of(call.func) == TRAIN_AND_EVALUATE
                        and call.args[0] is parent):
                    callee = f"`{self.code(call.func)}(...)`" if isinstance(call, cst.Call) else "code"
                    raise _Problem(CODE_DRIVER, f"the Estimator is passed to {callee}, which tfmigrate cannot follow "
                                   "(it rewrites train, evaluate, predict and train_and_evaluate); migrate by hand", use)
                self.driver_train_and_evaluate(call, pipeline, model)
            elif isinstance(use, cst.Name) and self.drive_returned(use, pipeline, model):  # type: ignore[attr-defined]
                continue
            else:
                shared = self.shared_driver_of(use)  # type: ignore[attr-defined]
                if shared is None:
                    raise _Problem(CODE_DRIVER, "the Estimator is used in a way tfmigrate cannot follow", use)
                self.drive_shared(use, shared, pipeline, model)  # type: ignore[attr-defined]

    def added_metrics_fn(self, pipeline: _Pipeline) -> Optional[cst.FunctionDef]:
        """The metric_fn of `est = tf.estimator.add_metrics(est, metric_fn)` on this pipeline's
        Estimator, once, rebinding the name the drivers use (codemods/_canned_added_metrics.py)."""
        found = None
        for use in [] if pipeline.in_list else \
                self.references(pipeline.site.call if pipeline.site is not None else pipeline.estimator_call):
            arg = self.parents.get(use)
            call = self.parents.get(arg) if isinstance(arg, cst.Arg) else None
            if not (isinstance(call, cst.Call) and self.name_of(call.func) in ADD_METRICS):
                continue
            stmt = self.statement_of(call)
            small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
            if found is not None or not (
                    isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == use.value  # type: ignore[attr-defined]
                    and len(call.args) == 2 and call.args[0] is arg and not any(a.star for a in call.args)
                    and self.enclosing_function(call) is self.enclosing_function(pipeline.estimator_stmt)):
                raise _Problem(CODE_DRIVER, f"`{self.code(call)}` is not `{self.code(use)} = add_metrics("
                               f"{self.code(use)}, metric_fn)`, once, where the Estimator is built: migrate by hand",
                               call)
            given = call.args[1].value
            fn = self.single_binding(given) if isinstance(given, cst.Name) else None
            if not isinstance(fn, cst.FunctionDef) or not isinstance(self.parents.get(fn), cst.Module):
                raise _Problem(CODE_CANNED, "add_metrics's metric_fn is not a function defined once at the top of "
                               "this module", given)
            found = fn
        return found

    def statement_for(self, call: cst.Call, pipeline: _Pipeline) -> tuple[cst.SimpleStatementLine, Optional[str]]:
        """The statement `call` stands in on its own, and the name or target it is assigned to."""
        stmt = self.statement_of(call)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        if isinstance(small, cst.Expr) and small.value is call:
            return stmt, None  # type: ignore[return-value]
        if isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1:
            return stmt, self.code(small.targets[0].target)  # type: ignore[return-value]
        raise _Problem(CODE_DRIVER, f"`{self.code(call)}` is not a statement of its own: tfmigrate cannot place "
                       "the Keras calls", call)

    def driver_train(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        stmt, target = self.statement_for(call, pipeline)
        if target is not None:
            raise _Problem(CODE_DRIVER, "the value of train() (the Estimator) is used", call)
        given = self.keyword_args(call, ("input_fn", "hooks", "steps", "max_steps", "saving_listeners"))
        pipeline.step_beside_update = model.step_beside_update
        if pipeline.step_beside_update and not pipeline.step_mark:
            names = self.free_names(("steps_before", "steps_before_fit", "keras_steps_before"))  # type: ignore[attr-defined]
            if names is None:
                raise _Problem(CODE_DRIVER, "no free name for the step count before fit", call)
            pipeline.step_mark = names[0]
            self.all_names.add(names[0])  # type: ignore[attr-defined]
        lines = self.fit_lines(given, pipeline, call)
        pipeline.calls.append(_Call(stmt, lines))

    def fit_lines(self, given: dict[str, cst.Arg], pipeline: _Pipeline, call: cst.Call) -> list[str]:
        callbacks = self.hooks(given, pipeline)
        steps, max_steps = given.pop("steps", None), given.pop("max_steps", None)
        for key, value in pipeline.stop_at.items():  # a StopAtStepHook of this call
            if steps is not None or max_steps is not None:
                raise _Problem(CODE_HOOKS, "StopAtStepHook together with steps or max_steps: migrate by hand", call)
            arg = cst.Arg(value, keyword=cst.Name(key))
            steps, max_steps = (arg, None) if key == "steps" else (None, arg)
        pipeline.stop_at = {}
        if steps is not None and _is_none(steps.value):
            steps = None
        if max_steps is not None and _is_none(max_steps.value):
            max_steps = None
        if steps is not None and max_steps is not None:
            raise _Problem(CODE_DRIVER, "both steps and max_steps are given", call)
        source = self.input_source(given.pop("input_fn", None), pipeline, call, "train")
        self.only_known(given, call)
        dataset = self.per_replica(source, pipeline)
        est = pipeline.driver
        lines: list[str] = []
        fresh = pipeline.model_dir is None and not pipeline.first_fit  # no step taken or restored yet
        if pipeline.model_dir is not None and not pipeline.first_fit:
            # (after an evaluate that read the variables too: training restores the optimizer as well)
            pipeline.first_fit = True
            lines += [f"if {pipeline.checkpoints}.latest_checkpoint:",
                      "    # Estimator resumed from model_dir: build the model and its optimizer, then restore.",
                      f"    {est}.predict({source}.take(1), verbose=0)",
                      f"    {est}.optimizer.build({est}.trainable_variables)",
                      # A checkpoint the TF1 Estimator wrote names its variables differently: refuse it
                      # rather than train from scratch over it.
                      f"    {pipeline.checkpoint_ref or pipeline.checkpoint}.restore({pipeline.checkpoints}"
                      ".latest_checkpoint)"
                      ".assert_existing_objects_matched()"]
        if pipeline.warm_start is not None and not pipeline.first_fit:
            # A Keras model's checkpoint holds its optimizer too: its state (the step, the slots,
            # the learning rate) is put back to this Estimator's own after the read.
            fresh = pipeline.warm_start_fresh
            lines += [f"{est}.predict({source}.take(1), verbose=0)",
                      f"{est}.optimizer.build({est}.trainable_variables)",
                      f"{fresh} = [variable.numpy() for variable in {est}.optimizer.variables]",
                      "# Estimator(warm_start_from=...) gave the first training its trainable weights (not the "
                      "step, not the optimizer's state) from that checkpoint.",
                      f"{pipeline.tf}.train.Checkpoint(model={est}).read({pipeline.tf}.train.latest_checkpoint("
                      f"{pipeline.warm_start})).assert_existing_objects_matched().expect_partial()",
                      f"[variable.assign(value) for variable, value in zip({est}.optimizer.variables, {fresh})]"]
        pipeline.first_fit = True
        if pipeline.model_dir is not None and pipeline.save_every is not None:
            # save_checkpoints_steps: the manager saves once `checkpoint_interval` steps have passed.
            callbacks.append(f"{pipeline.tf}.keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: "
                             f"{pipeline.checkpoints}.save(checkpoint_number=int({pipeline.driver}.optimizer"
                             ".iterations.numpy()), check_interval=True))")
        record = pipeline.steps_record
        if record:
            # The user's own model has no fit that puts back the steps really taken (see
            # _estimator_codegen._REAL_STEP_COUNT): the same callback, at the call.
            lines.append(f"{record} = {{}}")
            callbacks.append(f"{pipeline.tf}.keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: "
                             f"{record}.update(step={est}.optimizer.iterations.numpy()))")
        extra = f", callbacks=[{', '.join(callbacks)}]" if callbacks else ""
        if pipeline.step_beside_update:
            if pipeline.strategy_name or record:
                raise _Problem(CODE_DRIVER, "a train op that advances the global step beside the update, under a "
                               "strategy: migrate by hand", call)
            if steps is not None or max_steps is not None:  # whether fit took them all is asked after it
                lines.append(f"{pipeline.step_mark} = {est}.optimizer.iterations.numpy()")
        if max_steps is not None and fresh:
            lines.append(f"{est}.fit({dataset}, steps_per_epoch={self.plain_steps(max_steps.value, pipeline)}{extra})")
        elif max_steps is not None:
            # max_steps counts every step taken so far, restored ones included (SEMANTICS).
            limit = self.plain_steps(max_steps.value, pipeline)
            lines += [f"if {est}.optimizer.iterations.numpy() < {limit}:",
                      f"    {est}.fit({dataset}, steps_per_epoch=int({limit} - {est}.optimizer.iterations.numpy())"
                      f"{extra})"]
        elif steps is not None:
            lines.append(f"{est}.fit({dataset}, steps_per_epoch={self.plain_steps(steps.value, pipeline)}{extra})")
        else:
            lines.append(f"{est}.fit({dataset}{extra})")
        if pipeline.step_beside_update:
            # TF1's train op advanced the global step beside the update: the run that found the
            # input at its end advanced it once more, with no update.
            wanted = None if steps is None and max_steps is None else (
                self.plain_steps(steps.value, pipeline) if steps is not None
                else f"{self.plain_steps(max_steps.value, pipeline)} - {pipeline.step_mark}")  # type: ignore[union-attr]
            ran_out = "True" if wanted is None else \
                f"{est}.optimizer.iterations.numpy() - {pipeline.step_mark} < {wanted}"
            lines.append("# TF1's train op advanced the global step beside the update: when the input ran out, "
                         "its last run advanced it once more.")
            lines += [f"{est}.optimizer.iterations.assign_add(1)"] if ran_out == "True" else [
                f"if {ran_out}:", f"    {est}.optimizer.iterations.assign_add(1)"]
        if record:
            lines += ["# Under a strategy Keras counts one step more when a finite dataset runs out; Estimator's "
                      "global_step counted the steps taken.",
                      f'if "step" in {record}:', f'    {est}.optimizer.iterations.assign({record}["step"])']
        if pipeline.model_dir is not None:
            # Estimator always saved when train returned, whatever save_checkpoints_steps said.
            lines.append(f"{pipeline.checkpoints}.save(checkpoint_number=int({est}.optimizer.iterations.numpy()), "
                         "check_interval=False)")
        return lines

    def hooks(self, given: dict[str, cst.Arg], pipeline: _Pipeline) -> list[str]:
        given.pop("saving_listeners", None) if "saving_listeners" in given and _is_none(
            given["saving_listeners"].value) else None
        if "saving_listeners" in given:
            raise _Problem(CODE_HOOKS, "saving_listeners have no Keras form; rewrite them as callbacks by hand",
                           given["saving_listeners"])
        arg = given.pop("hooks", None)
        if arg is None or _is_none(arg.value):
            return []
        node = arg.value
        if isinstance(node, cst.Name):
            node = self.single_binding(node) or node
        elements = node.elements if isinstance(node, (cst.List, cst.Tuple)) else None
        if elements is None:
            raise _Problem(CODE_HOOKS, "hooks=...: tfmigrate cannot see which hooks these are; rewrite them as Keras "
                           "callbacks by hand", arg)
        for element in elements:
            hook = element.value
            if isinstance(hook, cst.Name):
                bound = self.single_binding(hook)
                if isinstance(bound, cst.Call) and self.references(bound) == [hook]:
                    pipeline.removed.append(self.statement_of(bound))
                    hook = bound
            name = self.name_of(hook.func) if isinstance(hook, cst.Call) else None
            if name in LOGGING_HOOKS:
                pipeline.dropped_hooks.append(hook)
                continue
            if name in STOP_AT_STEP and isinstance(hook, cst.Call) and not pipeline.stop_at:
                stop = self.keyword_args(hook, ("num_steps", "last_step"))
                if len(stop) == 1 and not _is_none(next(iter(stop.values())).value):
                    key, value = next(iter(stop.items()))
                    # num_steps: that many more steps (train's steps); last_step: up to that step (max_steps)
                    pipeline.stop_at = {"steps" if key == "num_steps" else "max_steps": value.value}
                    continue
            if name in EARLY_STOPPING:
                raise _Problem(CODE_HOOKS, early_stopping_report(name), hook)
            if name in CHECKPOINT_SAVER:
                raise _Problem(CODE_HOOKS, "CheckpointSaverHook saves TF1-named checkpoints (one when the session "
                               "starts, then every save_steps steps or save_secs seconds, and one at the end) "
                               "that a Keras model cannot read: give the Estimator RunConfig(model_dir=..., "
                               "save_checkpoints_steps=N), which tfmigrate rewrites to a "
                               "tf.train.CheckpointManager saving every N steps, or save from a Keras callback "
                               "by hand", hook)
            raise _Problem(CODE_HOOKS, f"`{self.code(hook)}`: session hooks have no automatic Keras form; rewrite "
                           "them as Keras callbacks by hand", hook)
        return []

    def portable(self, node: cst.CSTNode) -> str:
        """Source of `node` with ModeKeys spelled as their strings (tf.estimator is gone)."""
        mapping = {n: cst.SimpleString(f'"{MODE_KEY_STRINGS[self.name_of(n) or ""]}"') for n in _walk(node)
                   if isinstance(n, cst.Attribute) and (self.name_of(n) or "") in MODE_KEY_STRINGS}
        return self.code(node.visit(_Replacer(mapping)) if mapping else node)

    def driver_evaluate(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        given = self.keyword_args(call, ("input_fn", "steps", "hooks", "checkpoint_path", "name"))
        text = self.evaluate_text(given, None, pipeline, call)
        if isinstance(self.parents.get(call), cst.Expr):  # the results are not read
            text = text[len("{**"):text.rindex(", \"global_step\"")]
        pipeline.expressions.append((call, text))

    def evaluate_text(self, given: dict[str, cst.Arg], default_steps: Optional[str], pipeline: _Pipeline,
                      call: cst.Call) -> str:
        self.hooks(given, pipeline)
        given.pop("name", None)  # only named the TF1 eval directory
        exporters = given.get("exporters")
        if exporters is not None and not _is_none(exporters.value) and not (
                isinstance(exporters.value, (cst.List, cst.Tuple)) and not exporters.value.elements):
            raise _Problem(CODE_DRIVER, "EvalSpec(exporters=...) wrote SavedModels after evaluations (Latest, Best or "
                           "FinalExporter, through the serving_input_receiver_fn's placeholders or tf.Example "
                           "parsing); Keras writes one with model.export(path), whose serving endpoint takes the "
                           "model's own inputs: export by hand after training, with the input signature your "
                           "servers send", exporters)
        given.pop("exporters", None)  # None or no exporter: nothing was exported
        for key in ("checkpoint_path",):
            if key in given and not _is_none(given[key].value):
                raise _Problem(CODE_DRIVER, f"{key}= has no automatic Keras form (export and checkpoint choice are "
                               "explicit calls in Keras): migrate by hand", given[key])
            given.pop(key, None)
        for key in ("start_delay_secs", "throttle_secs"):
            given.pop(key, None)  # when the periodic evaluations ran; the last one is the result
        steps_arg = given.pop("steps", None)
        source = self.input_source(given.pop("input_fn", None), pipeline, call, "eval")
        self.only_known(given, call)
        self.restore_first(pipeline, source, call)
        dataset = self.per_replica(source, pipeline) if pipeline.eval_distributed else source
        steps = default_steps if steps_arg is None else (None if _is_none(steps_arg.value)
                                                         else self.plain_steps(steps_arg.value, pipeline))
        est = pipeline.driver
        text = f"{est}.evaluate({dataset}"
        if steps is not None:
            text += f", steps={steps}"
        # Estimator's results also held the step count.
        return f'{{**{text}, return_dict=True), "global_step": {est}.optimizer.iterations.numpy()}}'

    def restore_first(self, pipeline: _Pipeline, source: str, call: cst.Call) -> None:
        """An evaluate or predict before any train, on a model_dir (an Estimator built again on
        the model_dir another one trained): the Estimator read the model's variables and the
        global step from the latest checkpoint there (no optimizer: evaluate and predict have
        none), and failed when there was none. The model is built on the first batch, then
        read; a later train restores the optimizer too, where training starts."""
        if pipeline.model_dir is None or pipeline.first_fit or pipeline.warm_start is not None:
            return
        stmt = self.statement_of(call)
        if stmt is None or self.enclosing_function(stmt) is not self.enclosing_function(pipeline.estimator_stmt):
            raise _Problem(CODE_RUN_CONFIG_ARG, "model_dir with an evaluate or predict before any train, in another "
                           "function than the Estimator: migrate by hand", call)
        pipeline.read_model_dir = True
        est, tf, latest = pipeline.driver, pipeline.tf, f"{pipeline.checkpoints}.latest_checkpoint"
        pipeline.before.append((stmt, [
            f"if not {latest}:",
            f"    raise ValueError(\"Could not find trained model in model_dir: {{}}.\".format({pipeline.model_dir}))",
            "# Estimator read the model's variables and the global step from the latest checkpoint of model_dir.",
            f"{est}.predict({source}.take(1), verbose=0)",
            f"{tf}.train.Checkpoint(model={est}).read({latest}).assert_existing_objects_matched().expect_partial()",
            f"{est}.optimizer.iterations.assign(int({latest}.rsplit(\"-\", 1)[1]))"]))

    def driver_predict(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        if pipeline.user_model:
            self.predict_user_model(call, pipeline)
            return
        if not model.predicts:
            raise _Problem(CODE_DRIVER, "predict() on a model_fn without a PREDICT EstimatorSpec", call)
        given = self.keyword_args(call, ("input_fn", "predict_keys", "hooks", "checkpoint_path",
                                         "yield_single_examples"))
        self.hooks(given, pipeline)
        if "checkpoint_path" in given and not _is_none(given["checkpoint_path"].value):
            raise _Problem(CODE_DRIVER, "predict(checkpoint_path=...) has no automatic Keras form", call)
        given.pop("checkpoint_path", None)
        single = given.pop("yield_single_examples", None)
        batched = single is not None and isinstance(single.value, cst.Name) and single.value.value == "False"
        if single is not None and not batched and not (isinstance(single.value, cst.Name)
                                                       and single.value.value == "True"):
            raise _Problem(CODE_DRIVER, "predict(yield_single_examples=...) is computed: tfmigrate needs True or "
                           "False written out", single)
        if batched and pipeline.strategy_name:
            raise _Problem(CODE_DRIVER, "predict(yield_single_examples=False) under a strategy: Keras's "
                           "predict_on_batch does not take the Estimator's per-replica batches; migrate by hand", call)
        keys = given.pop("predict_keys", None)
        source = self.input_source(given.pop("input_fn", None), pipeline, call, "infer")
        self.only_known(given, call)
        self.restore_first(pipeline, source, call)
        outputs = f"{pipeline.driver}.predict({source})"
        if batched:
            # Estimator yielded one result per input_fn batch: predict_on_batch on each batch's
            # features (the dataset's elements may carry labels, which predict ignored).
            outputs = (f"{pipeline.driver}.predict_on_batch({pipeline.tf}.keras.utils.unpack_x_y_sample_weight("
                       "batch)[0])")
        if not model.predictions_are_dict:
            if keys is not None and not _is_none(keys.value):
                raise _Problem(CODE_DRIVER, "predict_keys on predictions that are not a dict", call)
            text = f"({outputs} for batch in {source})" if batched else f"iter({outputs})"
            pipeline.expressions.append((call, text))
            return
        if keys is not None and not _is_none(keys.value):
            wanted = self.code(keys.value)
            if isinstance(keys.value, cst.SimpleString):
                wanted = f"[{wanted}]"
            outputs = f"{{key: value for key, value in {outputs}.items() if key in {wanted}}}"
        if batched:
            pipeline.expressions.append((call, f"({outputs} for batch in {source})"))
            return
        # Estimator yielded one dict per example; Keras returns one dict of whole arrays.
        pipeline.expressions.append(
            (call, f"(dict(zip(outputs, row)) for outputs in [{outputs}] for row in zip(*outputs.values()))"))

    def predict_user_model(self, call: cst.Call, pipeline: _Pipeline) -> None:
        """model_to_estimator's predict(): one dict per example, keyed by the functional
        model's output names (keras_lib.py), each value that example's row of the output."""
        given = self.keyword_args(call, ("input_fn", "predict_keys", "hooks", "checkpoint_path",
                                         "yield_single_examples"))
        for key in ("predict_keys", "hooks", "checkpoint_path"):
            if key in given and _is_none(given[key].value):
                given.pop(key)
        single = given.pop("yield_single_examples", None)
        if not pipeline.user_model_outputs or given.keys() - {"input_fn"} or single is not None and not (
                isinstance(single.value, cst.Name) and single.value.value == "True"):
            raise _Problem(CODE_MODEL_TO_ESTIMATOR, "predict() of a model_to_estimator Estimator yielded one dict "
                           "per example, keyed by the Keras model's output names: tfmigrate writes that only for a "
                           "functional model with one output (`Model(inputs, outputs)`) or a Sequential whose last layer has a "
                           "literal name, and predict(input_fn) alone; call the "
                           "model's predict and migrate by hand", call)
        source = self.input_source(given.pop("input_fn", None), pipeline, call, "infer")
        self.restore_first(pipeline, source, call)
        est = pipeline.driver
        key = repr(pipeline.user_model_outputs[len("name:"):]) if pipeline.user_model_outputs.startswith("name:") \
            else f"{est}.output_names[0]"  # a Sequential's named last layer, or a functional model's output
        pipeline.expressions.append((call, f"({{{key}: row}} for row in {est}.predict({source}))"))

    def driver_get_variable_value(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        arg = call.args[0].value if len(call.args) == 1 else None
        if not (isinstance(arg, cst.SimpleString) and arg.evaluated_value == "global_step"):
            raise _Problem(CODE_DRIVER, "get_variable_value of a model variable: Keras names its variables "
                           "differently; migrate by hand", call)
        pipeline.expressions.append((call, f"{pipeline.driver}.optimizer.iterations.numpy()"))

    def driver_latest_checkpoint(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        if call.args or pipeline.model_dir is None:
            raise _Problem(CODE_DRIVER, "latest_checkpoint() of an Estimator without RunConfig(model_dir=...): the "
                           "Keras model writes no checkpoints of its own; migrate by hand", call)
        # The newest checkpoint's path, or None before the first save, as Estimator gave it
        # (the file names differ: ckpt-N, not model.ckpt-N).
        pipeline.expressions.append((call, f"{pipeline.checkpoints}.latest_checkpoint"))

    def driver_train_and_evaluate(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        stmt = self.statement_of(call)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        if isinstance(small, cst.Return) and small.value is call:  # `return train_and_evaluate(...)`
            target: Optional[str] = "return"
        else:
            stmt, target = self.statement_for(call, pipeline)
        given = self.keyword_args(call, ("estimator", "train_spec", "eval_spec"))
        train = self.spec(given.get("train_spec"), TRAIN_SPEC, ("input_fn", "max_steps", "hooks"), pipeline, call)
        evaluation = self.spec(given.get("eval_spec"), EVAL_SPEC, ("input_fn", "steps", "name", "hooks", "exporters",
                                                                   "start_delay_secs", "throttle_secs"), pipeline, call)
        lines = self.fit_lines(train, pipeline, call)
        exporters = evaluation.pop("exporters", None)
        evaluate = self.evaluate_text(evaluation, EVAL_SPEC_DEFAULT_STEPS, pipeline, call)
        exported: list[str] = []
        if exporters is not None and not _is_none(exporters.value) and not (
                isinstance(exporters.value, (cst.List, cst.Tuple)) and not exporters.value.elements):
            more, exported = self.exporter_lines(exporters.value, pipeline, model, call)  # type: ignore[attr-defined]
            lines += more
        # train_and_evaluate returned (the last evaluation's results, the exporters' results).
        value = f"({evaluate}, [{', '.join(exported)}])"
        lines.append(evaluate if target is None else f"return {value}" if target == "return" else f"{target} = {value}")
        pipeline.calls.append(_Call(stmt, lines))

    def spec(self, arg: Optional[cst.Arg], kind: str, positional: Sequence[str], pipeline: _Pipeline,
             call: cst.Call) -> dict[str, cst.Arg]:
        node = arg.value if arg else None
        spec = node
        if isinstance(node, cst.Name):
            spec = self.single_binding(node)
            if spec is None or self.references(spec) != [node] or self.assigned_name(spec) is None:
                raise _Problem(CODE_DRIVER, f"`{node.value}` is not one {kind.rsplit('.', 1)[1]} used only here",
                               node)
            pipeline.removed.append(self.statement_of(spec))
        if not (isinstance(spec, cst.Call) and self.name_of(spec.func) == kind):
            raise _Problem(CODE_DRIVER, f"train_and_evaluate needs a {kind.rsplit('.', 1)[1]}(...) tfmigrate can "
                           "follow", node or call)
        return self.keyword_args(spec, positional)

    def only_known(self, given: dict[str, cst.Arg], call: cst.Call) -> None:
        if given:
            key = sorted(given)[0]
            raise _Problem(CODE_DRIVER, f"{key}= has no automatic Keras form", given[key])

    def plain_steps(self, node: cst.BaseExpression, pipeline: _Pipeline) -> str:
        if any(isinstance(n, (cst.Lambda, cst.Yield, cst.Await)) for n in _walk(node)):
            raise _Problem(CODE_DRIVER, f"steps `{self.code(node)}` is computed at the call: tfmigrate moves only "
                           "plain values", node)
        bound = (self.single_binding(node) or self.latest_binding(node)) if isinstance(node, cst.Name) else None  # type: ignore[attr-defined]
        if any(isinstance(n, cst.Divide) for n in (*_walk(node), *(_walk(bound) if bound is not None else ()))):
            # `steps / periods` is a float: the Estimator ran steps until the global step
            # reached it (StopAtStepHook, _StopAfterNEvalsHook), that is ceil(steps) of them;
            # Keras takes a whole number.
            pipeline.imports += (ImportSpec("math"),)
            return f"math.ceil({self.code(node)})"
        return self.code(node)
