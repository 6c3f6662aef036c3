"""An Estimator `model_fn` as a Keras 3 model: one `keras.Model` subclass serves fit,
evaluate and predict.

How a model_fn maps (SEMANTICS, "Keras 3 facts"):
- The model_fn is run symbolically once per mode: `if mode == ModeKeys.X` (also `!=`,
  `in`, `elif`, early returns and names such as `is_training = mode == TRAIN`) is decided
  for TRAIN, EVAL and PREDICT, giving three straight paths that each end in
  `return EstimatorSpec(...)`.
- The *forward pass* is what the TRAIN loss's model input (logits / predictions) depends
  on. It must be the same statements in every mode; a mode test inside it becomes Keras's
  own `training` flag. Its `tf.layers` calls are created once in `__init__` and called in
  `call(features, training=False)`; every other op stays as the user wrote it (the
  subclass form keeps raw TF ops, which a Functional model cannot take).
- The loss, the metrics and the optimizer go to `compile` as Keras built-ins with the
  same numbers; the PREDICT branch's `predictions` become a `predict_step` computed from
  the model output, so `model.predict` returns the same keys.
Anything else raises `NotTranslatable` with the reason, and the pipeline is reported.

This module holds the analysis (paths, forward pass, predictions, rendering); the mappings
are mixins of `_ModelFn`: _model_fn_losses.py, _model_fn_layers.py (and the transformer
that rewrites a statement's layers), _model_fn_optimizer.py, _model_fn_metrics.py;
_model_fn_common.py holds what they share.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import libcst as cst

from tfmigrate.codemods._estimator_keras import MODEL_FN_PARAMS, NotTranslatable
from tfmigrate.names import AMBIGUOUS
from tfmigrate.codemods._model_fn_common import (
    GLOBAL_STEP,
    MODES,
    EVAL,
    PREDICT,
    TRAIN,
    NameOf,
    TF1_GRAPH_OPS,
    TF1_ONLY,
    _Path,
    _is_none,
    _names_used,
    _targets,
    _walk,
    is_static_shape_access,
)
from tfmigrate.codemods._model_fn_heads import HEADS_LOSS, Heads
from tfmigrate.codemods._model_fn_helpers import builds_layers, computes_scores, inline_helpers, makes_train_op
from tfmigrate.codemods._model_fn_layers import FOUR_D_LAYERS, LayerMapping, _LayerRewriter
from tfmigrate.codemods._model_fn_losses import LossMapping
from tfmigrate.codemods._model_fn_metrics import MetricMapping
from tfmigrate.codemods._model_fn_paths import ModePaths
from tfmigrate.codemods._sparse_rows import looks_rows_up, summing_template, with_summed_rows
from tfmigrate.codemods._model_fn_render import ModelFnRender
from tfmigrate.codemods._model_fn_head_spec import HEAD_LOSS, HeadSpec
from tfmigrate.codemods._model_fn_rnn import keras_lstm
from tfmigrate.codemods._model_fn_mode_calls import one_call_for_every_mode
from tfmigrate.codemods._model_fn_shared_network import one_network
from tfmigrate.codemods._model_fn_optimizer import (
    SCHEDULE_STEP_ARG,
    SCHEDULES,
    OptimizerMapping,
)
from tfmigrate.codemods._model_fn_training import TrainingOnly
from tfmigrate.codemods._model_fn_weight_decay import WeightDecay, WeightDecayTerm
from tfmigrate.codemods._model_fn_weighted_loss import WeightedLoss

# codemods/estimator.py and _canned.py import these from here.
__all__ = ["GLOBAL_STEP", "KerasModelCode", "SCHEDULE_STEP_ARG", "SCHEDULES", "translate"]

SPEC_POSITIONAL = ("mode", "predictions", "loss", "train_op", "eval_metric_ops", "export_outputs")
UPDATE_OPS = "tf.GraphKeys.UPDATE_OPS"
# Statements whose only effect was logging or summaries: nothing a Keras model needs.
SIDE_EFFECT_ONLY = ("tf.summary.", "tf.logging.", "tf.print", "print")


# Label transformations a Keras loss or metric does itself (casts, rank changes).
LABEL_WRAPPERS = {"tf.cast", "tf.to_int32", "tf.to_int64", "tf.to_float", "tf.reshape", "tf.expand_dims",
                  "tf.squeeze", "tf.identity"}



@dataclass
class KerasModelCode:
    """What the rule writes in place of the model_fn."""

    source: str  # the class and its `make_...` function, `{tf}` already filled in
    make: str  # the name of the function that builds and compiles the model
    takes_params: bool  # make(params) or make()
    predicts: bool  # predict_step gives the PREDICT spec's predictions
    predictions_are_dict: bool = True
    build: Optional[str] = None  # the whole expression that builds the model, when not make(params)
    # (parameter, source evaluated where the Estimator was built): run-time feature keys
    extra_args: list = field(default_factory=list)
    reads: set = field(default_factory=set)  # the user's names those sources read
    # (node, why): model_fn code with no effect on the numbers that the Keras model leaves out
    dropped: list = field(default_factory=list)
    # the train op advanced the global step beside the update (`tf.group(minimize, assign_add)`):
    # TF1's last run, when the input ran out, advanced it once more without an update
    step_beside_update: bool = False
    # a canned Estimator's prediction keys, by its head (its exports' signatures read them)
    canned_predict_keys: list = field(default_factory=list)
    # statements of the module only the model_fn read (a head bound at the top), gone with it
    module_statements: list = field(default_factory=list)
    # attributes holding lookup tables the model made in __init__ (an export tracks each)
    tables: list = field(default_factory=list)


def translate(fn: cst.FunctionDef, name_of: NameOf, code: Callable[[cst.CSTNode], str], tf: str,
              class_name: str, make_name: str, taken: set[str],
              binding: Optional[Callable[[cst.Name], Optional[cst.CSTNode]]] = None,
              params_value: Optional[cst.BaseExpression] = None,
              parent: Optional[Callable[[cst.CSTNode], Optional[cst.CSTNode]]] = None) -> KerasModelCode:
    """`binding` finds the value a name of the user's module is bound to; `params_value`
    is the Estimator's `params=` (a dict literal, when tfmigrate could see one)."""
    # A training and an inference copy of one network become one call
    # (codemods/_model_fn_shared_network.py); helpers that build layers are then written out
    # at their calls (codemods/_model_fn_helpers.py).
    shared = one_network(fn, name_of, binding)
    if shared.refused is not None:
        raise NotTranslatable(shared.refused[1], shared.refused[0])
    # One model called in each mode branch with that mode's training flag becomes one call
    # (codemods/_model_fn_mode_calls.py).
    calls = one_call_for_every_mode(shared.fn, name_of)
    before_helpers = dict(shared.origin)
    for new_node, original in calls.origin.items():
        before_helpers[new_node] = shared.origin.get(id(original), original)
    # A TF1 LSTM cell run by dynamic_rnn becomes Keras's LSTM layer (codemods/_model_fn_rnn.py).
    rnn = keras_lstm(calls.fn, name_of)
    for new_node, original in rnn.origin.items():
        before_helpers[new_node] = before_helpers.get(id(original), original)
    calls.fn = rnn.fn
    name_of = rnn.name_of(name_of)
    inlined = inline_helpers(calls.fn, name_of, binding, parent, taken, original=fn)
    for new_node, original in before_helpers.items():
        inlined.origin.setdefault(new_node, (original, None))
    for new_node, (original, helper) in list(inlined.origin.items()):
        if id(original) in before_helpers:
            inlined.origin[new_node] = (before_helpers[id(original)], helper)
    model = _ModelFn(inlined.fn, name_of, code, tf, taken)
    model.eval_loss_in_training = shared.eval_loss_in_training
    model.module_binding, model.params_value, model.module_parent = binding, params_value, parent
    model.refused_helpers = inlined.refused
    model.helpers_written_out = inlined.followed
    for original, helper in inlined.origin.values():  # the calls each written-out helper stood for
        if helper is not None and isinstance(original, cst.Call) and isinstance(original.func, cst.Name) \
                and original.func.value == helper and original not in model.helper_calls.setdefault(helper, []):
            model.helper_calls[helper].append(original)
    try:
        result = model.translate(class_name, make_name)
    except NotTranslatable as e:
        node, helper = _source_of(model.made_up.get(id(e.node), e.node), inlined.origin)
        message = f"in `{helper}(...)`, written out at this call: {e}" if helper else str(e)
        raise NotTranslatable(message, node, e.code) from None
    # Nodes of a written-out helper have no place in the source: its call stands for them.
    dropped = []
    for node, why in result.dropped:
        origin, helper = _source_of(node, inlined.origin)
        dropped.append((origin, f"in `{helper}(...)`, written out at this call: {why}" if helper else why))
    result.dropped = dropped + [(before_helpers.get(id(node), node), why) for node, why in rnn.notes]
    for helper in inlined.followed:
        if helper in inlined.nested:
            continue  # defined in the model_fn: gone with it
        if makes_train_op(helper, name_of):
            result.dropped.append((helper, f"the helper `{helper.name.value}` made the optimizer or the train_op, "
                                           "which is now the Keras model's optimizer; the model no longer calls this "
                                           "definition"))
            continue
        if computes_scores(helper, name_of) and not builds_layers(helper, name_of, binding or (lambda _: None)):
            result.dropped.append((helper, f"the helper `{helper.name.value}` computed the loss or the metrics, which "
                                           "are now the Keras model's; the model no longer calls this definition"))
            continue
        if helper is shared.helper:
            result.dropped.append((helper, f"the helper `{helper.name.value}` is written out in the Keras model once: "
                                           "its training and inference copies shared their weights (reuse=True), and "
                                           "the model runs as either with Keras's training flag; the model no longer "
                                           "calls this definition"))
            continue
        result.dropped.append((helper, f"the helper `{helper.name.value}` is written out in the Keras model at each of "
                                       "its calls, each with layers of its own as in TF1; the model no longer calls "
                                       "this definition"))
    return result


def _source_of(node: cst.CSTNode, origin: dict[int, tuple[cst.CSTNode, Optional[str]]]
               ) -> tuple[cst.CSTNode, Optional[str]]:
    """The node of the user's source that `node` of the written-out model_fn stands for, and
    the helper (the innermost) it came from. A helper written out inside another helper
    points at a call of the outer copy, which points at the model_fn's own call."""
    helper = None
    seen = 0
    while id(node) in origin and seen < 64:
        node, outer = origin[id(node)]
        helper = helper or outer
        seen += 1
    return node, helper


class _Replacer(cst.CSTTransformer):
    def __init__(self, mapping: dict[cst.CSTNode, cst.CSTNode]) -> None:
        self.mapping = mapping

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        return self.mapping.get(original_node, updated_node)


class _ModelFn(ModePaths, LossMapping, LayerMapping, OptimizerMapping, MetricMapping, TrainingOnly, Heads, HeadSpec,
               ModelFnRender, WeightDecay, WeightedLoss):
    def __init__(self, fn: cst.FunctionDef, name_of: NameOf, code: Callable[[cst.CSTNode], str], tf: str,
                 taken: set[str]) -> None:
        self.fn, self.name_of, self.code, self.tf, self.taken = fn, name_of, code, tf, taken
        self.params = [p.name.value for p in fn.params.params]
        self.mode_names: dict[str, frozenset[str]] = {}  # `is_training = mode == TRAIN`
        self.init_lines: list[str] = []
        self.attr_names: set[str] = set()
        self.uses_params = False
        self.loop_attrs: list[tuple[str, str]] = []  # (attribute, constructor) of the loop being rendered
        self.loop_locals: list[tuple[str, str]] = []
        self.static_locals: dict[str, str] = {}  # params-only locals that __init__ needs too
        self.module_binding: Optional[Callable[[cst.Name], Optional[cst.CSTNode]]] = None
        self.params_value: Optional[cst.BaseExpression] = None
        self.pending: list[str] = []  # statements the next rendered statement needs first (input layers)
        self.module_parent: Optional[Callable[[cst.CSTNode], Optional[cst.CSTNode]]] = None
        self.key_params: dict = {}  # run-time feature-key sources -> the model's parameter names
        self.extra_args: list[tuple[str, str]] = []
        self.reads: set[str] = set()
        self.rank_one = False
        self.inner_names: list[str] = []  # inner tensors of the forward pass the predictions read
        # Keras optimizers written out to take TF1's step (RMSprop's mean square starting at 1,
        # momentum under a schedule, the proximal step): class name -> template
        self.optimizer_classes: dict[str, str] = {}
        self.eval_loss_in_training = False  # evaluate's loss runs the network as in training (see above)
        self.step_beside_update = False  # see KerasModelCode
        self.float64_weights = False  # a tf.get_variable(dtype=tf.float64): the model takes its inputs as they are
        self.fed_classes: list[str] = []  # Keras metrics fed the model_fn's own expressions (source)
        self.metric_classes: dict[str, str] = {}  # Keras metric -> its subclass fed the sigmoid of the logits
        self.class_name = ""
        self.metric_output = "y_pred"
        # id(tf.get_variable call) → {id(l2_loss term): its scale}: the loss's l2_loss terms on it
        self.variable_scales: dict[int, dict[int, str]] = {}
        self.regularized = False  # the loss adds the layers' regularization losses
        self.decay_terms: list[WeightDecayTerm] = []  # L2 penalties over every trainable variable
        self.decay_conditions: dict[int, str] = {}  # id(penalty term) -> the test it was added under
        self.decay_steps: dict[int, tuple[str, cst.BaseExpression]] = {}  # id(`if t: loss += p`) -> (name, p)
        self.summed: dict[int, cst.Assign] = {}  # id(`loss += x` step) -> `loss = loss + x`, as read
        self.made_up: dict[int, cst.CSTNode] = {}  # id(node made here, not in the source) -> the statement
        self.labels_reshaped: list[cst.If] = []  # `if labels is not None: labels = tf.reshape(...)` (HeadSpec)
        self.head_init_lines: list[str] = []  # a head spec's Keras loss and metrics (HeadSpec)
        self.head_method_lines: list[str] = []
        self.chosen: dict[tuple[int, str], Optional[cst.Assign]] = {}  # (id(if), name) -> `name = A if t else B`
        self.reading_optimizer = False  # while the optimizer is read: a hyperparameter `if` is a choice
        self.consumed: set[str] = set()  # model_fn locals the Keras code no longer reads (initializers)
        self._column_locals: Optional[dict[str, cst.BaseExpression]] = None  # see column_locals
        self.in_model = True  # static values read now go into __init__ (False while compiling)
        self.origin: dict[int, cst.CSTNode] = {}  # node id -> the path statement whose value holds it
        self.refused_helpers: dict[int, str] = {}  # id(helper call) -> why it was not written out
        self.helpers_written_out: list[cst.FunctionDef] = []  # their scopes were taken off (names lost)
        self.helper_calls: dict[str, list[cst.Call]] = {}  # helper name -> the calls written out
        self.train_only: dict[int, tuple[str, str, str]] = {}  # id(TRAIN-only statement) -> its Keras layer
        self.head_updates: list[str] = []  # compute_metrics lines of a model with several heads
        self.target: Optional[str] = None  # the features the loss compares with, as compute_loss reads x
        self.kinds_made: set[str] = set()  # the LAYERS kinds the Keras model makes
        self.tables: list[str] = []  # attributes of lookup tables made in __init__
        self.fused_norms: list[cst.Call] = []  # batch normalizations TF1 may have run fused (see dropped)

    # -- entry ----------------------------------------------------------------------------

    def translate(self, class_name: str, make_name: str) -> KerasModelCode:
        self.class_name = class_name
        self.check_signature()
        paths = {mode: self.path(mode) for mode in (TRAIN, EVAL, PREDICT)}
        if self.head_ctor is not None:
            return self.translate_head(class_name, make_name, paths)
        if self.labels_reshaped:
            raise NotTranslatable("model_fn changes its labels under `if labels is not None:`, which only a head's "
                                  "create_estimator_spec is followed with", self.labels_reshaped[0])
        train = paths[TRAIN]
        spec = self.spec_args(train)
        if "loss" not in spec or "train_op" not in spec:
            raise NotTranslatable("the TRAIN EstimatorSpec has no loss and train_op", train.spec or self.fn)
        heads = self.heads(spec["loss"], train)  # several heads' losses added up: one output per head
        if heads is not None:
            loss_keras, output = HEADS_LOSS + self.heads_loss(heads), self.heads_output(heads)
        else:
            loss_keras, output = self.loss(spec["loss"], train)
        forward = self.forward(output, train)
        self.check_decay(forward, train)
        self.check_one_model(forward, paths)
        self.in_model = False
        optimizer = self.optimizer(spec["train_op"], train)
        metrics = self.metrics(paths[EVAL], output) if heads is None else []
        self.head_updates = self.head_metrics(paths[EVAL], heads) if heads is not None else []
        self.in_model = True
        self.evaluates = paths[EVAL].spec is not None
        self.several_heads = heads is not None
        if paths[EVAL].spec is not None:
            eval_loss = self.spec_args(paths[EVAL]).get("loss")
            trained, kept = self.loss_extras(), (self.regularized, self.variable_scales, self.decay_terms)
            self.regularized, self.variable_scales, self.decay_terms = False, {}, []
            same = eval_loss is not None and (self.heads(eval_loss, paths[EVAL]) == heads if heads is not None
                                              else self.loss(eval_loss, paths[EVAL]) == (loss_keras, output))
            extras_differ = same and self.loss_extras() != trained
            self.regularized, self.variable_scales, self.decay_terms = kept
            if extras_differ:
                raise NotTranslatable("the EVAL loss adds other regularization terms than the TRAIN loss, while "
                                      "Keras's evaluate adds the model's regularizers as fit does", eval_loss)
            if not same:
                raise NotTranslatable("the EVAL loss is not the TRAIN loss", eval_loss or paths[EVAL].spec)
        self.rank_one = heads is None and self.is_rank_one(output, train)
        call_body = self.call_body(forward, output, train.batch_norm_updates)
        if heads is not None:
            call_body[-1] = self.heads_return(heads, train)
        predict_body, is_dict = self.predict_body(paths[PREDICT], output, forward)
        if self.inner_names:
            inner = ", ".join(f'"{name}": {name}' for name in self.inner_names)
            call_body[-1:] = ["if with_inner:  # predict_step reads inner tensors of the model too",
                              f"    {call_body[-1]}, {{{inner}}}", call_body[-1]]
        optimizer = self.summing_sparse_rows(optimizer, call_body)
        source = self.render(class_name, make_name, call_body, predict_body, loss_keras, optimizer, metrics)
        return KerasModelCode(source, make_name, "params" in self.params, predict_body is not None, is_dict,
                              extra_args=self.extra_args, reads=self.reads, dropped=self.dropped(paths),
                              step_beside_update=self.step_beside_update, tables=self.tables)

    def translate_head(self, class_name: str, make_name: str, paths: dict[str, _Path]) -> KerasModelCode:
        """`return head.create_estimator_spec(..., logits=logits, ...)` (codemods/_model_fn_head_spec.py):
        call() computes the logits, the head is the canned models' head code."""
        assert self.head_ctor is not None
        self.head_form = self.read_head(self.head_ctor)
        train = paths[TRAIN]
        given, spec = self.head_spec(paths)
        logits = given["logits"]
        if not isinstance(logits, cst.Name):
            raise NotTranslatable("create_estimator_spec(logits=...) is not a name the model_fn bound", spec)
        forward = self.forward(logits.value, train)
        self.check_one_model(forward, paths)
        self.in_model = False
        optimizer = self.head_optimizer(given, train)
        self.in_model = True
        self.evaluates = True
        self.several_heads = False
        self.rank_one = False
        call_body = self.call_body(forward, logits.value, train.batch_norm_updates)
        self.head_init_lines, self.head_method_lines, predict_keys = self.head_code()
        optimizer = self.summing_sparse_rows(optimizer, call_body)
        source = self.render(class_name, make_name, call_body, None, HEAD_LOSS, optimizer, [])
        module_statements = [] if any(n is self.head_ctor for n in _walk(self.fn.body)) else [self.head_ctor]
        return KerasModelCode(source, make_name, "params" in self.params, True, True, reads=self.reads,
                              dropped=self.dropped(paths), step_beside_update=self.step_beside_update,
                              canned_predict_keys=predict_keys, module_statements=module_statements,
                              tables=self.tables)

    def summing_sparse_rows(self, optimizer: str, call_body: list[str]) -> str:
        """The optimizer, made to sum a sparse gradient's rows by index as TF1's did, where the
        model looks rows of its weights up (codemods/_sparse_rows.py)."""
        if not looks_rows_up("\n".join([*self.init_lines, *call_body])):
            return optimizer
        optimizer, classes = with_summed_rows(optimizer, f"{self.tf}.keras", self.class_name)
        for name, template in classes.items():
            self.optimizer_classes.setdefault(name, template)
        self.optimizer_classes = {name: summing_template(template) for name, template in self.optimizer_classes.items()}
        return optimizer

    def check_one_model(self, forward: list[cst.CSTNode], paths: dict[str, _Path]) -> None:
        """Every mode with a spec runs the TRAIN forward pass: one Keras model serves them all."""
        for mode in (EVAL, PREDICT):
            missing = [s for s in forward if not any(s is t for t in paths[mode].steps)]
            if missing and paths[mode].spec is not None:
                raise NotTranslatable(f"the model differs in the {mode.upper()} mode (`{self.code(missing[0])}` "
                                      "runs only in TRAIN): one Keras model serves every mode", missing[0])

    def loss_extras(self) -> tuple:
        """What a loss added as regularizers (get_regularization_loss(), l2_loss terms on
        variables, weight decay over every variable), as a value to compare."""
        return (self.regularized, {w: sorted(t.values()) for w, t in self.variable_scales.items()},
                sorted((t.scale, t.tests, t.condition or "") for t in self.decay_terms))

    def check_signature(self) -> None:
        p = self.fn.params
        if p.star_arg is not cst.MaybeSentinel.DEFAULT or p.star_kwarg or p.kwonly_params or p.posonly_params:
            raise NotTranslatable("model_fn takes *args or keyword-only parameters", self.fn.params)
        if self.fn.decorators or self.fn.asynchronous:
            raise NotTranslatable("model_fn is decorated or async", self.fn)
        unknown = [n for n in self.params if n not in MODEL_FN_PARAMS]
        if unknown or "features" not in self.params or "labels" not in self.params or "mode" not in self.params:
            raise NotTranslatable("model_fn parameters are not (features, labels, mode[, params, config])",
                                  self.fn.params)
        # (a logging call that prints `config.model_dir` only logged; the model does not log)
        read = set().union(*(_names_used(n) for n in _walk(self.fn.body)
                             if isinstance(n, cst.BaseSmallStatement) and not self.is_unused_marker(n)
                             and not self.only_logs(n)))
        if "config" in self.params and "config" in read:
            raise NotTranslatable("model_fn reads its RunConfig `config`: Keras has no such argument", self.fn)

    # -- the paths ------------------------------------------------------------------------

    def path(self, mode: str) -> _Path:
        path = _Path(mode)
        if not isinstance(self.fn.body, cst.IndentedBlock):
            raise NotTranslatable("model_fn body is on one line", self.fn)
        self.mode_names = {}
        self.walk_block(self.fn.body.body, path, top=True)
        return path

    def dropped(self, paths: dict[str, _Path]) -> list[tuple[cst.CSTNode, str]]:
        """Summaries and export signatures: no effect on training, said so rather than lost."""
        out: list[tuple[cst.CSTNode, str]] = []
        for node in _walk(self.fn.body):
            if isinstance(node, cst.Call) and (self.name_of(node.func) or "").startswith("tf.summary."):
                out.append((node, f"`{self.name_of(node.func)}(...)` dropped: Keras writes its losses and metrics "
                                  "for TensorBoard through keras.callbacks.TensorBoard(log_dir) given to fit"))
        for path in paths.values():
            given = self.arguments(path.spec, SPEC_POSITIONAL) if path.spec is not None and self.head_ctor is None \
                else {}
            for hooks in ("training_hooks", "evaluation_hooks"):
                if hooks in given and not any(n is given[hooks] for n, _ in out):
                    out.append((given[hooks], f"EstimatorSpec({hooks}=...) dropped: its hooks only logged tensors "
                                              "(Keras prints the loss and metrics itself)"))
            exports = given.get("export_outputs")
            if exports is not None and not _is_none(exports) and not any(n is exports for n, _ in out):
                out.append((exports, "EstimatorSpec(export_outputs=...) dropped: it only named the signatures of "
                                     "an exported SavedModel (an export tfmigrate writes serves the predictions as "
                                     "serving_default, as one PredictOutput did)"))
        if self.kinds_made & FOUR_D_LAYERS:
            # Measured on TF 2.15: fused (its default for 4-D inputs), tf.layers.batch_normalization
            # moved its variance toward the unbiased batch variance; Keras 3 has no such option.
            out += [(call, "batch normalization after 2-D convolutions: on their 4-D outputs TF1's fused kernel moved "
                           "the moving variance toward the batch's unbiased variance, n/(n-1) times the biased one "
                           "Keras's BatchNormalization uses (n = batch x height x width): evaluation reads a "
                           "moving variance (n-1)/n of TF1's at the most") for call in self.fused_norms]
        return out

    def only_logs(self, small: cst.CSTNode) -> bool:
        """`tf.logging.info(...)` as a statement of its own."""
        return isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
            and (self.name_of(small.value.func) or "").startswith(("tf.logging.", "tf.compat.v1.logging."))

    def only_logging_hooks(self, node: cst.BaseExpression, path: _Path) -> bool:
        """`training_hooks=[tf.train.LoggingTensorHook(...)]`: hooks that only printed tensors."""
        node = self.value(node, path)
        return isinstance(node, (cst.List, cst.Tuple)) and bool(node.elements) and all(
            isinstance(e, cst.Element) and isinstance(self.value(e.value, path), cst.Call)
            and self.name_of(self.value(e.value, path).func) in LOGGING_HOOK_NAMES  # type: ignore[union-attr]
            for e in node.elements)

    def is_update_ops(self, node: Optional[cst.CSTNode], path: Optional[_Path] = None) -> bool:
        if node is None:
            return False
        return any(self.name_of(n) == UPDATE_OPS for n in _walk(node)) or (
            isinstance(node, cst.Name) and node.value in self.update_ops_names())

    def update_ops_names(self) -> set[str]:
        names = set()
        for node in _walk(self.fn.body):
            if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                    and any(self.name_of(n) == UPDATE_OPS for n in _walk(node.value)):
                names.add(node.targets[0].target.value)
        return names

    # -- values along a path ----------------------------------------------------------------

    def spec_args(self, path: _Path) -> dict[str, cst.BaseExpression]:
        if path.spec is None:
            return {}
        given = self.arguments(path.spec, SPEC_POSITIONAL)
        mode = given.pop("mode", None)
        if mode is None:
            raise NotTranslatable("EstimatorSpec has no mode", path.spec)
        for hooks in ("training_hooks", "evaluation_hooks", "training_chief_hooks", "prediction_hooks"):
            if hooks in given and self.only_logging_hooks(given[hooks], path):
                given.pop(hooks)  # reported as dropped (TFM220) with the model's other left-outs
                continue
            if hooks in given and not _is_none(given[hooks]):
                raise NotTranslatable(f"EstimatorSpec({hooks}=...): session hooks have no automatic Keras form; "
                                      "rewrite them as Keras callbacks by hand", given[hooks], "hooks")
        for other in ("scaffold",):
            if other in given:
                raise NotTranslatable(f"EstimatorSpec({other}=...) has no Keras form", given[other])
        return {k: v for k, v in given.items() if not _is_none(v)}

    def arguments(self, call: cst.Call, order: Sequence[str]) -> dict[str, cst.BaseExpression]:
        given: dict[str, cst.BaseExpression] = {}
        for i, arg in enumerate(call.args):
            if arg.star:
                raise NotTranslatable(f"`{self.code(call)}` unpacks arguments", call)
            if arg.keyword is not None:
                given[arg.keyword.value] = arg.value
            elif i < len(order):
                given[order[i]] = arg.value
            else:
                raise NotTranslatable(f"`{self.code(call)}`: too many positional arguments", call)
        return given

    def value(self, node: cst.BaseExpression, path: _Path, before: Optional[cst.CSTNode] = None
              ) -> cst.BaseExpression:
        """`node`, with a name replaced by what the path last bound it to before the
        statement `node` sits in (`loss = tf.identity(loss)` reads the earlier `loss`)."""
        seen = 0
        while isinstance(node, cst.Name) and seen < 50:
            bound = self.binding(node.value, path, before if before is not None else self.origin.get(id(node)))
            if bound is None:
                return node
            for sub in _walk(bound.value):
                self.origin.setdefault(id(sub), bound)
            before = bound
            node = bound.value  # type: ignore[union-attr]
            seen += 1
        return node

    def binding(self, name: str, path: _Path, before: Optional[cst.CSTNode]) -> Optional[cst.Assign]:
        steps = path.steps
        if before is not None:
            for i, step in enumerate(steps):
                if step is before:
                    steps = steps[:i]
                    break
        for step in reversed(steps):
            if name in _targets(step):
                if isinstance(step, cst.Assign) and len(step.targets) == 1 \
                        and isinstance(step.targets[0].target, cst.Name):
                    return step
                summed = self.summed_binding(step, name, path)
                if summed is not None:
                    return summed
                chosen = self.chosen_binding(step, name) if self.reading_optimizer else None
                if chosen is not None:  # only the optimizer and its rate are read as a choice
                    return chosen
                raise NotTranslatable(f"`{name}` is bound in a way tfmigrate cannot follow: `{self.code(step)}`",
                                      step)
        return None

    def summed_binding(self, step: cst.CSTNode, name: str, path: _Path) -> Optional[cst.Assign]:
        """`loss += x`, and `if <hyperparameter test>: loss += <weight decay>`, read as
        `loss = loss + x`: the `loss` on the right is what the path bound before the step,
        and x's names too. The same node each time (the EVAL path reads the same loss)."""
        if id(step) in self.summed:
            return self.summed[id(step)]
        if isinstance(step, cst.AugAssign) and isinstance(step.operator, cst.AddAssign) \
                and isinstance(step.target, cst.Name) and step.target.value == name:
            term = step.value
        elif id(step) in self.decay_steps and self.decay_steps[id(step)][0] == name:
            term = self.decay_steps[id(step)][1]
            self.decay_conditions[id(term)] = self.code(step.test)  # type: ignore[attr-defined]
        else:
            return None
        left = cst.Name(name)
        self.origin[id(left)] = step
        for sub in _walk(term):
            self.origin.setdefault(id(sub), step)
        summed = cst.Assign(targets=[cst.AssignTarget(cst.Name(name))],
                            value=cst.BinaryOperation(left=left, operator=cst.Add(), right=term))
        self.summed[id(step)] = summed
        for node in (summed, summed.value, *summed.targets, summed.targets[0].target):
            self.made_up[id(node)] = step  # a report on the sum points at the `+=` line
        if id(step) in self.decay_steps:
            self.decay_conditions.setdefault(id(self.unwrap_identity(term, path)), self.decay_conditions[id(term)])
        return summed

    def unwrap_identity(self, node: cst.BaseExpression, path: _Path) -> cst.BaseExpression:
        node = self.value(node, path)
        while isinstance(node, cst.Call) and self.name_of(node.func) == "tf.identity" and node.args:
            node = self.value(node.args[0].value, path)
        return node

    def is_labels(self, node: Optional[cst.BaseExpression], path: _Path) -> bool:
        """Is `node` the targets Keras hands the loss and metrics as y_true: the labels, or
        the input features the loss compared the output with (an autoencoder's)?"""
        if node is None:
            return False
        node = self.value(node, path)
        while isinstance(node, cst.Call) and self.name_of(node.func) in LABEL_WRAPPERS and node.args:
            node = self.value(node.args[0].value, path)
        if self.target is not None:
            return self.features_target(node, path) == self.target
        return isinstance(node, cst.Name) and node.value == "labels"

    def is_loss_labels(self, node: Optional[cst.BaseExpression], path: _Path) -> bool:
        """The loss's labels: the model_fn's labels, part of its features, or one entry of dict
        labels. Then the loss and every metric compare with that instead (compute_loss and
        compute_metrics hand it to Keras as y)."""
        if self.is_labels(node, path):
            return True
        if node is None or self.target is not None:
            return False
        core = self.value(node, path)
        while isinstance(core, cst.Call) and self.name_of(core.func) in LABEL_WRAPPERS and core.args:
            core = self.value(core.args[0].value, path)
        target = self.features_target(core, path)
        if target is None:
            return False
        self.target = target
        return True

    def features_target(self, node: cst.BaseExpression, path: _Path) -> Optional[str]:
        """`features`, `features["key"]` or `labels["key"]` as Keras's compute_loss reads it from
        its `x` or `y`."""
        if isinstance(node, cst.Name) and node.value == "features" and self.value(node, path) is node:
            return "x"
        if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
                and isinstance(node.slice[0].slice.value, cst.SimpleString):
            holder = self.value(node.value, path)
            if isinstance(holder, cst.Name) and holder.value in ("features", "labels"):
                # labels["key"]: one entry of dict labels, which Keras's y holds whole
                return f"{'x' if holder.value == 'features' else 'y'}[{self.code(node.slice[0].slice.value)}]"
        return None

    def is_one_hot_labels(self, node: Optional[cst.BaseExpression], path: _Path) -> bool:
        node = self.value(node, path) if node is not None else None
        return isinstance(node, cst.Call) and self.name_of(node.func) == "tf.one_hot" and bool(node.args) \
            and self.is_labels(node.args[0].value, path)

    # -- the forward pass ---------------------------------------------------------------------

    def forward(self, output: str, path: _Path) -> list[cst.CSTNode]:
        needed = _names_used(cst.parse_expression(output))
        chosen: list[cst.CSTNode] = []
        for step in reversed(path.steps):
            bound = _targets(step)
            if bound & needed:
                chosen.append(step)
                needed |= _names_used(step.value if isinstance(step, cst.Assign) else step)  # type: ignore[arg-type]
                if isinstance(step, cst.For):
                    needed -= _targets(step.target)
        if "labels" in needed:
            raise NotTranslatable("the model output depends on labels", path.spec or self.fn)
        chosen.reverse()
        for step in chosen:
            if isinstance(step, (cst.AugAssign, cst.Expr)):
                raise NotTranslatable(f"`{self.code(step)}` in the forward pass has no clear Keras form", step)
            if isinstance(step, cst.If) and not self.structural_if(step) and not self.plumbing_if(step):
                # an `elif` chain (choice_if)
                raise NotTranslatable(f"the model's layers are chosen by an `if`/`elif` chain on "
                                      f"`{self.code(step.test)}`: tfmigrate builds one `if`/`else` in a Keras "
                                      "model; migrate by hand", step)
        return chosen

    def static_lines(self, code: str) -> list[str]:
        """`name = value` for the model_fn's locals computed from hyperparameters alone
        (static_locals) that `code` reads, with those they read in turn, in the order the
        model_fn bound them."""
        def reads(text: str, name: str) -> bool:
            return re.search(rf"\b{re.escape(name)}\b", text) is not None

        wanted = {name for name in self.static_locals if reads(code, name)}
        for name in reversed(list(self.static_locals)):
            if name not in wanted and any(reads(self.static_locals[w], name) for w in wanted):
                wanted.add(name)
        return [f"{name} = {value}" for name, value in self.static_locals.items() if name in wanted]

    def without_consumed(self, body: list[str]) -> list[str]:
        """Drop `init = <initializer>` lines whose name the rewritten layers no longer read."""
        out = list(body)
        for name in self.consumed:
            pattern = re.compile(rf"^{re.escape(name)} = ")
            rest = [line for line in out if not pattern.match(line)]
            if not any(re.search(rf"\b{re.escape(name)}\b", line) for line in rest):
                out = rest
        return out

    def is_rank_one(self, output: str, path: _Path) -> bool:
        """Is the model output visibly a (batch,) tensor: `x[:, 0]`, `tf.squeeze(x)`, `tf.reshape(x, [-1])`?"""
        node = self.value(cst.parse_expression(output), path) if output.isidentifier() else cst.parse_expression(output)
        if isinstance(node, cst.Subscript) and len(node.slice) == 2 and isinstance(node.slice[1].slice, cst.Index) \
                and isinstance(node.slice[1].slice.value, cst.Integer):
            return True
        name = self.name_of(node.func) if isinstance(node, cst.Call) else None
        if name in ("tf.squeeze", "tf.reshape") and isinstance(node, cst.Call):
            if name == "tf.reshape":
                shape = node.args[1].value if len(node.args) > 1 else None
                return isinstance(shape, (cst.List, cst.Tuple)) and len(shape.elements) == 1
            return True
        return False

    def call_body(self, forward: list[cst.CSTNode], output: str, batch_norm_updates: bool) -> list[str]:
        lines: list[str] = []
        counters: dict[str, int] = {}
        for step in forward:
            if isinstance(step, cst.Assign) and len(step.targets) == 1 and isinstance(step.targets[0].target, cst.Name) \
                    and step.targets[0].target.value in self.mode_names:
                continue  # `is_training = mode == TRAIN`: uses read Keras's `training` instead
            if isinstance(step, cst.Assign) and len(step.targets) == 1 and isinstance(step.targets[0].target, cst.Name) \
                    and step.targets[0].target.value in self.column_locals():
                continue  # feature columns the input_layer's preprocessing, made in __init__, stands for
            if id(step) in self.train_only:
                lines.append(self.train_only_line(step, self.train_only[id(step)]))  # type: ignore[arg-type]
            elif isinstance(step, cst.For):
                lines += self.loop(step, counters, batch_norm_updates)
            elif isinstance(step, cst.If) and not self.structural_if(step) and self.plumbing_if(step):
                # `if isinstance(image, dict): image = features["image"]`: Python on the inputs'
                # structure, which call() sees as the model_fn did
                lines += self.code(step.with_changes(leading_lines=[])).rstrip("\n").splitlines()
            elif isinstance(step, cst.If):
                lines += self.structure(step, counters, batch_norm_updates)
            else:
                new = self.rewrite_layers(step, counters, batch_norm_updates, loop=None)
                lines += self.pending
                self.pending = []
                lines.append(self.code(new) if not isinstance(new, str) else new)
        if self.rank_one:
            # A (batch,) output: Keras losses reduce the last axis, which would leave one scalar
            # per replica that Keras does not scale (SEMANTICS); (batch, 1) keeps one loss per
            # example. predict_step takes the axis off again.
            lines.append(f"return {self.tf}.expand_dims({output}, -1)")
        else:
            lines.append(f"return {output}")
        return lines

    def loop(self, step: cst.For, counters: dict[str, int], bn: bool) -> list[str]:
        loop_layers: list[str] = []
        rendered: list[str] = []
        # attribute → the test under which the loop pass creates that layer (None: always).
        created_under: dict[str, Optional[str]] = {}

        def render(small: cst.BaseSmallStatement, indent: str, test: Optional[str]) -> None:
            before = len(self.loop_attrs)
            new = self.rewrite_layers(small, counters, bn, loop=loop_layers)
            created_under.update({attr: test for attr, _ in self.loop_attrs[before:]})
            rendered.append(indent + (self.code(new) if not isinstance(new, str) else new))

        body = list(step.body.body)  # type: ignore[attr-defined]
        while any(isinstance(stmt, cst.With) and self.is_naming_scope(stmt) for stmt in body):
            # `with tf.variable_scope("conv_%d" % width):` only prefixed the names of the pass's
            # variables: its statements run as they stand, as a naming scope outside a loop does.
            body = [inner for stmt in body for inner in (
                stmt.body.body if isinstance(stmt, cst.With) and self.is_naming_scope(stmt) else [stmt])]
        for stmt in body:
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    render(small, "", None)
            elif isinstance(stmt, cst.If) and self.structural_if(stmt):
                if not self.check_static(stmt.test):  # a static shape: known in call, not in __init__
                    raise NotTranslatable(f"`{self.code(stmt.test)}` in a loop of the forward pass reads a tensor's "
                                          "shape: the loop's layers are made in __init__, where no tensor exists",
                                          stmt)
                test = self.code(stmt.test)
                blocks = [(f"if {test}:", stmt.body, f"({test})")]
                if isinstance(stmt.orelse, cst.Else):
                    blocks.append(("else:", stmt.orelse.body, f"not ({test})"))
                for head, block, holds in blocks:
                    rendered.append(head)
                    for inner in block.body:  # type: ignore[attr-defined]
                        for small in inner.body:
                            render(small, "    ", holds)
            else:
                raise NotTranslatable("a loop of the forward pass holds compound statements", stmt)
        target, iterable = self.code(step.target), self.code(step.iter)
        static = self.check_static(step.iter)
        if not static:
            raise NotTranslatable(f"the loop over `{iterable}` depends on tensors: its layers cannot be created "
                                  "once in __init__", step)
        init = [f"self.{attr} = []" for attr, _ in self.loop_attrs]
        init.append(f"for {target} in {iterable}:")
        # A layer made only under a test gets None in the passes that skip it, so that every
        # list keeps one entry per pass and the zip in call() stays aligned.
        init += [f"    self.{attr}.append({ctor})" if created_under.get(attr) is None
                 else f"    self.{attr}.append({ctor} if {created_under[attr]} else None)"
                 for attr, ctor in self.loop_attrs]
        if self.loop_attrs:
            self.init_lines += init
        locals_ = [local for _, local in self.loop_locals]
        if locals_:
            head = f"for {self.paren(step.target)}, {', '.join(locals_)} in zip({iterable}, " \
                   f"{', '.join('self.' + a for a, _ in self.loop_attrs)}):"
        else:
            head = f"for {target} in {iterable}:"
        self.loop_attrs, self.loop_locals = [], []
        return [head] + ["    " + line for line in rendered]

    def structure(self, step: cst.If, counters: dict[str, int], bn: bool) -> list[str]:
        """The same `if params[...]` in __init__ (which layers exist) and in call (which run).
        A test of static shapes (shape_test) is Python that call() decides when it is traced:
        __init__ makes the layers of every arm, and those of an arm never run hold no weights."""
        static = self.check_static(step.test)
        shaped = not static and self.shape_test(step.test)
        test = self.code(step.test)
        out: list[str] = []
        init: list[str] = []
        every_arm: list[str] = []
        for head, block in ((f"if {test}:", step.body),
                            *((("else:", step.orelse.body),) if isinstance(step.orelse, cst.Else) else ())):
            before = len(self.init_lines)
            body = []
            for stmt in block.body:  # type: ignore[attr-defined]
                for small in stmt.body:
                    new = self.rewrite_layers(small, counters, bn, loop=None)
                    body += self.pending
                    self.pending = []
                    body.append(self.code(new))
            created = self.init_lines[before:]
            del self.init_lines[before:]
            if created and not static and not shaped:
                raise NotTranslatable(f"layers created under `{test}`, which is not a hyperparameter", step)
            every_arm += created
            init += [head] + ["    " + line for line in created or ["pass"]]
            out += [head] + ["    " + line for line in body]
        if static and any(not line.startswith(("if ", "else:", "    pass")) for line in init):
            self.init_lines += init
        if shaped:
            self.init_lines += every_arm
        return out

    def shape_test(self, node: cst.BaseExpression) -> bool:
        """`strides != 1 or inputs.shape[-1] != filters`: static values and static dimensions of
        tensors (is_static_shape_access), at least one of those."""
        found: list[cst.CSTNode] = []

        class _Dimensions(cst.CSTTransformer):
            def leave_Subscript(self, original_node: cst.Subscript, updated_node: cst.Subscript
                                ) -> cst.BaseExpression:
                if is_static_shape_access(original_node):
                    found.append(original_node)
                    return cst.Integer("1")
                return updated_node

        rest = node.visit(_Dimensions())
        return bool(found) and "mode" not in _names_used(rest) and self.check_static(rest)  # type: ignore[arg-type]

    def paren(self, target: cst.BaseExpression) -> str:
        text = self.code(target)
        return f"({text})" if isinstance(target, cst.Tuple) and not target.lpar else text

    def check_static(self, node: cst.BaseExpression, following: frozenset = frozenset()) -> bool:
        """Does `node` depend only on params, literals and module-level names? (`following`:
        the locals whose bindings lead here; `width = width * 2` reads no static value.)"""
        local = set(self.params) - {"params"}
        assigned = set()
        for sub in _walk(self.fn.body):
            if isinstance(sub, cst.AssignTarget):
                assigned |= {n.value for n in _walk(sub.target) if isinstance(n, cst.Name)}
        used = _names_used(node)
        if used & local:
            return False
        for name in used & assigned:
            binding = self.single_static_binding(name)
            if name in following or binding is None or not self.check_static(binding, following | {name}):
                return False
            self.static_locals.setdefault(name, self.code(binding))
        if "params" in used and self.in_model:
            self.uses_params = True
        return True

    def single_static_binding(self, name: str) -> Optional[cst.BaseExpression]:
        """The one value the model_fn binds `name` to: `name = value`, or its element of a
        tuple assignment of as many values (`boundaries, rates = [4, 8], [...]`)."""
        found: list[cst.BaseExpression] = []
        for s in _walk(self.fn.body):
            if not (isinstance(s, cst.Assign) and len(s.targets) == 1):
                continue
            target = s.targets[0].target
            if isinstance(target, cst.Name) and target.value == name:
                found.append(s.value)
            elif isinstance(target, (cst.Tuple, cst.List)) and name in _targets(s):
                values = s.value.elements if isinstance(s.value, (cst.Tuple, cst.List)) else None
                names = target.elements
                if values is None or len(values) != len(names) or any(
                        isinstance(e, cst.StarredElement) for e in (*values, *names)):
                    return None  # unpacked from something else: not one value per name
                found += [v.value for t, v in zip(names, values)
                          if isinstance(t.value, cst.Name) and t.value.value == name]
        others = [s for s in _walk(self.fn.body) if isinstance(s, (cst.AugAssign, cst.For, cst.AnnAssign))
                  and name in _targets(s)]
        if len(found) != 1 or others:
            return None
        return found[0]

    def static(self, node: cst.BaseExpression) -> str:
        if not self.check_static(node):
            raise NotTranslatable(f"`{self.code(node)}` is computed in model_fn from tensors, or from a name "
                                  "bound more than once there", node)
        return self.code(node)

    def rewrite_layers(self, step: cst.CSTNode, counters: dict[str, int], bn: bool,
                       loop: Optional[list[str]]) -> cst.CSTNode:
        return step.visit(_LayerRewriter(self, counters, bn, loop is not None))

    def training_text(self, node: cst.BaseExpression) -> str:
        modes = self.condition(node)
        if modes == frozenset({TRAIN}):
            return "training"
        if modes == frozenset({EVAL, PREDICT}):
            return "not training"
        if modes in (MODES, frozenset()):
            return "True" if modes else "False"
        raise NotTranslatable(f"`{self.code(node)}` tells EVAL from PREDICT inside the model: Keras only knows "
                              "training or not", node)

    def check_no_tf1_left(self, step: cst.CSTNode) -> None:
        for node in _walk(step):
            if isinstance(node, cst.Call):
                self.no_tf1(node)

    def no_tf1(self, call: cst.Call) -> None:
        name = self.name_of(call.func) or ""
        if name.startswith(AMBIGUOUS):
            raise NotTranslatable(f"`{name[len(AMBIGUOUS):]}` is TensorFlow's under one binding and something else "
                                  "under another: tfmigrate cannot tell what the model calls here", call)
        if name.startswith(TF1_ONLY + TF1_GRAPH_OPS):
            raise NotTranslatable(f"`{name}` in the model has no automatic Keras form (migrate that part by hand)",
                                  call)
        helper = self.module_binding(call.func) if isinstance(call.func, cst.Name) and self.module_binding else None
        if isinstance(helper, cst.FunctionDef):
            inner = self.tf1_inside(helper, set())
            why = self.refused_helpers.get(id(call))
            if why is not None:
                # Copied into call() as it is, the helper would fail on TF 2 (no tf.layers in Keras 3),
                # or make new layers at every step.
                what = f"with `{inner}`" if inner is not None else "with layers of its own"
                raise NotTranslatable(f"`{call.func.value}(...)` builds its part of the model {what}, and "  # type: ignore[attr-defined]
                                      f"tfmigrate cannot write it out at this call: {why}; inline it or migrate it "
                                      "by hand", call)
            if inner is not None:
                raise NotTranslatable(f"`{call.func.value}(...)` uses `{inner}`, which has no automatic Keras form "  # type: ignore[attr-defined]
                                      "(migrate that part by hand)", call)

    def tf1_inside(self, fn: cst.FunctionDef, seen: set[str]) -> Optional[str]:
        """The first TF1-only API a helper of the model_fn (or a helper it calls) uses."""
        if fn.name.value in seen or len(seen) > 8:
            return None
        seen.add(fn.name.value)
        for node in _walk(fn.body):
            if not isinstance(node, cst.Call):
                continue
            name = self.name_of(node.func) or ""
            if name.startswith(TF1_ONLY + TF1_GRAPH_OPS):
                return name
            if isinstance(node.func, cst.Name) and self.module_binding is not None:
                bound = self.module_binding(node.func)
                if isinstance(bound, cst.FunctionDef):
                    found = self.tf1_inside(bound, seen)
                    if found is not None:
                        return found
        return None

    # -- predictions -----------------------------------------------------------------------------

    def predict_body(self, path: _Path, output: str, forward: list[cst.CSTNode]
                     ) -> tuple[Optional[list[str]], bool]:
        spec = self.spec_args(path)
        predictions = spec.get("predictions")
        if predictions is None:
            return None, True
        needed = _names_used(predictions)
        chosen: list[cst.CSTNode] = []
        forward_ids = {id(s) for s in forward}
        for step in reversed(path.steps):
            if id(step) in forward_ids:
                continue
            if _targets(step) & needed:
                chosen.append(step)
                needed |= _names_used(step)
        chosen.reverse()
        produced = set()
        for s in forward:
            produced |= _targets(s)
        output_names = _names_used(cst.parse_expression(output))
        if not isinstance(cst.parse_expression(output), cst.Name):
            output_names = set()
        # Inner tensors the predictions read: call() hands them out too when predict_step asks.
        plain = set().union(*(_targets(s) for s in forward if isinstance(s, cst.Assign)))
        self.inner_names = sorted(n for n in needed & produced if n not in output_names)
        for name in self.inner_names:
            if name not in plain or name in self.mode_names:
                raise NotTranslatable(f"the predictions read `{name}`, an inner tensor of the model made inside "
                                      f"a loop or branch (only its output `{output}` is kept)", predictions)
        if "labels" in needed:
            raise NotTranslatable("the PREDICT branch reads labels", predictions)
        lines = [f"features, _, _ = {self.tf}.keras.utils.unpack_x_y_sample_weight(data)"]
        if "params" in needed:
            lines.append("params = self.params")
            self.uses_params = True
        take = "[:, 0]" if self.rank_one else ""
        target = output if output_names else "output"
        if self.inner_names:
            lines.append(f"{target}, inner = self(features, training=False, with_inner=True)")
            if take:
                lines.append(f"{target} = {target}{take}")
            lines += [f'{name} = inner["{name}"]' for name in self.inner_names]
        else:
            lines.append(f"{target} = self(features, training=False){take}")
        for step in chosen:
            if isinstance(step, cst.Expr):
                continue
            if not isinstance(step, cst.Assign):
                raise NotTranslatable(f"`{self.code(step)}` in the PREDICT branch has no clear Keras form", step)
            self.check_no_tf1_left(step)
            lines.append(self.code(step))
        value = self.value(predictions, path)
        lines.append(f"return {self.code(predictions)}")
        return lines, isinstance(value, cst.Dict)


LOGGING_HOOK_NAMES = frozenset({"tf.train.LoggingTensorHook", "tf.estimator.LoggingTensorHook",
                                "tf.train.StepCounterHook", "tf.estimator.StepCounterHook"})
