"""The model_fn's train_op as a Keras optimizer: tf.train optimizers with the same update,
learning-rate schedules stepped by the optimizer's iterations, and gradients clipped by
global norm. A mixin of codemods/_model_fn.py's _ModelFn."""

from __future__ import annotations

import ast
import re
from typing import Optional

import libcst as cst

from tfmigrate.codemods._estimator_keras import (
    OPTIMIZER_DEFAULT_LR,
    PROXIMAL_ADAGRAD,
    PROXIMAL_ADAGRAD_CLASS,
    PROXIMAL_ADAGRAD_FORM,
    OptimizerForm,
    OPTIMIZER_IGNORED,
    OPTIMIZERS,
    NotTranslatable,
)
from tfmigrate.codemods._model_fn_common import (
    GLOBAL_STEP,
    _is_none,
    _Path,
    _targets,
    _walk,
)


SCHEDULES = {
    # TF1 function: (Keras schedule, TF1 positional order, TF1 keyword -> Keras keyword)
    "tf.train.exponential_decay": ("ExponentialDecay", ("learning_rate", "global_step", "decay_steps", "decay_rate",
                                                        "staircase"),
                                   {"learning_rate": "initial_learning_rate", "decay_steps": "decay_steps",
                                    "decay_rate": "decay_rate", "staircase": "staircase"}),
    "tf.train.inverse_time_decay": ("InverseTimeDecay", ("learning_rate", "global_step", "decay_steps", "decay_rate",
                                                         "staircase"),
                                    {"learning_rate": "initial_learning_rate", "decay_steps": "decay_steps",
                                     "decay_rate": "decay_rate", "staircase": "staircase"}),
    "tf.train.polynomial_decay": ("PolynomialDecay", ("learning_rate", "global_step", "decay_steps",
                                                      "end_learning_rate", "power", "cycle"),
                                  {"learning_rate": "initial_learning_rate", "decay_steps": "decay_steps",
                                   "end_learning_rate": "end_learning_rate", "power": "power", "cycle": "cycle"}),
    "tf.train.cosine_decay": ("CosineDecay", ("learning_rate", "global_step", "decay_steps", "alpha"),
                              {"learning_rate": "initial_learning_rate", "decay_steps": "decay_steps",
                               "alpha": "alpha"}),
    "tf.train.piecewise_constant": ("PiecewiseConstantDecay", ("x", "boundaries", "values"),
                                    {"boundaries": "boundaries", "values": "values"}),
    "tf.train.piecewise_constant_decay": ("PiecewiseConstantDecay", ("x", "boundaries", "values"),
                                          {"boundaries": "boundaries", "values": "values"}),
}
SCHEDULE_STEP_ARG = {"tf.train.piecewise_constant": "x", "tf.train.piecewise_constant_decay": "x"}

# tf.contrib.layers.optimize_loss (TF 1.x contrib/layers/python/layers/optimizers.py): its
# arguments in order, and the optimizers it makes by name ("Momentum" with momentum 0.9).
OPTIMIZE_LOSS = "tf.contrib.layers.optimize_loss"
OPTIMIZE_LOSS_ORDER = ("loss", "global_step", "learning_rate", "optimizer", "gradient_noise_scale",
                       "gradient_multipliers", "clip_gradients", "learning_rate_decay_fn", "update_ops", "variables",
                       "name", "summaries", "colocate_gradients_with_ops", "increment_global_step")
CONTRIB_OPTIMIZERS = {"Adagrad": "tf.train.AdagradOptimizer", "Adam": "tf.train.AdamOptimizer",
                      "Ftrl": "tf.train.FtrlOptimizer", "Momentum": "tf.train.MomentumOptimizer",
                      "RMSProp": "tf.train.RMSPropOptimizer", "SGD": "tf.train.GradientDescentOptimizer"}

# TF1's RMSPropOptimizer and Keras 3's RMSprop make the same update (epsilon under the
# root in both, the same momentum and centered forms), but TF1 starts the mean square at 1
# and Keras at 0: the first steps differ by far. Keras's own optimizer, with its mean squares
# set to 1 when it creates them, is TF1's. TF1's epsilon default is 1e-10, Keras's 1e-7.
RMSPROP = "tf.train.RMSPropOptimizer"
RMSPROP_FORM = OptimizerForm(
    "RMSprop", ("learning_rate", "decay", "momentum", "epsilon", "use_locking", "centered"),
    (("learning_rate", "learning_rate"), ("decay", "rho"), ("momentum", "momentum"), ("epsilon", "epsilon"),
     ("centered", "centered")),
    fixed=(("epsilon", "1e-10"),))
RMSPROP_CLASS = '''class {name}({tf}.keras.optimizers.RMSprop):
    """TF1's RMSPropOptimizer: Keras's RMSprop update, with the mean square of the gradients
    starting at 1 as TF1's did (Keras starts it at 0)."""

    def add_optimizer_variables(self, trainable_variables, name, initializer="zeros"):
        if name == "velocity":
            initializer = "ones"
        return super().add_optimizer_variables(trainable_variables, name, initializer)'''


# TF1's MomentumOptimizer keeps the sum of the raw gradients (accum = momentum * accum + grad)
# and scales all of it by the current rate (var -= lr * accum; Nesterov: var -= lr * (grad +
# momentum * accum)). Keras's SGD scales each gradient by the rate when it enters: the same
# steps for a constant rate, other steps once the rate changes. Under a schedule, Keras's SGD
# keeps its state and its schedule, and takes TF1's step.
MOMENTUM = "tf.train.MomentumOptimizer"
MOMENTUM_CLASS = '''class {name}({tf}.keras.optimizers.SGD):
    """TF1's MomentumOptimizer: the accumulated gradients are scaled by the current learning
    rate as a whole (Keras's SGD scales each gradient by the rate when it enters)."""

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = {tf}.cast(learning_rate, variable.dtype)
        gradient = {tf}.cast({tf}.convert_to_tensor(gradient), variable.dtype)
        accumulator = self.momentums[self._get_variable_index(variable)]
        accumulator.assign(accumulator * self.momentum + gradient)
        if self.nesterov:
            variable.assign_sub(learning_rate * (gradient + self.momentum * accumulator))
        else:
            variable.assign_sub(learning_rate * accumulator)'''


class OptimizerMapping:
    """The optimizer half of _ModelFn."""

    # -- optimizer ------------------------------------------------------------------------------

    def optimizer(self, train_op: cst.BaseExpression, path: _Path) -> str:
        self.reading_optimizer = True
        try:
            return self.read_optimizer(train_op, path)
        finally:
            self.reading_optimizer = False

    def read_optimizer(self, train_op: cst.BaseExpression, path: _Path) -> str:
        node = self.value(train_op, path)
        counted = False  # the global step advanced by the group itself
        if isinstance(node, cst.Call) and self.name_of(node.func) == "tf.group":
            updates = [a.value for a in node.args if self.is_update_ops(a.value)]
            steps = [a.value for a in node.args if self.advances_global_step(a.value, path)]
            ops = [a.value for a in node.args if a.value not in updates and a.value not in steps]
            if len(ops) != 1 or len(steps) > 1 or any(a.star or a.keyword for a in node.args):
                raise NotTranslatable(f"`{self.code(node)}` is custom train_op logic", node)
            path.batch_norm_updates = path.batch_norm_updates or bool(updates)
            counted = bool(steps)
            node = self.value(ops[0], path)
        if isinstance(node, cst.Call) and self.name_of(node.func) == OPTIMIZE_LOSS:
            if counted:
                raise NotTranslatable(f"`{self.code(train_op)}` advances the global step twice", train_op)
            return self.optimize_loss(node, path)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and id(node) in self.refused_helpers:
            raise NotTranslatable(f"train_op is made by `{node.func.value}(...)`, which tfmigrate cannot write out "
                                  f"at this call: {self.refused_helpers[id(node)]}; inline it or write a Keras "
                                  "train_step by hand", node)
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)):
            raise NotTranslatable("train_op is custom train_op logic (not `optimizer.minimize(loss, global_step=...)`"
                                  " or clipped apply_gradients): write a Keras train_step by hand", train_op)
        method = node.func.attr.value
        clip = None
        if method == "minimize":
            given = self.arguments(node, ("loss", "global_step", "var_list"))
            given.pop("loss", None)
            if not (counted and "global_step" not in given):
                self.global_step(given.pop("global_step", None), node, path)
            else:
                # `tf.group(optimizer.minimize(loss), tf.assign_add(global_step, 1))` counts one step
                # per update, as minimize(global_step=...) did (and one more when the input ran
                # out: the drivers add it). The update must not read the count: a rate that does
                # may read it before or after the increment, and Keras's Adam-family optimizers
                # correct their moments by the count, which that extra step would shift.
                text = self.optimizer_text(self.value(node.func.value, path), path)
                if "keras.optimizers.schedules." in text or re.search(r"\.(Adam|Adamax|Nadam)\(", text):
                    raise NotTranslatable(f"`{self.code(train_op)}` advances the global step beside an update "
                                          "that reads it (a learning-rate schedule, or Adam's bias correction in "
                                          "Keras): TF1 ran the two in either order", train_op)
                self.step_beside_update = True
            given.pop("name", None)
            if "var_list" in given and self.is_all_trainable(given["var_list"], path):
                given.pop("var_list")  # what minimize took anyway; Keras trains every trainable weight too
            if given:
                raise NotTranslatable(f"`{self.code(node)}`: {', '.join(sorted(given))} is custom train_op logic",
                                      node)
        elif method == "apply_gradients":
            clip = self.clipped(node, path)  # None: the gradients as compute_gradients gave them
        else:
            raise NotTranslatable(f"train_op `{self.code(node)}` is custom train_op logic", node)
        owner = self.value(node.func.value, path)
        return self.optimizer_text(owner, path, clip or "")

    def optimize_loss(self, node: cst.Call, path: _Path) -> str:
        """`tf.contrib.layers.optimize_loss(loss, global_step, learning_rate, optimizer)`: the
        optimizer (named, a class given the rate, or made) minimizing the loss over every
        trainable variable, after the UPDATE_OPS collection, the gradients clipped by their
        global norm when clip_gradients is a float; its summaries change no number."""
        given = self.arguments(node, OPTIMIZE_LOSS_ORDER)
        for key in ("loss", "name", "summaries", "colocate_gradients_with_ops"):
            given.pop(key, None)
        step = given.pop("global_step", None)
        if step is not None and not _is_none(step):  # None: the graph's global step
            self.global_step(step, node, path)
        if not _is_none(given.pop("update_ops", cst.Name("None"))):
            raise NotTranslatable(f"`{self.code(node)}`: update_ops other than the UPDATE_OPS collection is custom "
                                  "train_op logic", node)
        path.batch_norm_updates = True  # update_ops=None: the UPDATE_OPS collection ran with every step
        increment = given.pop("increment_global_step", cst.Name("True"))
        if not (isinstance(increment, cst.Name) and increment.value == "True"):
            raise NotTranslatable(f"`{self.code(node)}` does not advance the global step, so the Estimator never "
                                  "counted its steps: migrate it by hand", node)
        variables = given.pop("variables", cst.Name("None"))
        if not (_is_none(variables) or self.is_all_trainable(variables, path)):
            raise NotTranslatable(f"`{self.code(node)}`: variables is custom train_op logic", node)
        clip = given.pop("clip_gradients", cst.Name("None"))
        extra = ""
        if isinstance(clip, cst.Float) or (isinstance(clip, cst.Subscript) and not _is_none(clip)):
            # a float clips by global norm (a params value may be None: no clipping, as Keras's None)
            extra = f"global_clipnorm={self.static(clip)}"
        elif not _is_none(clip):
            raise NotTranslatable(f"`{self.code(node)}`: clip_gradients `{self.code(clip)}` is not a float", clip)
        rate = given.pop("learning_rate", None)
        optimizer = given.pop("optimizer", None)
        decay = given.pop("learning_rate_decay_fn", cst.Name("None"))
        if not _is_none(decay) and rate is not None and not _is_none(rate):
            rate = self.decayed_rate(self.value(decay, path), rate, path)
        left = [k for k, v in given.items() if not _is_none(v)]
        if left or optimizer is None:
            raise NotTranslatable(f"`{self.code(node)}`: {', '.join(left) or 'no optimizer'} has no faithful Keras "
                                  "form", node, "optimizer")
        optimizer = self.value(optimizer, path)
        if isinstance(optimizer, cst.Call):  # an optimizer made already: optimize_loss ignores the rate
            return self.optimizer_text(optimizer, path, extra)
        name = ast.literal_eval(optimizer.value) if isinstance(optimizer, cst.SimpleString) else None
        made = CONTRIB_OPTIMIZERS.get(name) if name is not None else self.name_of(optimizer)  # a class
        if made is None or not made.startswith("tf.train.") or not made.endswith("Optimizer"):
            raise NotTranslatable(f"optimizer `{self.code(optimizer)}` of optimize_loss is not one it names or a "
                                  "tf.train optimizer class", optimizer, "optimizer")
        if rate is None or _is_none(rate) or isinstance(rate, cst.Integer):
            raise NotTranslatable(f"`{self.code(node)}`: TF1 took a float or tensor learning rate here", node)
        args = {"learning_rate": rate, **({"momentum": cst.Float("0.9")} if name == "Momentum" else {})}
        return self.tf1_optimizer_text(made, args, optimizer, path, extra)

    def decayed_rate(self, decay: cst.BaseExpression, rate: cst.BaseExpression, path: _Path) -> cst.BaseExpression:
        """optimize_loss's `learning_rate_decay_fn=lambda lr, step: tf.train.exponential_decay(lr,
        step, ...)`, which it called with its rate and the global step: the Keras schedule of
        that call, as a node the optimizer's learning_rate reads as it is."""
        params = decay.params.params if isinstance(decay, cst.Lambda) else ()
        body = decay.body if isinstance(decay, cst.Lambda) else None
        name = self.name_of(body.func) if isinstance(body, cst.Call) else None
        if len(params) != 2 or isinstance(decay.params.star_arg, cst.Param) or any(p.default for p in params) \
                or not (name == "tf.train.natural_exp_decay" or name in SCHEDULES):  # type: ignore[union-attr]
            raise NotTranslatable(f"learning_rate_decay_fn `{self.code(decay)}` is not a lambda of the rate and "
                                  "the step returning a tf.train decay", decay, "optimizer")
        if isinstance(rate, cst.Integer):
            raise NotTranslatable("TF1 took a float or tensor learning rate here", rate)
        text = self.schedule(body, name, path,  # type: ignore[arg-type]
                             decayed=(params[0].name.value, params[1].name.value, rate))
        return cst.parse_expression(text)

    def advances_global_step(self, node: cst.BaseExpression, path: _Path) -> bool:
        """`tf.assign_add(global_step, 1)` / `global_step.assign_add(1)` on the global step."""
        node = self.value(node, path)
        if not isinstance(node, cst.Call) or any(a.star or a.keyword for a in node.args):
            return False
        if self.name_of(node.func) == "tf.assign_add" and len(node.args) == 2:
            variable, amount = node.args[0].value, node.args[1].value
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value == "assign_add" and len(node.args) == 1:
            variable, amount = node.func.value, node.args[0].value
        else:
            return False
        step = self.value(variable, path)
        return isinstance(amount, cst.Integer) and amount.value == "1" and isinstance(step, cst.Call) \
            and not step.args and self.name_of(step.func) in GLOBAL_STEP

    def is_all_trainable(self, node: cst.BaseExpression, path: _Path) -> bool:
        """`var_list=tf.trainable_variables()`: every trainable variable, minimize's default."""
        node = self.value(node, path)
        return isinstance(node, cst.Call) and not node.args \
            and self.name_of(node.func) in ("tf.trainable_variables", "tf.compat.v1.trainable_variables")

    def global_step(self, node: Optional[cst.BaseExpression], call: cst.CSTNode, path: _Path) -> None:
        step = self.value(node, path) if node is not None else None
        if not (isinstance(step, cst.Call) and not step.args and self.name_of(step.func) in GLOBAL_STEP):
            raise NotTranslatable(f"`{self.code(call)}` does not advance the global step, so the Estimator never "
                                  "counted its steps: migrate it by hand", call)

    def clipped(self, node: cst.Call, path: _Path) -> Optional[str]:
        """The Keras optimizer argument that clips as the gradients `apply_gradients` gets
        were clipped (`global_clipnorm=5.0`, `clipnorm=1.0`, `clipvalue=1.0`), or None where
        it applies what `compute_gradients(loss)` of the same optimizer gave, which is what
        `minimize` does (and what Keras's fit does). Keras clips each replica's gradients
        before it sums them (optimizer.apply, then _backend_update_step), as TF1's model_fn
        clipped its replica's gradients before apply_gradients summed them."""
        given = self.arguments(node, ("grads_and_vars", "global_step", "name"))
        self.global_step(given.pop("global_step", None), node, path)
        given.pop("name", None)
        pairs = self.value(given.pop("grads_and_vars", None) or node, path)
        problem = NotTranslatable("apply_gradients on something other than compute_gradients(loss), as it is or "
                                  "clipped by tf.clip_by_global_norm, or each gradient by tf.clip_by_norm or a "
                                  "symmetric tf.clip_by_value: write a Keras train_step by hand", node)
        if self.computed_gradients(pairs, node, path):
            return None  # `optimizer.apply_gradients(optimizer.compute_gradients(loss))`
        if isinstance(pairs, cst.ListComp):
            # `[(tf.clip_by_value(g, -1., 1.), v) for g, v in optimizer.compute_gradients(loss)]`
            clip = self.clipped_pairs(pairs, node, path)
            if clip is None:
                raise problem
            return clip
        if not (isinstance(pairs, cst.Call) and isinstance(pairs.func, cst.Name) and pairs.func.value == "zip"
                and len(pairs.args) == 2):
            raise problem
        grads, variables = pairs.args[0].value, pairs.args[1].value
        if not (isinstance(grads, cst.Name) and isinstance(variables, cst.Name)):
            raise problem
        # Back from the apply: `grads` is bound by `grads, _ = tf.clip_by_global_norm(g, norm)` or
        # `grads = [tf.clip_by_norm(x, n) for x in g]` (at most one clip), and `g` and `variables`
        # by `g, variables = zip(*optimizer.compute_gradients(loss))`. Any other binding changes
        # what is applied.
        steps = path.steps
        applied_at = next((i for i, step in enumerate(steps) if any(n is node for n in _walk(step))), len(steps))
        clip, name, at = None, grads.value, applied_at
        while True:
            found = self.last_binding(name, at, path)
            if found is None:
                raise problem
            at, step = found
            target = step.targets[0].target if isinstance(step, cst.Assign) and len(step.targets) == 1 else None
            if isinstance(target, cst.Tuple) and len(target.elements) == 2 \
                    and all(isinstance(e.value, cst.Name) for e in target.elements) \
                    and target.elements[0].value.value == name:  # type: ignore[attr-defined]
                value = step.value
                if self.unpacked_gradients(step, node, path):
                    paired = self.last_binding(variables.value, applied_at, path)
                    if target.elements[1].value.value != variables.value \
                            or paired is None or paired[1] is not step:  # type: ignore[attr-defined]
                        raise problem
                    return clip
                if clip is None and isinstance(value, cst.Call) and self.name_of(value.func) == "tf.clip_by_global_norm" \
                        and len(value.args) >= 2 and not any(a.keyword or a.star for a in value.args[:2]) \
                        and isinstance(value.args[0].value, cst.Name):
                    clip, name = f"global_clipnorm={self.static(value.args[1].value)}", value.args[0].value.value
                    continue
            elif isinstance(target, cst.Name) and clip is None:
                each = self.clipped_each(step.value)
                if each is not None:
                    clip, name = each
                    continue
            raise problem

    @staticmethod
    def last_binding(name: str, before: int, path: _Path) -> Optional[tuple[int, cst.CSTNode]]:
        """The last path step before index `before` that binds `name`, with its index."""
        for i in range(before - 1, -1, -1):
            if name in _targets(path.steps[i]):
                return i, path.steps[i]
        return None

    def clipped_pairs(self, pairs: cst.ListComp, apply: cst.Call, path: _Path) -> Optional[str]:
        """`[(clip(g), v) for g, v in optimizer.compute_gradients(loss)]`, optionally with
        `if g is not None` (apply_gradients skipped a pair without a gradient; Keras leaves a
        weight without one alone too): the Keras clip argument, or None."""
        pair, loop = pairs.elt, pairs.for_in
        if not (isinstance(pair, cst.Tuple) and len(pair.elements) == 2 and isinstance(loop.target, cst.Tuple)
                and len(loop.target.elements) == 2 and loop.inner_for_in is None and not loop.asynchronous):
            return None
        grad, var = (e.value for e in loop.target.elements)
        if not (isinstance(grad, cst.Name) and isinstance(var, cst.Name) and isinstance(pair.elements[1].value, cst.Name)
                and pair.elements[1].value.value == var.value and grad.value != var.value):
            return None
        if not self.computed_gradients(self.value(loop.iter, path), apply, path):
            return None
        if any(not self.is_not_none(test.test, grad.value) for test in loop.ifs):
            return None
        return self.clipped_each_element(pair.elements[0].value, grad.value)

    def clipped_each(self, value: cst.BaseExpression) -> Optional[tuple[str, str]]:
        """`[clip(g) for g in grads]`, optionally with `if g is not None`: the Keras clip
        argument, and the name of the list clipped."""
        if not isinstance(value, cst.ListComp):
            return None
        loop = value.for_in
        if not (isinstance(loop.target, cst.Name) and isinstance(loop.iter, cst.Name)
                and loop.inner_for_in is None and not loop.asynchronous):
            return None
        if any(not self.is_not_none(test.test, loop.target.value) for test in loop.ifs):
            return None
        clip = self.clipped_each_element(value.elt, loop.target.value)
        return (clip, loop.iter.value) if clip is not None else None

    def clipped_each_element(self, node: cst.BaseExpression, grad: str) -> Optional[str]:
        """`tf.clip_by_norm(g, n)` → `clipnorm=n` (Keras's formula: g * n / max(norm(g), n));
        `tf.clip_by_value(g, -c, c)` → `clipvalue=c` (Keras clips to [-c, c]; it has no other
        bounds)."""
        if not (isinstance(node, cst.Call) and node.args and not any(a.star or a.keyword for a in node.args)
                and isinstance(node.args[0].value, cst.Name) and node.args[0].value.value == grad):
            return None
        name = self.name_of(node.func)
        if name == "tf.clip_by_norm" and len(node.args) == 2:
            return f"clipnorm={self.static(node.args[1].value)}"
        if name == "tf.clip_by_value" and len(node.args) == 3:
            low, high = node.args[1].value, node.args[2].value
            bound = self.static(high)
            if isinstance(low, cst.UnaryOperation) and isinstance(low.operator, cst.Minus) \
                    and self.static(low.expression) == bound:
                return f"clipvalue={bound}"
            try:
                symmetric = float(ast.literal_eval(self.static(low))) == -float(ast.literal_eval(bound)) > 0
            except (ValueError, TypeError, SyntaxError):
                symmetric = False
            if symmetric:
                return f"clipvalue={bound}"
        return None

    @staticmethod
    def is_not_none(test: cst.BaseExpression, name: str) -> bool:
        return isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name) and test.left.value == name \
            and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.IsNot) \
            and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None"

    def computed_gradients(self, pairs: cst.CSTNode, apply: cst.Call, path: _Path) -> bool:
        """`optimizer.compute_gradients(loss)` (or with var_list=tf.trainable_variables()), on
        the optimizer `apply` is called on."""
        if not (isinstance(pairs, cst.Call) and isinstance(pairs.func, cst.Attribute)
                and pairs.func.attr.value == "compute_gradients"):
            return False
        if self.value(pairs.func.value, path) is not self.value(apply.func.value, path):  # type: ignore[attr-defined]
            return False
        given = self.arguments(pairs, ("loss", "var_list"))
        given.pop("loss", None)
        if "var_list" in given and self.is_all_trainable(given["var_list"], path):
            given.pop("var_list")
        return not given

    def unpacked_gradients(self, step: cst.Assign, apply: cst.Call, path: _Path) -> bool:
        """`grads, variables = zip(*optimizer.compute_gradients(loss))`, applied as they are."""
        value = step.value
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "zip"
                and len(value.args) == 1 and value.args[0].star == "*"):
            return False
        return self.computed_gradients(self.value(value.args[0].value, path), apply, path)

    def optimizer_text(self, node: cst.BaseExpression, path: _Path, extra: str = "") -> str:
        """The Keras optimizer of the tf.train optimizer `node`, with `extra` arguments; one
        chosen by a test of hyperparameters (`if params["optimizer"] == "adam": ...`) is
        chosen by the same test when the model is compiled."""
        if isinstance(node, cst.IfExp):
            return (f"({self.optimizer_text(self.value(node.body, path), path, extra)} if {self.static(node.test)} "
                    f"else {self.optimizer_text(self.value(node.orelse, path), path, extra)})")
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Subscript):
            return self.looked_up_optimizer(node, path, extra)
        name = self.name_of(node.func) if isinstance(node, cst.Call) else None
        if not isinstance(node, cst.Call) or not name or not name.startswith("tf.train.") \
                or not name.endswith("Optimizer"):
            raise NotTranslatable(f"`{self.code(node)}` is not a tf.train optimizer", node)
        form = self.optimizer_form(name, node)
        return self.tf1_optimizer_text(name, self.arguments(node, form.positional), node, path, extra)

    def optimizer_form(self, name: str, node: cst.CSTNode) -> OptimizerForm:
        form = OPTIMIZERS.get(name)
        if name == RMSPROP:
            form = RMSPROP_FORM
        if name == PROXIMAL_ADAGRAD:
            form = PROXIMAL_ADAGRAD_FORM
        if form is None:
            raise NotTranslatable(f"`{name}` has no Keras optimizer with the same update and state "
                                  "(checked: GradientDescent, Momentum, Adam, Adagrad, ProximalAdagrad, Ftrl, RMSProp)", node, "optimizer")
        return form

    def tf1_optimizer_text(self, name: str, given: dict[str, cst.BaseExpression], node: cst.BaseExpression,
                           path: _Path, extra: str = "") -> str:
        """The Keras optimizer of the tf.train optimizer class `name` made with `given`."""
        form = self.optimizer_form(name, node)
        for key in OPTIMIZER_IGNORED:
            given.pop(key, None)
        missing = [k for k in form.required if k not in given]
        unknown = [k for k in given if k not in dict(form.mapping)]
        if missing or unknown:
            raise NotTranslatable(f"`{self.code(node)}`: {', '.join(unknown) or ', '.join(missing)} has no faithful "
                                  "Keras form", node, "optimizer")
        parts: dict[str, str] = {}
        if "learning_rate" not in given:
            parts["learning_rate"] = OPTIMIZER_DEFAULT_LR[name]
        for tf1_key, keras_key in form.mapping:
            if tf1_key in given:
                if tf1_key == "learning_rate":
                    parts[keras_key] = self.learning_rate(given[tf1_key], path, name)
                else:
                    parts[keras_key] = self.static(given[tf1_key])
        for keras_key, default in form.fixed:
            parts.setdefault(keras_key, default)
        args = ", ".join([*(f"{k}={v}" for k, v in parts.items()), *([extra] if extra else [])])
        written = None  # a Keras optimizer written out to take TF1's step
        if name == MOMENTUM and "keras.optimizers.schedules." in parts.get("learning_rate", ""):
            written = ("Momentum", MOMENTUM_CLASS)
        elif name == RMSPROP:
            written = ("RMSprop", RMSPROP_CLASS)
        elif name == PROXIMAL_ADAGRAD:
            written = ("ProximalAdagrad", PROXIMAL_ADAGRAD_CLASS)
        if written:
            self.optimizer_classes[self.class_name + written[0]] = written[1]
            return f"{self.class_name}{written[0]}({args})"
        return f"{self.tf}.keras.optimizers.{form.keras}({args})"

    def looked_up_optimizer(self, node: cst.Call, path: _Path, extra: str) -> str:
        """`OPTIMIZERS[params["optimizer"]](rate)` over a dict literal of tf.train optimizer
        classes, or `optimizers[name]()` over one of lambdas that make them: the same lookup,
        by the same key, over the Keras optimizers, each made only when chosen (an unknown key
        still raises KeyError)."""
        subscript = node.func
        assert isinstance(subscript, cst.Subscript)
        table = self.value(subscript.value, path)
        if isinstance(table, cst.Name) and self.module_binding is not None:
            table = self.module_binding(table)
        if not (isinstance(table, cst.Dict) and len(subscript.slice) == 1
                and isinstance(subscript.slice[0].slice, cst.Index)):
            raise NotTranslatable(f"`{self.code(node)}` is not a lookup in a dict literal of optimizers", node)
        entries = []
        for element in table.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
                raise NotTranslatable(f"`{self.code(node)}`: the optimizers' dict has keys that are not strings", node)
            made = element.value
            if isinstance(made, cst.Lambda) and not made.params.params and not node.args:
                chosen = made.body
            elif not isinstance(made, cst.Lambda):
                chosen = cst.Call(func=made, args=node.args)  # `AdamOptimizer` given the call's arguments
            else:
                raise NotTranslatable(f"`{self.code(node)}`: the optimizers' dict holds a lambda with parameters", node)
            entries.append(f"{self.code(element.key)}: lambda: {self.optimizer_text(chosen, path, extra)}")
        key = self.static(subscript.slice[0].slice.value)
        return f"{{{', '.join(entries)}}}[{key}]()"

    def learning_rate(self, node: cst.BaseExpression, path: _Path, optimizer: str) -> str:
        value = self.value(node, path)
        if isinstance(value, cst.IfExp):  # a rate chosen by hyperparameters, as the optimizer can be
            return (f"({self.learning_rate(value.body, path, optimizer)} if {self.static(value.test)} "
                    f"else {self.learning_rate(value.orelse, path, optimizer)})")
        name = self.name_of(value.func) if isinstance(value, cst.Call) else None
        if name == "tf.train.natural_exp_decay" or name in SCHEDULES:
            return self.schedule(value, name, path)  # type: ignore[arg-type]
        return self.static(value)

    def schedule(self, call: cst.Call, name: str, path: _Path,
                 decayed: Optional[tuple[str, str, cst.BaseExpression]] = None) -> str:
        """`decayed`: (rate parameter, step parameter, rate) of an optimize_loss
        learning_rate_decay_fn whose body is this call: its parameters stand for optimize_loss's
        rate and the global step."""
        natural = name == "tf.train.natural_exp_decay"
        keras, order, mapping = SCHEDULES["tf.train.exponential_decay" if natural else name]
        given = self.arguments(call, order)
        given.pop("name", None)
        step_key = SCHEDULE_STEP_ARG.get(name, "global_step")
        step = given.pop(step_key, None)
        if decayed is None:
            self.global_step(step, call, path)
        else:
            rate_param, step_param, rate = decayed
            if not (isinstance(step, cst.Name) and step.value == step_param):
                raise NotTranslatable(f"`{self.code(call)}` is not stepped by the global step optimize_loss gives it",
                                      call)
            if any(n.value in (rate_param, step_param) for key, value in given.items() for n in _walk(value)
                   if isinstance(n, cst.Name) and not (key == "learning_rate" and value is n)):
                raise NotTranslatable(f"`{self.code(call)}` computes with the rate or the step", call)
            if "learning_rate" in given:
                if not (isinstance(given["learning_rate"], cst.Name) and given["learning_rate"].value == rate_param):
                    raise NotTranslatable(f"`{self.code(call)}` decays another rate than optimize_loss's", call)
                given["learning_rate"] = rate
        parts = []
        for key, value in given.items():
            if key not in mapping:
                raise NotTranslatable(f"`{self.code(call)}`: {key} has no Keras schedule form", call)
            text = self.static(value)
            if natural and key == "decay_rate":
                text = f"2.718281828459045 ** -({text})"  # exp(-rate): natural_exp_decay as exponential decay
            parts.append(f"{mapping[key]}={text}")
        return f"{self.tf}.keras.optimizers.schedules.{keras}({', '.join(parts)})"
