"""Weight decay written by hand over every trainable variable:

    loss += s * tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables()
                          if "bias" not in v.name])

TF1 added s * sum(w²) / 2 for each variable the model_fn had made by then. Keras adds a
regularizer's loss to the model's loss in fit and evaluate (and scales it for the replicas
of a strategy as it does the layers' own), so each of those weights gets
`keras.regularizers.L2(0.5 * s)`: the same loss and the same gradients. Under a
hyperparameter test (`if params["l2"] > 0: loss += ...`) the regularizer is given under
the same test. A name filter on `v.name` is decided weight by weight, on the TF1 name the
weight had (`<layer name>/<kernel|bias|gamma|...>:0`).

A mixin of codemods/_model_fn.py's _ModelFn; the layers mixin asks it for each layer's
regularizer keywords.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

import libcst as cst

from tfmigrate.codemods._estimator_keras import NotTranslatable
from tfmigrate.codemods._model_fn_common import _Path, _names_used, _walk
from tfmigrate.codemods._model_fn_helpers import NAMING_SCOPES, call_arguments

TRAINABLE_VARIABLES = frozenset({"tf.trainable_variables", "tf.compat.v1.trainable_variables"})
ADD_N = frozenset({"tf.add_n", "tf.math.add_n"})
L2_LOSS = frozenset({"tf.nn.l2_loss"})

# The trainable weights each Keras layer kind makes, as (regularizer keyword, the TF1 variable's
# last name part). The recurrent layers kept theirs under a cell scope in TF1 graph mode.
WEIGHTS = {
    "dense": (("kernel_regularizer", "kernel"), ("bias_regularizer", "bias")),
    "conv1d": (("kernel_regularizer", "kernel"), ("bias_regularizer", "bias")),
    "conv2d": (("kernel_regularizer", "kernel"), ("bias_regularizer", "bias")),
    "conv3d": (("kernel_regularizer", "kernel"), ("bias_regularizer", "bias")),
    "conv2d_transpose": (("kernel_regularizer", "kernel"), ("bias_regularizer", "bias")),
    "separable_conv2d": (("depthwise_regularizer", "depthwise_kernel"),
                         ("pointwise_regularizer", "pointwise_kernel"), ("bias_regularizer", "bias")),
    "batch_normalization": (("gamma_regularizer", "gamma"), ("beta_regularizer", "beta")),
    "embedding": (("embeddings_regularizer", "embeddings"),),
    "lstm": (("kernel_regularizer", "lstm_cell/kernel"), ("recurrent_regularizer", "lstm_cell/recurrent_kernel"),
             ("bias_regularizer", "lstm_cell/bias")),
    "gru": (("kernel_regularizer", "gru_cell/kernel"), ("recurrent_regularizer", "gru_cell/recurrent_kernel"),
            ("bias_regularizer", "gru_cell/bias")),
    "simple_rnn": (("kernel_regularizer", "simple_rnn_cell/kernel"),
                   ("recurrent_regularizer", "simple_rnn_cell/recurrent_kernel"),
                   ("bias_regularizer", "simple_rnn_cell/bias")),
}
# A weight that exists only with this constructor keyword not False.
WEIGHT_SWITCH = {"bias": "use_bias", "gamma": "scale", "beta": "center"}


@dataclass(frozen=True, order=True)
class NameTest:
    """`"text" in v.name` (or `not in`): part of a filter over the variables' names."""
    text: str
    negated: bool

    def holds(self, name: str) -> bool:
        return (self.text in name) != self.negated


@dataclass
class WeightDecayTerm:
    scale: str  # source of s, read in the model's __init__
    tests: tuple[NameTest, ...]  # all must hold for a variable to count
    condition: Optional[str] = None  # the hyperparameter test it was added under
    node: Optional[cst.CSTNode] = None  # the penalty as the loss reads it


class WeightDecay:
    """The weight-decay half of _ModelFn."""

    def all_weights_l2(self, node: cst.BaseExpression, path: _Path, record: bool) -> bool:
        """Is `node` an L2 penalty over every trainable variable (optionally filtered by name)?
        With `record`, remember it for the layers."""
        raw = node
        split = self.static_scale(self.unwrap_identity(node, path))  # LossMapping's
        if split is None:
            return False
        scale, node = split[0], self.unwrap_identity(split[1], path)
        if not (isinstance(node, cst.Call) and self.name_of(node.func) in ADD_N and len(node.args) == 1
                and node.args[0].keyword is None):
            return False
        items = self.value(node.args[0].value, path)
        if not isinstance(items, cst.ListComp) or items.for_in.inner_for_in is not None \
                or items.for_in.asynchronous is not None or not isinstance(items.for_in.target, cst.Name):
            return False
        var = items.for_in.target.value
        source = items.for_in.iter
        if not (isinstance(source, cst.Call) and not source.args
                and self.name_of(source.func) in TRAINABLE_VARIABLES):
            return False
        elt = items.elt
        if not (isinstance(elt, cst.Call) and self.name_of(elt.func) in L2_LOSS and len(elt.args) == 1
                and isinstance(elt.args[0].value, cst.Name) and elt.args[0].value.value == var):
            return False
        tests: list[NameTest] = []
        for test in items.for_in.ifs:
            found = self.name_tests(test.test, var)
            if found is None:
                raise NotTranslatable(f"weight decay over the variables that pass `{self.code(test.test)}`: "
                                      "tfmigrate decides only `\"text\" in v.name` / `not in` tests (on the TF1 "
                                      "variable names); migrate by hand", test)
            tests += found
        if record:
            condition = self.decay_conditions.get(id(raw), self.decay_conditions.get(id(node)))
            term = WeightDecayTerm(scale, tuple(tests), condition, node)
            if all((t.scale, t.tests, t.condition) != (term.scale, term.tests, term.condition)
                   for t in self.decay_terms):
                self.decay_terms.append(term)
        return True

    def name_tests(self, node: cst.BaseExpression, var: str) -> Optional[list[NameTest]]:
        """`"bias" not in v.name` (`and` of such), or None."""
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.And):
            left, right = self.name_tests(node.left, var), self.name_tests(node.right, var)
            return None if left is None or right is None else left + right
        if not (isinstance(node, cst.Comparison) and len(node.comparisons) == 1
                and isinstance(node.comparisons[0].operator, (cst.In, cst.NotIn))
                and isinstance(node.left, cst.SimpleString)):
            return None
        target = node.comparisons[0].comparator
        if not (isinstance(target, cst.Attribute) and target.attr.value == "name"
                and isinstance(target.value, cst.Name) and target.value.value == var):
            return None
        text = node.left.evaluated_value
        if not isinstance(text, str) or not text:
            return None
        return [NameTest(text, isinstance(node.comparisons[0].operator, cst.NotIn))]

    def conditional_decay(self, stmt: cst.If) -> Optional[tuple[str, cst.BaseExpression]]:
        """`if <hyperparameter test>: loss += <term>` (or `loss = loss + <term>`), no else:
        (the name, the term), to be read as `loss + term` with the term under the test."""
        if stmt.orelse is not None or "mode" in _names_used(stmt.test) \
                or not isinstance(stmt.body, cst.IndentedBlock) or len(stmt.body.body) != 1:
            return None
        line = stmt.body.body[0]
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        small = line.body[0]
        if isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.AddAssign) \
                and isinstance(small.target, cst.Name):
            name, term = small.target.value, small.value
        elif isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and isinstance(small.value, cst.BinaryOperation) and isinstance(small.value.operator, cst.Add) \
                and isinstance(small.value.left, cst.Name) and small.value.left.value == small.targets[0].target.value:
            name, term = small.value.left.value, small.value.right
        else:
            return None
        if name in _names_used(term) or not self.looks_like_decay(term):
            return None
        saved = self.in_model
        try:
            if not self.check_static(stmt.test):
                return None
        finally:
            self.in_model = saved
        return name, term

    def looks_like_decay(self, term: cst.BaseExpression) -> bool:
        """Spelled with tf.nn.l2_loss over tf.trainable_variables() (checked in full later, on
        the path)."""
        nodes = list(_walk(term))
        for name in _names_used(term):  # `loss += penalty`, `penalty = tf.add_n(...)` above
            nodes += [n for stmt in _walk(self.fn.body) if isinstance(stmt, cst.Assign)
                      and name in {t.target.value for t in stmt.targets if isinstance(t.target, cst.Name)}
                      for n in _walk(stmt.value)]
        names = {self.name_of(n.func) for n in nodes if isinstance(n, cst.Call)}
        return bool(names & L2_LOSS and names & TRAINABLE_VARIABLES)

    def decay_regularizers(self, kind: str, name_arg: Optional[cst.BaseExpression], given: dict[str, str],
                           node: cst.CSTNode) -> list[str]:
        """`<keyword>=<regularizer>` for the trainable weights of a layer of `kind`, whose
        constructor got `name_arg` as its name= (None: none) and `given` (keyword → source)."""
        if not self.decay_terms:
            return []
        layer_name = self.decay_layer_name(kind, name_arg)
        weights = WEIGHTS.get(kind, ())
        out: list[str] = []
        for keyword, leaf in weights:
            switch = WEIGHT_SWITCH.get(leaf.rsplit("/", 1)[-1])
            if switch is not None and given.get(switch, "True") == "False":
                continue
            if keyword in given:
                raise NotTranslatable(f"weight decay over every trainable variable, and this layer's own "
                                      f"{keyword}: Keras takes one regularizer per weight; migrate by hand", node)
            text = self.decay_for(None if layer_name is None else f"{layer_name}/{leaf}:0", node)
            if text is not None:
                out.append(f"{keyword}={text}")
        return out

    def decay_for(self, full: Optional[str], node: cst.CSTNode) -> Optional[str]:
        """The regularizer of the weight TF1 named `full` (None: not known here), or None when
        no term counts it."""
        parts: list[str] = []
        for term in self.decay_terms:
            if term.tests:
                if full is None:
                    raise NotTranslatable("weight decay over the variables whose names pass a test, on a layer "
                                          "whose TF1 name tfmigrate cannot tell: migrate by hand", node)
                if not all(t.holds(full) for t in term.tests):
                    continue
            regularizer = f"{self.tf}.keras.regularizers.L2(0.5 * ({term.scale}))"
            parts.append(regularizer if term.condition is None else f"({regularizer} if {term.condition} else None)")
        if len(parts) > 1:
            raise NotTranslatable("weight decay added twice over the same weights: migrate by hand", node)
        return parts[0] if parts else None

    def decay_skips_embeddings(self) -> bool:
        """Does every weight-decay term leave out a feature column's embedding weights? TF1
        named them `input_layer/<column>_embedding/embedding_weights:0`: a `"text" not in v.name`
        test whose text is part of that fixed tail leaves them out whatever the column."""
        return all(any(t.negated and t.text in "_embedding/embedding_weights:0" for t in term.tests)
                   for term in self.decay_terms)

    def decay_layer_name(self, kind: str, name_arg: Optional[cst.BaseExpression]) -> Optional[str]:
        """The name TF1 gave a layer, as far as the name tests can tell: its `name=` when it is
        a literal, its kind (`dense`, `dense_1`, ...) when it had none, and a computed
        `"dense_%d" % i` as its literal parts; None when it was computed otherwise. The number
        TF1 or the format added is left out: a test text with a digit, or ending in `_`, could
        meet it, and is not decided here."""
        texts = [t.text for term in self.decay_terms for t in term.tests]
        if not texts:
            return ""
        if any(re.search(r"\d|_$", text) for text in texts):
            return None
        if name_arg is None:
            return kind + "\x00"
        if isinstance(name_arg, cst.SimpleString) and isinstance(name_arg.evaluated_value, str):
            return name_arg.evaluated_value
        if isinstance(name_arg, cst.BinaryOperation) and isinstance(name_arg.operator, cst.Modulo) \
                and isinstance(name_arg.left, cst.SimpleString) and isinstance(name_arg.left.evaluated_value, str):
            pattern = name_arg.left.evaluated_value
            if re.fullmatch(r"(?:[^%]|%%|%d|%i)*", pattern) and not any("%" in text for text in texts):
                return pattern.replace("%%", "%").replace("%d", "\x00").replace("%i", "\x00")
        return None

    def scope_names(self, node: cst.BaseExpression, holder: cst.FunctionDef) -> list[cst.BaseExpression]:
        """The names a scope `node` takes: itself, or, for a parameter of the helper `holder`
        (`with tf.variable_scope(name)` in `def block(x, name)`), what each of its calls gives."""
        params = {p.name.value for p in (*holder.params.params, *holder.params.kwonly_params)}
        if holder is self.fn or not (isinstance(node, cst.Name) and node.value in params):
            return [node]
        calls = self.helper_calls.get(holder.name.value, [])
        given = [call_arguments(holder, c).get(node.value) for c in calls]
        return [g if g is not None else node for g in given] or [node]

    def check_decay(self, forward: list[cst.CSTNode], path: _Path) -> None:
        """TF1 counted the variables made before the penalty was computed: every layer of the
        forward pass must come first. A naming scope puts its name in front of every
        variable's: a name test that could meet a scope's name is not decided here."""
        for term in self.decay_terms:
            where = self.origin.get(id(term.node))
            index = next((i for i, s in enumerate(path.steps) if s is where), None)
            late = [s for s in forward if index is not None
                    and next(i for i, t in enumerate(path.steps) if t is s) > index]
            if late:
                raise NotTranslatable("weight decay over the trainable variables computed before "
                                      f"`{self.code(late[0])}` made more: migrate by hand", late[0])
        texts = [t.text for term in self.decay_terms for t in term.tests]
        if not texts:
            return
        holders = (self.fn, *self.helpers_written_out)
        for holder, node in [(h, n) for h in holders for n in _walk(h.body)]:
            if not isinstance(node, cst.With):
                continue
            for item in node.items:
                call = item.item
                if not (isinstance(call, cst.Call) and self.name_of(call.func) in NAMING_SCOPES):
                    continue
                positional = [a.value for a in call.args if a.keyword is None][:2]  # the third: values
                names = positional + [a.value for a in call.args if a.keyword is not None
                                      and a.keyword.value in ("name_or_scope", "name", "default_name")]
                names = [given for n in names for given in self.scope_names(n, holder)]
                if not names or any(not (isinstance(n, cst.SimpleString) and isinstance(n.evaluated_value, str)
                                         and not any(text in n.evaluated_value for text in texts))
                                    for n in names):
                    raise NotTranslatable("weight decay over the variables whose names pass a test, under a "
                                          "variable scope whose name tfmigrate cannot rule out: migrate by hand",
                                          node)
