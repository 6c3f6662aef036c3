"""A model_fn that hands its logits to a head: `return head.create_estimator_spec(features=
features, labels=labels, mode=mode, logits=logits, train_op_fn=_train_op_fn)` with `head =
tf.estimator.BinaryClassHead()` (the "text classification with Estimators" form). A mixin
of codemods/_model_fn.py's _ModelFn.

The head is what a canned Estimator's is (tensorflow_estimator 2.15 head/*.py), so the Keras
model gets the canned models' head code (codemods/_canned_head.py): call() computes the
logits as the model_fn did, compute_loss / compute_metrics / predict_step are the head's, with
the same evaluate() and prediction keys. The optimizer is the one `train_op_fn` minimizes with
(a function of the model_fn or of the module, `return optimizer.minimize(loss,
global_step=...)`) or the head's `optimizer=`.

Followed: BinaryClassHead(), MultiClassHead(n_classes), RegressionHead() at their defaults,
bound once at the top of the module or in the model_fn; one `create_estimator_spec` for every
mode; `labels=labels`, where an `if labels is not None: labels = tf.reshape(labels, [-1, 1])`
before it changes nothing the head does not do itself (its labels are reshaped to [batch, 1]
and cast). Anything else (a weight column, a label vocabulary, another reduction or loss_fn,
regularization_losses, a name, which prefixes the metric keys) stays reported.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate.codemods._canned_head import HeadForm, head_init, head_keys, head_methods
from tfmigrate.codemods._estimator_keras import NotTranslatable
from tfmigrate.codemods._model_fn_common import TRAIN, _Path, _targets, _walk

HEAD_CLASSES = {"tf.estimator.BinaryClassHead": "binary", "tf.estimator.MultiClassHead": "multi",
                "tf.estimator.RegressionHead": "regression"}
HEAD_SPEC_ORDER = ("features", "mode", "logits", "labels", "optimizer", "trainable_variables", "train_op_fn",
                   "update_ops", "regularization_losses")
HEAD_LOSS = "head:"  # the loss the render leaves to the head's compute_loss


class HeadSpec:
    """The head half of _ModelFn."""

    head_ctor: Optional[cst.Call] = None
    head_form: Optional[HeadForm] = None
    labels_reshaped: list[cst.If]

    def head_of(self, value: cst.BaseExpression) -> Optional[cst.Call]:
        """The head constructor behind `head.create_estimator_spec(...)`, or None when
        `value` is not such a call."""
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
                and value.func.attr.value == "create_estimator_spec"):
            return None
        holder = value.func.value
        if isinstance(holder, cst.Name):
            bound_here = any(holder.value in _targets(s) for s in _walk(self.fn.body)  # type: ignore[attr-defined]
                             if isinstance(s, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.For)))
            if bound_here:  # `head = tf.estimator.MultiClassHead(3)` in the model_fn, bound once
                holder = self.single_static_binding(holder.value) or holder  # type: ignore[attr-defined]
            elif self.module_binding is not None:  # type: ignore[attr-defined]
                bound = self.module_binding(holder)  # type: ignore[attr-defined]
                holder = bound if isinstance(bound, cst.Call) else holder
        if not (isinstance(holder, cst.Call) and self.name_of(holder.func) in HEAD_CLASSES):  # type: ignore[attr-defined]
            raise NotTranslatable(f"`{self.code(value.func)}` is not the create_estimator_spec of a "  # type: ignore[attr-defined]
                                  "tf.estimator BinaryClassHead, MultiClassHead or RegressionHead bound once", value)
        return holder

    def read_head(self, ctor: cst.Call) -> HeadForm:
        kind = HEAD_CLASSES[self.name_of(ctor.func)]  # type: ignore[attr-defined]
        given = self.arguments(ctor, ("n_classes",) if kind == "multi" else ())  # type: ignore[attr-defined]
        form = HeadForm(classifier=kind != "regression")
        if kind == "multi":
            n = given.pop("n_classes", None)
            if not isinstance(n, cst.Integer) or int(n.value) < 3:
                raise NotTranslatable("MultiClassHead(n_classes) with a number written out (3 or more) is followed",
                                      ctor)
            form.n_classes = int(n.value)
        if given:
            raise NotTranslatable(f"`{self.code(ctor)}`: {', '.join(sorted(given))} has no checked Keras form "  # type: ignore[attr-defined]
                                  "here (the head at its defaults is followed)", ctor)
        return form

    def labels_reshape_if(self, stmt: cst.If) -> bool:
        """`if labels is not None: labels = tf.reshape(labels, [-1, 1])` (or a cast): what the
        head does to its labels anyway. Recorded, and dropped only for a head spec."""
        test = stmt.test
        if not (isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name) and test.left.value == "labels"
                and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.IsNot)
                and isinstance(test.comparisons[0].comparator, cst.Name)
                and test.comparisons[0].comparator.value == "None" and stmt.orelse is None):
            return False
        for inner in stmt.body.body:  # type: ignore[attr-defined]
            small = inner.body[0] if isinstance(inner, cst.SimpleStatementLine) and len(inner.body) == 1 else None
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == "labels"
                    and self.head_ready_labels(small.value)):
                return False
        self.labels_reshaped.append(stmt)
        return True

    def head_ready_labels(self, node: cst.BaseExpression) -> bool:
        """`tf.reshape(labels, [-1, 1])`, `tf.cast(labels, tf.int64)` and the like, around `labels`."""
        if isinstance(node, cst.Name):
            return node.value == "labels"
        if not isinstance(node, cst.Call) or not node.args or any(a.star for a in node.args):
            return False
        name = self.name_of(node.func)  # type: ignore[attr-defined]
        rest = [self.code(a.value).replace(" ", "") for a in node.args[1:]]  # type: ignore[attr-defined]
        if name == "tf.reshape":
            ok = rest in (["[-1,1]"], ["(-1,1)"])
        elif name in ("tf.cast", "tf.to_int64", "tf.to_int32", "tf.to_float"):
            ok = True
        else:
            ok = False
        return ok and self.head_ready_labels(node.args[0].value)

    def train_op_fn_def(self, stmt: cst.FunctionDef) -> bool:
        """`def _train_op_fn(loss): ...` in the model_fn, named only as a head's train_op_fn."""
        all_args = [a for a in _walk(self.fn.body) if isinstance(a, cst.Arg)]  # type: ignore[attr-defined]
        keywords = {id(a.keyword) for a in all_args if a.keyword is not None}
        uses = [n for n in _walk(self.fn.body) if isinstance(n, cst.Name)  # type: ignore[attr-defined]
                and n.value == stmt.name.value and n is not stmt.name and id(n) not in keywords]
        args = [a for a in all_args if a.keyword is not None and a.keyword.value == "train_op_fn"
                and isinstance(a.value, cst.Name) and a.value.value == stmt.name.value]
        return bool(uses) and len(uses) == len(args)

    def head_optimizer(self, spec: dict, train: _Path) -> str:
        """The Keras optimizer of `optimizer=` or of what `train_op_fn` minimizes with."""
        if "optimizer" in spec:
            return self.optimizer_text(self.value(spec["optimizer"], train), train)  # type: ignore[attr-defined]
        fn = spec.get("train_op_fn")
        if isinstance(fn, cst.Name):
            local = [s for s in _walk(self.fn.body) if isinstance(s, cst.FunctionDef)  # type: ignore[attr-defined]
                     and s.name.value == fn.value]
            fn = local[0] if len(local) == 1 else (
                self.module_binding(fn) if self.module_binding is not None else None)  # type: ignore[attr-defined]
        if not isinstance(fn, cst.FunctionDef) or len(fn.params.params) != 1 or fn.params.star_arg \
                is not cst.MaybeSentinel.DEFAULT or fn.params.kwonly_params or fn.params.star_kwarg \
                or not isinstance(fn.body, cst.IndentedBlock):
            raise NotTranslatable("the head's train_op_fn is not a function of one parameter (the loss) defined "
                                  "once here", spec.get("train_op_fn") or self.fn)  # type: ignore[attr-defined]
        path = _Path(TRAIN)
        returned = None
        for i, stmt in enumerate(fn.body.body):
            last = i == len(fn.body.body) - 1
            if not isinstance(stmt, cst.SimpleStatementLine):
                raise NotTranslatable("the head's train_op_fn holds compound statements", stmt)
            for small in stmt.body:
                if isinstance(small, cst.Return) and last and small.value is not None:
                    returned = small.value
                elif isinstance(small, cst.Assign):
                    path.steps.append(small)
                elif not (isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString)):
                    raise NotTranslatable(f"`{self.code(small)}` in the head's train_op_fn", small)  # type: ignore[attr-defined]
        if returned is None:
            raise NotTranslatable("the head's train_op_fn does not end in `return <train op>`", fn)
        return self.optimizer(returned, path)  # type: ignore[attr-defined]

    def head_spec(self, paths: dict) -> tuple[dict, cst.Call]:
        """The one create_estimator_spec of every mode, with its arguments checked."""
        specs = [p.spec for p in paths.values() if p.spec is not None]
        spec = specs[0]
        if any(s is not spec for s in specs):
            raise NotTranslatable("the model_fn returns a head's spec in several places: one Keras model has one "
                                  "head call", specs[1])
        given = self.arguments(spec, HEAD_SPEC_ORDER)  # type: ignore[attr-defined]
        for key, expected in (("features", "features"), ("mode", "mode"), ("labels", "labels")):
            value = given.pop(key, None)
            if not (isinstance(value, cst.Name) and value.value == expected):
                raise NotTranslatable(f"create_estimator_spec({key}=...) is not the model_fn's `{expected}`", spec)
        for key in ("trainable_variables", "update_ops", "regularization_losses"):
            if key in given and not (isinstance(given[key], cst.Name) and given[key].value == "None"):
                raise NotTranslatable(f"create_estimator_spec({key}=...) has no checked Keras form here", spec)
            given.pop(key, None)
        if "logits" not in given or ("optimizer" in given) == ("train_op_fn" in given):
            raise NotTranslatable("create_estimator_spec needs logits and one of optimizer / train_op_fn", spec)
        return given, spec

    def head_code(self) -> tuple[list[str], list[str], list[str]]:
        """(__init__ lines, method lines, prediction keys) of the head, with the file's spelling."""
        form = self.head_form
        assert form is not None

        def fill(lines: list[str]) -> list[str]:
            return [line.format(tf=self.tf, keras=f"{self.tf}.keras") for line in lines]  # type: ignore[attr-defined]

        return fill(head_init(form)), fill(head_methods(form, None)), head_keys(form)[1]
