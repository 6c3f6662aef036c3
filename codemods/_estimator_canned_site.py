"""What a canned Estimator's arguments read where it is built: the optimizer statements only
it reads (they go with it), a trainer's parameters read as what its calls pass, and whether
the module hands the model sparse features."""

from __future__ import annotations

import re

from typing import Optional

import libcst as cst

from tfmigrate.codemods._canned import CLIP_WRAPPERS
from tfmigrate.codemods._estimator_common import _AnalysisBase, _Pipeline
from tfmigrate.codemods._feature_columns import normalize
from tfmigrate.names import imported_names, is_compat_v1


# What makes SparseTensors an input_fn may hand the model: variable-length features, and the
# parsing specs of feature columns (a categorical column's is a VarLenFeature).
SPARSE_FEATURES = frozenset({"tf.io.VarLenFeature", "tf.VarLenFeature", "tf.io.SparseFeature", "tf.SparseFeature",
                             "tf.SparseTensor", "tf.sparse.SparseTensor", "tf.feature_column.make_parse_example_spec",
                             "tf.estimator.classifier_parse_example_spec",
                             "tf.estimator.regressor_parse_example_spec"})


# Names TF 1.x's `tensorflow` module had and TF 2.x's has not (tf.compat.v1 keeps them): a
# module that spells one through `import tensorflow` ran on TF 1.x, where the canned
# `tf.estimator.*` classes were the V1 ones.
TF1_ONLY_MODULES = frozenset({"logging", "app", "flags", "contrib", "layers", "python_io", "gfile"})
TF1_ONLY_NAMES = frozenset({"placeholder", "Session", "InteractiveSession", "get_variable", "variable_scope",
                            "set_random_seed", "global_variables_initializer", "ConfigProto", "GPUOptions",
                            "to_float", "to_int32", "to_int64", "random_normal", "random_uniform",
                            "truncated_normal", "Print"})


class _CannedSite(_AnalysisBase):
    def canned_kind(self, call: cst.Call, cls: str, pipeline: _Pipeline) -> str:
        """`tf.compat.v1.estimator.<cls>` (the V1 class) or `tf.estimator.<cls>`: spelled through
        tf.compat.v1, or in a module that ran on TF 1.x, where tf.estimator.* were the V1
        classes (their defaults are the program's, and a note says which name decided it)."""
        if is_compat_v1(self.qnames, call.func):
            return "tf.compat.v1.estimator." + cls
        tf1 = self.tf1_only_spelling()
        if tf1 is None:
            return "tf.estimator." + cls
        pipeline.dropped_why.append((call, f"{cls} read as TF 1.x's (the V1 class: loss summed over the batch, its "
                                           f"optimizer defaults): the module uses `{tf1[1]}`, which only TF 1.x had, "
                                           "so the program ran there"))
        return "tf.compat.v1.estimator." + cls

    def tf1_only_spelling(self) -> Optional[tuple[cst.CSTNode, str]]:
        """A use of a name that only TF 1.x's `tensorflow` had (`tf.logging.set_verbosity`,
        `tf.app.run`, `tf.train.AdamOptimizer`), as (node, name), or None."""
        for node in self.index.of(cst.Attribute):
            if isinstance(self.parents.get(node), cst.Attribute) and self.parents.get(node).value is node:
                continue  # the whole dotted name is read at its top
            for name in imported_names(self.qnames, node):
                parts = name.split(".")
                if parts[0] != "tensorflow" or len(parts) < 2:
                    continue
                if parts[1] in TF1_ONLY_MODULES or (len(parts) == 2 and parts[1] in TF1_ONLY_NAMES) \
                        or (parts[1] == "train" and len(parts) == 3 and parts[2].endswith("Optimizer")) \
                        or parts[1:3] == ["estimator", "inputs"]:
                    return node, "tf." + ".".join(parts[1:])
        return None

    def parses_sparse_features(self) -> bool:
        """Does the module make SparseTensors its input_fns may hand the model (a VarLenFeature
        parsed from tf.Examples)?"""
        return any(self.name_of(c.func) in SPARSE_FEATURES for c in self.index.of(cst.Call))

    def optimizer_statements(self, call: cst.Call) -> list[cst.SimpleStatementLine]:
        """`opt = tf.train.FtrlOptimizer(...)` (and `opt = clip_gradients_by_norm(opt, 5.0)`) read
        only by this canned Estimator's optimizer argument: the model builds its Keras optimizer
        itself, and a TF1 optimizer no longer exists on TF 2.16, so the statements go."""
        found: list[cst.SimpleStatementLine] = []
        readers: set[int] = set()
        for arg in call.args:
            if arg.keyword is None or arg.keyword.value not in ("optimizer", "dnn_optimizer", "linear_optimizer"):
                continue
            node, chain = arg.value, []
            readers.add(id(node))
            fn = self.single_binding(node) if isinstance(node, cst.Name) else None
            if isinstance(fn, cst.FunctionDef) and self.references(fn) == [node]:
                # `optimizer=optimizer_fn`, a function only this Estimator called for its optimizer:
                # the model builds its Keras optimizer (and schedule) itself
                found.append(fn)  # type: ignore[arg-type]
                continue
            while isinstance(node, cst.Name):
                value = self.single_binding(node) or self.latest_binding(node)
                name = normalize(self.name_of(value.func)) or "" if isinstance(value, cst.Call) else ""
                if not (name.startswith(("tf.train.", "tf.keras.optimizers.")) or name in CLIP_WRAPPERS) \
                        or self.assigned_name(value) != node.value:
                    break
                chain.append((self.statement_of(value), node.value))
                node = value.args[0].value if name in CLIP_WRAPPERS and value.args else None
                if isinstance(node, cst.Name):
                    readers.add(id(node))
            for stmt, name in chain:
                scope = self.scopes.get(stmt)
                uses = [a.node for a in scope.accesses[name]] if scope is not None else [None]
                if all(id(u) in readers for u in uses):
                    found.append(stmt)
        return found

    def through_trainer(self, binding, call: cst.Call):  # type: ignore[no-untyped-def]
        """`binding`, with a parameter of the function that builds this canned Estimator (a
        course's `train_model(..., feature_columns, ...)`) bound to what its calls pass, when
        every call of it in this module passes the same expression for it
        (`feature_columns=construct_feature_columns()`): the model's structure is read from
        it, and what exists only at run time from the parameter, where the Estimator is
        built."""
        fn = self.enclosing_function(call)
        if fn is None:
            return binding
        callers = self.references(fn)

        def bound(node: cst.CSTNode):  # type: ignore[no-untyped-def]
            found = binding(node)
            if found is not None or not isinstance(node, cst.Name) or not callers:
                return found
            scope = self.scopes.get(node)
            assignments = list(scope[node.value]) if scope is not None else []
            param = getattr(assignments[0], "node", None) if len(assignments) == 1 else None
            if not (isinstance(param, cst.Param) and param in fn.params.params):
                return None
            passed = []
            for caller in callers:
                site = self.parents.get(caller)
                if not (isinstance(site, cst.Call) and site.func is caller):
                    return None
                value = self.argument_to(site, fn, param)  # type: ignore[attr-defined]
                if value is None:
                    return None
                passed.append(value)
            if len({re.sub(r"\s+", "", self.code(v)) for v in passed}) != 1 or not isinstance(
                    passed[0], (cst.Call, cst.List, cst.Tuple, cst.Dict, cst.Name)):
                return None
            value = passed[0]
            if isinstance(value, cst.Name):  # bound once where the call is, read only there
                value = self.single_binding(value)
                if not isinstance(value, (cst.Call, cst.List, cst.Tuple)) or len(passed) != 1 \
                        or self.references(value) != [passed[0]]:
                    return None
            return value

        return bound

