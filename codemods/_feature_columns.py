"""TF1 feature columns → Keras 3 preprocessing layers, for the canned-Estimator rewrite.

Owns: reading a `feature_columns=` argument (a list literal, a name bound to one, a list
comprehension over literal keys, `a + b`), each `tf.feature_column.*` call in it, and the
Keras code that computes, from the raw `features` dict, exactly what TF 2.15 computed:
`input_layer` for the DNN part, `LinearModel` for the linear part.

Checked facts behind the choices (TF 2.15 source is
tensorflow/python/feature_column/feature_column_v2.py in .venv-tf215; Keras 3.15 in .venv):
- `input_layer` / `DenseFeatures` concatenate the dense columns sorted by column name
  (`_verify_and_concat_tensors` after `sorted(feature_columns, key=lambda x: x.name)`),
  and `LinearModel` sums per-column products in the same order. Column names:
  numeric = key, bucketized = `<source>_bucketized`, indicator = `<cat>_indicator`,
  embedding = `<cat>_embedding`, crossed = `_X_`.join(sorted part names), weighted =
  `<cat>_weighted_by_<key>`.
- Categorical columns drop the missing value ("" for strings, -1 for ints:
  `_to_sparse_input_and_drop_ignore_values`), so missing values carry no id here either
  (id -1, then weight 0). `keras.layers.Hashing` hashes "" into a bucket (SEMANTICS), and
  `CategoryEncoding` rejects negative ids (checked), hence the masks.
- Vocabulary ids: TF1 puts the vocabulary first and `num_oov_buckets` after it
  (`index_table_from_tensor`, FastHashSpec, i.e. `to_hash_bucket_fast`), while
  `StringLookup` / `IntegerLookup` put out-of-vocabulary ids first, and IntegerLookup's
  OOV buckets differ from TF1's (checked: 9 → 0 against TF1's bucket 2). So the
  lookup layer (one OOV index) gives the vocabulary index, and `keras.layers.Hashing(k)`,
  the same hash as TF1 (SEMANTICS), gives the OOV bucket: the ids are TF1's exactly.
- `keras.layers.Discretization(bin_boundaries=...)` and `bucketized_column` both use
  `Bucketize`; `HashedCrossing(n)` agrees with `crossed_column(..., n)` (SEMANTICS).
- `embedding_column` defaults: combiner "mean", initializer truncated_normal with
  stddev 1/sqrt(dimension) (feature_column_v2.py `embedding_column`).
- keras.utils.FeatureSpace is not used: it keeps one preprocessor per raw key (TF1 reads
  one key in several columns, e.g. numeric and bucketized "age"), insists on `adapt()`
  for any lookup layer even with a given vocabulary (`_list_adaptable_preprocessors`),
  and lays out one-hot blocks its own way, so it cannot reproduce input_layer's tensor.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass, field
from typing import Callable, Optional, Union

import libcst as cst

from tfmigrate.codemods._estimator_keras import NotTranslatable

NameOf = Callable[[cst.CSTNode], Optional[str]]
Code = Callable[[cst.CSTNode], str]
Binding = Callable[[cst.Name], Optional[cst.CSTNode]]

FC = "tf.feature_column."
INPUT_LAYER = {"tf.feature_column.input_layer", "tf.keras.layers.DenseFeatures", "tf.compat.v1.keras.layers.DenseFeatures"}


def normalize(name: Optional[str]) -> Optional[str]:
    """tf.compat.v1.X / tf.compat.v2.X → tf.X (the V1/V2 difference lives in the estimator kind)."""
    if name is None:
        return None
    for prefix in ("tf.compat.v1.", "tf.compat.v2."):
        if name.startswith(prefix):
            return "tf." + name[len(prefix):]
    return name


# -- the columns ----------------------------------------------------------------------


@dataclass
class Column:
    name: str
    source: str  # the TF1 call, for comments

    def attr(self) -> str:
        return re.sub(r"\W", "_", self.name)


@dataclass
class Numeric(Column):
    key: str = ""
    size: int = 1
    normalizer: Optional[str] = None  # source of a lambda or a function name


@dataclass
class Categorical(Column):
    """vocabulary list/file, identity, hash bucket, bucketized, crossed, weighted."""
    kind: str = ""
    num_buckets: int = 0
    key: str = ""
    options: dict = field(default_factory=dict)
    parts: list = field(default_factory=list)  # crossed: str keys or Columns; bucketized: [Numeric]


@dataclass
class Dense(Column):
    """indicator_column / embedding_column over a categorical column."""
    kind: str = ""
    categorical: Optional[Categorical] = None
    dimension: int = 0
    combiner: str = "mean"
    initializer: Optional[str] = None


AnyColumn = Union[Numeric, Categorical, Dense]


def esc(text: str) -> str:
    """Literal text inside a template that is later filled with str.format({tf}, {keras})."""
    return text.replace("{", "{{").replace("}", "}}")


def _literal(node: cst.BaseExpression, code: Code, what: str):
    try:
        return ast.literal_eval(code(node))
    except (ValueError, SyntaxError):
        raise NotTranslatable(f"{what} `{code(node)}` is not a literal: the Keras layers need its value", node)


class ColumnReader:
    """Follows feature column expressions in the user's module."""

    def __init__(self, name_of: NameOf, code: Code, binding: Binding) -> None:
        self.name_of = name_of
        self.code = code
        self.binding = binding
        self.edits: list[tuple[cst.CSTNode, str]] = []
        self.subst: dict[str, object] = {}

    # -- lists --------------------------------------------------------------------------

    def column_list(self, node: cst.BaseExpression) -> list[AnyColumn]:
        if isinstance(node, cst.Name):
            if node.value == "None":
                return []
            bound = self.binding(node)
            if bound is None:
                raise NotTranslatable(f"feature columns `{node.value}` are not bound once to a list", node)
            return self.column_list(bound)
        if isinstance(node, (cst.List, cst.Tuple)):
            out = []
            for el in node.elements:
                if isinstance(el, cst.StarredElement):
                    out += self.column_list(el.value)
                else:
                    out.append(self.column(el.value))
            return out
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            return self.column_list(node.left) + self.column_list(node.right)
        if isinstance(node, cst.ListComp) and node.for_in.inner_for_in is None and not node.for_in.ifs:
            target = node.for_in.target
            keys = _literal(node.for_in.iter, self.code, "the keys of") if not isinstance(node.for_in.iter, cst.Name) \
                else self._bound_literal(node.for_in.iter)
            if not isinstance(target, cst.Name):
                raise NotTranslatable("list comprehension over tuples of columns", node)
            out = []
            for key in keys:
                self.subst[target.value] = key  # `k` in the element reads as this key
                try:
                    out.append(self.column(node.elt))
                finally:
                    del self.subst[target.value]
            return out
        raise NotTranslatable(f"feature columns `{self.code(node)}`: only a list, a name bound to one, `a + b` or "
                              "`[column(k) for k in KEYS]` can be followed", node)

    def _bound_literal(self, name: cst.Name):
        bound = self.binding(name)
        if bound is None:
            raise NotTranslatable(f"`{name.value}` is not bound once", name)
        return _literal(bound, self.code, "the keys of")

    # -- one column ---------------------------------------------------------------------

    def column(self, node: cst.BaseExpression) -> AnyColumn:
        if isinstance(node, cst.Name):
            bound = self.binding(node)
            if bound is None:
                raise NotTranslatable(f"feature column `{node.value}` is not bound once", node)
            return self.column(bound)
        name = normalize(self.name_of(node.func)) if isinstance(node, cst.Call) else None
        if name is None or not name.startswith(FC):
            raise NotTranslatable(f"`{self.code(node)}` is not a tf.feature_column call", node)
        kind = name[len(FC):]
        reader = getattr(self, "read_" + kind, None)
        if reader is None:
            raise NotTranslatable(f"tf.feature_column.{kind} has no checked Keras form", node)
        return reader(node, self.arguments(node, _PARAMS.get(kind, ())))

    def arguments(self, call: cst.Call, order: tuple[str, ...]) -> dict[str, cst.BaseExpression]:
        given: dict[str, cst.BaseExpression] = {}
        for i, arg in enumerate(call.args):
            if arg.star:
                raise NotTranslatable(f"`{self.code(call)}` unpacks arguments", call)
            key = arg.keyword.value if arg.keyword else (order[i] if i < len(order) else None)
            if key is None or key not in order:
                raise NotTranslatable(f"`{self.code(call)}`: argument {key or i} is not known", arg)
            given[key] = arg.value
        return given

    def lit(self, given, key, default, what=None):
        if key in given and isinstance(given[key], cst.Name) and given[key].value in self.subst:
            return self.subst[given[key].value]
        if key in given and isinstance(given[key], cst.Name) and isinstance(self.binding(given[key]),
                                                                             cst.BaseExpression):
            return _literal(self.binding(given[key]), self.code, what or key)
        return _literal(given[key], self.code, what or key) if key in given else default

    def _unsupported(self, given, call, keys):
        for key in keys:
            if key in given and self.code(given[key]) != "None":
                raise NotTranslatable(f"`{self.code(call)}`: {key} has no checked Keras form", given[key])

    def read_numeric_column(self, call, given) -> Numeric:
        key = self.lit(given, "key", None)
        shape = self.lit(given, "shape", (1,))
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        if self.lit(given, "dtype", None) is not None or ("dtype" in given and "float" not in self.code(given["dtype"])):
            raise NotTranslatable(f"`{self.code(call)}`: a dtype other than float32 is not checked", call)
        normalizer = None
        if "normalizer_fn" in given:
            fn = given["normalizer_fn"]
            if isinstance(fn, cst.Lambda):
                normalizer = esc(self.code(fn))
            elif isinstance(fn, cst.Name) and isinstance(self.binding(fn), (cst.FunctionDef, cst.Lambda)):
                normalizer = fn.value
            elif not (isinstance(fn, cst.Name) and fn.value == "None"):
                raise NotTranslatable(f"normalizer_fn `{self.code(fn)}` is not a lambda or a function defined here: "
                                      "what it computes cannot be followed", fn)
        # default_value only fills examples missing from parsed tf.Examples; a Dataset of
        # dense tensors has none.
        return Numeric(name=key, source=self.code(call), key=key, size=math.prod(shape), normalizer=normalizer)

    def read_bucketized_column(self, call, given) -> Categorical:
        source = self.column(given["source_column"])
        if not isinstance(source, Numeric):
            raise NotTranslatable("bucketized_column of a non-numeric column", call)
        boundaries = [float(b) for b in self.lit(given, "boundaries", [])]
        return Categorical(name=f"{source.name}_bucketized", source=self.code(call), kind="bucketized",
                           num_buckets=(len(boundaries) + 1) * source.size, options={"boundaries": boundaries,
                                                                               "per_value": len(boundaries) + 1},
                           parts=[source])

    def _vocab(self, call, given, vocab, kind) -> Categorical:
        key = self.lit(given, "key", None)
        dtype = self.code(given["dtype"]) if "dtype" in given else None
        strings = all(isinstance(v, str) for v in vocab) if vocab else not (dtype and "int" in dtype)
        num_oov = self.lit(given, "num_oov_buckets", 0)
        default = self.lit(given, "default_value", -1)
        if num_oov and default != -1:
            raise NotTranslatable(f"`{self.code(call)}`: TF1 rejects num_oov_buckets with default_value", call)
        return Categorical(name=key, source=self.code(call), kind=kind, key=key, num_buckets=len(vocab) + num_oov,
                           options={"vocabulary": list(vocab), "num_oov": num_oov, "default": default,
                                    "strings": strings})

    def read_categorical_column_with_vocabulary_list(self, call, given) -> Categorical:
        return self._vocab(call, given, list(self.lit(given, "vocabulary_list", [])), "vocabulary")

    def read_categorical_column_with_vocabulary_file(self, call, given) -> Categorical:
        path = self.lit(given, "vocabulary_file", None)
        size = self.lit(given, "vocabulary_size", None)
        try:
            with open(path, encoding="utf-8") as fh:
                vocab = [line.rstrip("\n") for line in fh]
        except OSError:
            raise NotTranslatable(f"vocabulary file {path!r} cannot be read at rewrite time: give StringLookup "
                                  "its vocabulary by hand", call)
        if size is not None:
            vocab = vocab[:size]
        return self._vocab(call, given, vocab, "vocabulary")

    def read_categorical_column_with_identity(self, call, given) -> Categorical:
        key = self.lit(given, "key", None)
        return Categorical(name=key, source=self.code(call), kind="identity", key=key,
                           num_buckets=self.lit(given, "num_buckets", None),
                           options={"default": self.lit(given, "default_value", None)})

    def read_categorical_column_with_hash_bucket(self, call, given) -> Categorical:
        key = self.lit(given, "key", None)
        dtype = self.code(given["dtype"]) if "dtype" in given else "tf.string"
        return Categorical(name=key, source=self.code(call), kind="hash", key=key,
                           num_buckets=self.lit(given, "hash_bucket_size", None),
                           options={"strings": "int" not in dtype})

    def read_crossed_column(self, call, given) -> Categorical:
        self._unsupported(given, call, ("hash_key",))
        keys = given["keys"]
        if not isinstance(keys, (cst.List, cst.Tuple)):
            raise NotTranslatable("crossed_column keys are not a list", keys)
        parts: list = []
        for el in keys.elements:
            if isinstance(el.value, cst.SimpleString):
                parts.append(ast.literal_eval(el.value.value))
            else:
                # Checked on TF 2.15: crossing a column's int64 ids (e.g. a bucketized
                # column) hashes differently from any Keras or tf.sparse form tried.
                raise NotTranslatable("crossed_column over a feature column (not a raw key) has no checked "
                                      "Keras form: HashedCrossing agrees only on raw keys", el.value)
        names = sorted(p if isinstance(p, str) else p.name for p in parts)
        return Categorical(name="_X_".join(names), source=self.code(call), kind="crossed",
                           num_buckets=self.lit(given, "hash_bucket_size", None), parts=parts)

    def read_weighted_categorical_column(self, call, given) -> Categorical:
        cat = self.column(given["categorical_column"])
        key = self.lit(given, "weight_feature_key", None)
        if not isinstance(cat, Categorical) or cat.kind in ("weighted", "crossed"):
            raise NotTranslatable("weighted_categorical_column of this column has no checked form", call)
        return Categorical(name=f"{cat.name}_weighted_by_{key}", source=self.code(call), kind="weighted",
                           num_buckets=cat.num_buckets, key=key, parts=[cat])

    def read_indicator_column(self, call, given) -> Dense:
        cat = self.column(given["categorical_column"])
        if not isinstance(cat, Categorical):
            raise NotTranslatable("indicator_column of a column that is not categorical", call)
        return Dense(name=f"{cat.name}_indicator", source=self.code(call), kind="indicator", categorical=cat)

    def read_embedding_column(self, call, given) -> Dense:
        self._unsupported(given, call, ("ckpt_to_load_from", "tensor_name_in_ckpt", "max_norm"))
        if "trainable" in given and self.code(given["trainable"]) != "True":
            raise NotTranslatable("a frozen embedding_column is not checked", call)
        cat = self.column(given["categorical_column"])
        if not isinstance(cat, Categorical):
            raise NotTranslatable("embedding_column of a column that is not categorical", call)
        dimension = self.lit(given, "dimension", None)
        initializer = None
        if "initializer" in given and self.code(given["initializer"]) != "None":
            init = given["initializer"]
            iname = normalize(self.name_of(init.func)) if isinstance(init, cst.Call) else None
            if iname not in _INITIALIZERS:
                raise NotTranslatable(f"embedding initializer `{self.code(init)}` has no checked Keras form", init)
            initializer = f"{{keras}}.initializers.{_INITIALIZERS[iname]}({esc(', '.join(self.code(a) for a in init.args))})"
        return Dense(name=f"{cat.name}_embedding", source=self.code(call), kind="embedding", categorical=cat,
                     dimension=dimension, combiner=self.lit(given, "combiner", "mean"), initializer=initializer)


_PARAMS = {
    "numeric_column": ("key", "shape", "default_value", "dtype", "normalizer_fn"),
    "bucketized_column": ("source_column", "boundaries"),
    "categorical_column_with_vocabulary_list": ("key", "vocabulary_list", "dtype", "default_value",
                                                "num_oov_buckets"),
    "categorical_column_with_vocabulary_file": ("key", "vocabulary_file", "vocabulary_size", "dtype",
                                                "default_value", "num_oov_buckets", "file_format"),
    "categorical_column_with_identity": ("key", "num_buckets", "default_value"),
    "categorical_column_with_hash_bucket": ("key", "hash_bucket_size", "dtype"),
    "crossed_column": ("keys", "hash_bucket_size", "hash_key"),
    "weighted_categorical_column": ("categorical_column", "weight_feature_key", "dtype"),
    "indicator_column": ("categorical_column",),
    "embedding_column": ("categorical_column", "dimension", "combiner", "initializer", "ckpt_to_load_from",
                         "tensor_name_in_ckpt", "max_norm", "trainable", "use_safe_embedding_lookup"),
}
_INITIALIZERS = {
    "tf.initializers.truncated_normal": "TruncatedNormal", "tf.truncated_normal_initializer": "TruncatedNormal",
    "tf.keras.initializers.TruncatedNormal": "TruncatedNormal", "tf.initializers.TruncatedNormal": "TruncatedNormal",
    "tf.random_normal_initializer": "RandomNormal", "tf.keras.initializers.RandomNormal": "RandomNormal",
    "tf.zeros_initializer": "Zeros", "tf.keras.initializers.Zeros": "Zeros",
}


# -- the Keras code -------------------------------------------------------------------


class KerasColumns:
    """Emits the layers (`init`) and the statements of `call` (`body`) that compute the
    columns from `features`. Each column is computed once, even when two parts use it."""

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix  # keeps two column sets in one model apart (dnn_, linear_)
        self.init: list[str] = []
        self.body: list[str] = []
        self.done: dict[str, str] = {}  # column name → variable holding its value
        self.counter = 0

    def var(self, base: str) -> str:
        return self.prefix + re.sub(r"\W", "_", base)

    def layer(self, column: Column, text: str, suffix: str = "") -> str:
        attr = f"self.{self.var(column.attr() + suffix)}"
        self.init.append(f"# {esc(' '.join(column.source.split()))}")  # one line, even if the call was not
        self.init.append(f"{attr} = {text}")
        return attr

    def raw(self, key: str) -> str:
        v = self.var("raw_" + key)
        if v not in self.done.values():
            self.body.append(f'{v} = {{tf}}.reshape(features[{key!r}], [{{tf}}.shape(features[{key!r}])[0], -1])')
            self.done["raw:" + key] = v
        return v

    # Numeric values: float32 (batch, size)
    def numeric(self, col: Numeric) -> str:
        if col.name in self.done:
            return self.done[col.name]
        v = self.var(col.attr())
        value = f"features[{col.key!r}]"
        if col.normalizer:
            fn = self.layer(col, f"{{keras}}.layers.Lambda({col.normalizer})", "_normalizer")
            value = f"{fn}({value})"
        self.body.append(f"{v} = {{tf}}.reshape({{tf}}.cast({value}, {{tf}}.float32), [-1, {col.size}])")
        self.done[col.name] = v
        return v

    # Categorical values: (ids, weights), int64 and float32 (batch, n), id -1 = missing
    def categorical(self, col: Categorical) -> tuple[str, Optional[str]]:
        if col.name in self.done:
            return self.done[col.name], self.done.get(col.name + ":w")
        ids = self.var(col.attr() + "_ids")
        weights = None
        kind, o = col.kind, col.options
        if kind == "vocabulary":
            x = self.raw(col.key)
            lookup = "StringLookup" if o["strings"] else "IntegerLookup"
            table = self.layer(col, f"{{keras}}.layers.{lookup}(vocabulary={esc(repr(o['vocabulary']))}, num_oov_indices=1, "
                                    f"mask_token=None)", "_lookup")
            missing = '""' if o["strings"] else "-1"
            # Lookup index 0 is out of vocabulary: TF1 gives it a hash bucket after the
            # vocabulary, or default_value.
            self.body.append(f"{ids} = {table}({x}) - 1")
            if o["num_oov"]:
                oov = self.layer(col, f"{{keras}}.layers.Hashing(num_bins={o['num_oov']})", "_oov_buckets")
                self.body.append(f"{ids} = {{tf}}.where({ids} < 0, {len(o['vocabulary'])} + "
                                 f"{{tf}}.cast({oov}({x}), {{tf}}.int64), {ids})")
            elif o["default"] != -1:
                self.body.append(f"{ids} = {{tf}}.where({ids} < 0, {{tf}}.constant({o['default']}, {{tf}}.int64), {ids})")
            self.body.append(f"{ids} = {{tf}}.where({x} == {missing}, {{tf}}.constant(-1, {{tf}}.int64), {ids})")
        elif kind == "identity":
            x = self.raw(col.key)
            self.body.append(f"{ids} = {{tf}}.cast({x}, {{tf}}.int64)")
            if o["default"] is not None:
                self.body.append(f"{ids} = {{tf}}.where(({ids} >= {col.num_buckets}) | ({ids} < -1), "
                                 f"{{tf}}.constant({o['default']}, {{tf}}.int64), {ids})")
        elif kind == "hash":
            x = self.raw(col.key)
            hashing = self.layer(col, f"{{keras}}.layers.Hashing(num_bins={col.num_buckets})", "_hashing")
            missing = '""' if o["strings"] else "-1"
            self.body.append(f"{ids} = {{tf}}.where({x} == {missing}, {{tf}}.constant(-1, {{tf}}.int64), "
                             f"{{tf}}.cast({hashing}({x}), {{tf}}.int64))")
        elif kind == "bucketized":
            source = self.numeric(col.parts[0])
            bins = self.layer(col, f"{{keras}}.layers.Discretization(bin_boundaries={o['boundaries']!r})")
            offset = f" + {{tf}}.range({col.parts[0].size}, dtype={{tf}}.int64) * {o['per_value']}" \
                if col.parts[0].size > 1 else ""
            self.body.append(f"{ids} = {{tf}}.cast({bins}({source}), {{tf}}.int64){offset}")
        elif kind == "crossed":
            inputs, missing = [], []
            for part in col.parts:
                if isinstance(part, str):
                    x = self.raw(part)
                    # HashedCrossing takes one value per example. TF1 crossed raw keys as they
                    # were: "" is hashed too (checked in the exact test), so no mask here.
                    inputs.append(f"{{tf}}.reshape({x}, [-1, 1])")
                else:
                    pid, _ = self.categorical(part)
                    inputs.append(f"{{tf}}.reshape({pid}, [-1, 1])")
                    missing.append(f"({pid} < 0)")
            crossing = self.layer(col, f"{{keras}}.layers.HashedCrossing(num_bins={col.num_buckets})", "_crossing")
            crossed = f"{crossing}(({', '.join(inputs)}))"
            self.body.append(f"{ids} = {{tf}}.cast({{tf}}.reshape({crossed}, [-1, 1]), {{tf}}.int64)")
        elif kind == "weighted":
            inner, _ = self.categorical(col.parts[0])
            weights = self.var(col.attr() + "_weights")
            self.body.append(f"{ids} = {inner}")
            self.body.append(f"{weights} = {{tf}}.cast({self.raw(col.key)}, {{tf}}.float32)")
        else:  # pragma: no cover
            raise AssertionError(kind)
        self.done[col.name] = ids
        if weights:
            self.done[col.name + ":w"] = weights
        return ids, weights

    def counts(self, col: Categorical, attr_suffix: str = "_counts") -> tuple[str, str]:
        """Per-bucket sums of the weights (1 each when unweighted), missing ids dropped:
        CategoryEncoding(count) rejects negative ids, so they become id 0 with weight 0."""
        ids, weights = self.categorical(col)
        w = weights or f"{{tf}}.ones_like({ids}, {{tf}}.float32)"
        mask = self.var(col.attr() + "_present")
        self.body.append(f"{mask} = {{tf}}.cast({ids} >= 0, {{tf}}.float32)")
        encode = self.layer(col, f'{{keras}}.layers.CategoryEncoding(num_tokens={col.num_buckets}, output_mode="count")',
                            attr_suffix)
        out = self.var(col.attr() + attr_suffix)
        self.body.append(f"{out} = {encode}({{tf}}.maximum({ids}, 0), count_weights={w} * {mask})")
        return out, f"{w} * {mask}"

    # Dense values as input_layer computes them: float32 (batch, d)
    def dense(self, col: AnyColumn) -> tuple[str, int]:
        if isinstance(col, Numeric):
            return self.numeric(col), col.size
        if isinstance(col, Categorical):
            if col.kind != "bucketized":
                raise NotTranslatable(f"`{col.source}` is categorical: the DNN needs it in an indicator_column or "
                                      "embedding_column", None)
            out, _ = self.counts(col, "_one_hot")
            return out, col.num_buckets
        cat = col.categorical
        if col.kind == "indicator":
            out, _ = self.counts(cat, "_indicator")
            return out, cat.num_buckets
        ids, weights = self.categorical(cat)
        init = col.initializer or f"{{keras}}.initializers.TruncatedNormal(mean=0.0, stddev={1 / math.sqrt(col.dimension)!r})"
        table = self.layer(col, f"{{keras}}.layers.Embedding({cat.num_buckets}, {col.dimension}, "
                                f"embeddings_initializer={init}, name={self.var(col.attr())!r})")
        w = self.var(col.attr() + "_w")
        out = self.var(col.attr())
        self.body.append(f"{w} = {weights or f'{{tf}}.ones_like({ids}, {{tf}}.float32)'} * "
                         f"{{tf}}.cast({ids} >= 0, {{tf}}.float32)")
        self.body.append(f"{out} = {{tf}}.reduce_sum({table}({{tf}}.maximum({ids}, 0)) * {w}[..., None], axis=1)")
        self.body.append(self.combine(out, w, col.combiner, col))
        return out, col.dimension

    def combine(self, out: str, w: str, combiner: str, col: Column) -> str:
        # TF1's safe_embedding_lookup_sparse: sum(w e), / sum(w) for mean, / sqrt(sum(w^2)) for sqrtn.
        if combiner == "sum":
            return f"pass  # {col.name}: combiner sum"
        if combiner == "mean":
            return f"{out} = {{tf}}.math.divide_no_nan({out}, {{tf}}.reduce_sum({w}, axis=1, keepdims=True))"
        if combiner == "sqrtn":
            return f"{out} = {{tf}}.math.divide_no_nan({out}, {{tf}}.sqrt({{tf}}.reduce_sum({w} ** 2, axis=1, keepdims=True)))"
        raise NotTranslatable(f"combiner {combiner!r} is not one of sum, mean, sqrtn", None)

    # What the linear model multiplies by its weights, per column
    def linear(self, col: AnyColumn, sparse_combiner: str) -> tuple[str, int]:
        if isinstance(col, Categorical):
            out, w = self.counts(col, "_linear_counts")
            self.body.append(self.combine(out, w, sparse_combiner, col))
            return out, col.num_buckets
        return self.dense(col)


def input_tensor(columns: list[AnyColumn], emit: KerasColumns, mode: str, sparse_combiner: str = "sum") -> tuple[str, int]:
    """The concatenation, sorted by column name, that input_layer / LinearModel saw."""
    parts, width = [], 0
    for col in sorted(columns, key=lambda c: c.name):
        value, size = emit.dense(col) if mode == "dnn" else emit.linear(col, sparse_combiner)
        parts.append(value)
        width += size
    out = emit.var(f"{mode}_inputs")
    emit.body.append(f"{out} = {{tf}}.concat([{', '.join(parts)}], axis=1)")
    return out, width


@dataclass
class InputLayer:
    """`input_layer(features, columns)` / `DenseFeatures(columns)(features)` for a model_fn rewrite."""
    edits: list
    init: list[str]  # statements for the model's __init__ (self.… = layers)
    body: list[str]  # statements computing the tensor from `features`
    value: str  # the name holding the (batch, width) tensor after `body`
    width: int


def translate_input_layer(call: cst.Call, name_of: NameOf, code: Code, binding: Binding) -> InputLayer:
    name = normalize(name_of(call.func) if not isinstance(call.func, cst.Call) else name_of(call.func.func))
    reader = ColumnReader(name_of, code, binding)
    if name == "tf.feature_column.input_layer":
        args = reader.arguments(call, ("features", "feature_columns", "weight_collections", "trainable",
                                       "cols_to_vars", "cols_to_output_tensors"))
        columns = args.get("feature_columns")
    elif isinstance(call.func, cst.Call) and name in INPUT_LAYER:
        args = reader.arguments(call.func, ("feature_columns", "trainable", "name"))
        columns = args.get("feature_columns")
    else:
        raise NotTranslatable(f"`{code(call)}` is not input_layer or DenseFeatures", call)
    if columns is None:
        raise NotTranslatable("no feature_columns", call)
    emit = KerasColumns()
    value, width = input_tensor(reader.column_list(columns), emit, "dnn")
    return InputLayer(reader.edits, emit.init, emit.body, value, width)
