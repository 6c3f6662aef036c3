"""TF1 feature columns → Keras 3 preprocessing, the emission half: the layers (`init`)
and the statements of `call` (`body`) that compute, from the raw `features` dict, what
TF 2.15 computed for the columns codemods/_feature_columns.py read (`input_layer` for a
DNN part, `LinearModel` for a linear part), and where a model finds the TF1 column objects
it reads values from at run time. The facts behind each choice are in that module's
docstring."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, fields, replace
from typing import Optional

import libcst as cst

from tfmigrate.codemods._estimator_keras import NotTranslatable
from tfmigrate.codemods._feature_columns import (
    INPUT_LAYER, RUNTIME, SENTINEL, AnyColumn, Binding, Categorical, Code, Column, ColumnReader, Dense, KeyGroup,
    NameOf, Numeric, esc, normalize)
from tfmigrate.codemods._feature_columns_scope import Parent

def definition(value) -> object:
    """What a column computes, to tell two columns of one name apart: every field but where
    the model finds the TF1 object (`handle`) and the CST node, nested columns included."""
    if isinstance(value, Column):
        return (type(value).__name__, *((f.name, definition(getattr(value, f.name))) for f in fields(value)
                                        if f.name not in ("handle", "node")))
    if isinstance(value, (list, tuple)):
        return tuple(definition(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, definition(v)) for k, v in value.items()))
    return repr(value)


class KerasColumns:
    """Emits the layers (`init`) and the statements of `call` (`body`) that compute the
    columns from `features`. Each column is computed once, even when two parts use it."""

    def __init__(self, prefix: str = "", per_key: Optional[str] = None) -> None:
        self.prefix = prefix  # keeps two column sets in one model apart (dnn_, linear_)
        self.per_key = per_key  # a KeyGroup's parameter: the code runs in `for i, key in enumerate(...)`
        self.init: list[str] = []
        self.body: list[str] = []
        self.done: dict[str, str] = {}  # column name → variable holding its value
        self.defined: set[str] = set()  # layer attributes made in init
        self.params: list[str] = []  # KeyGroup parameters stored in init
        self.counter = 0
        self.definitions: dict[str, list] = {}  # column name → the different columns seen under it

    def distinct(self, col):
        """`col`, renamed when another column of its name computes something else. TF1 refused
        two columns of one name in one input layer, but the linear and the DNN part of one
        model each had their own (bucketized_column(age, [30, 50]) in one, (age, [25, 35, 45])
        in the other): each keeps its own layers here, as each kept its own values there."""
        seen = self.definitions.setdefault(col.name, [])
        found = definition(col)
        if found not in seen:
            seen.append(found)
        n = seen.index(found)
        if n == 0:
            return col
        renamed = replace(col, name=f"{col.name}_{n + 1}")
        renamed.handle, renamed.node = col.handle, col.node
        return renamed

    def var(self, base: str) -> str:
        return self.prefix + re.sub(r"\W", "_", base.replace(SENTINEL, f"{self.per_key}_each"))

    def layer(self, column: Column, text: str, suffix: str = "", per_key: bool = False) -> str:
        """A layer made in init; `per_key`: one per run-time key (a list, indexed by `i`)."""
        attr = f"self.{self.var(column.attr() + suffix)}"
        index = "[i]" if per_key and self.per_key else ""
        if attr in self.defined:
            return attr + index
        self.defined.add(attr)
        self.init.append(f"# {esc(' '.join(column.source.split()))}")  # one line, even if the call was not
        self.init.append(f"{attr} = [{text} for key in self.{self.per_key}]" if index else f"{attr} = {text}")
        return attr + index

    def feature(self, key: str) -> str:
        return "features[key]" if key == SENTINEL else f"features[{esc(repr(key))}]"

    def name_expr(self, name: str) -> str:
        """A column's name as an expression (`key + '_indicator'` for a run-time key)."""
        parts = name.split(SENTINEL)
        pieces = []
        for i, part in enumerate(parts):
            if i:
                pieces.append("key")
            if part:
                pieces.append(esc(repr(part)))
        return " + ".join(pieces)

    def raw(self, key: str) -> str:
        v = self.var("raw_" + key)
        if "raw:" + key not in self.done:
            x = self.feature(key)
            self.body.append(f'{v} = {{tf}}.reshape({x}, [{{tf}}.shape({x})[0], -1])')
            self.done["raw:" + key] = v
        return v

    def crossable(self, key: str) -> str:
        """A raw key as TF1 crossed it: sparse_cross casts every input that is not a string to
        int64 (sparse_ops._sparse_cross_internal; 33.7 → 33), and HashedCrossing refuses floats."""
        v = self.var("cross_" + key)
        if "cross:" + key not in self.done:
            x = self.raw(key)
            self.body.append(f"{v} = {x} if {x}.dtype == {{tf}}.string else {{tf}}.cast({x}, {{tf}}.int64)")
            self.done["cross:" + key] = v
        return v

    # Numeric values: float32 (batch, size)
    def numeric(self, col: Numeric) -> str:
        col = self.distinct(col)
        if col.name in self.done:
            return self.done[col.name]
        v = self.var(col.attr())
        value = self.feature(col.key)
        if col.normalizer is RUNTIME:
            # the function the TF1 column holds, called on the raw feature as TF1 did
            fn = self.layer(col, f"{{keras}}.layers.Lambda({col.handle}.normalizer_fn)", "_normalizer", per_key=True)
            value = f"{fn}({value})"
        elif col.normalizer:
            fn = self.layer(col, f"{{keras}}.layers.Lambda({col.normalizer})", "_normalizer")
            value = f"{fn}({value})"
        self.body.append(f"{v} = {{tf}}.reshape({{tf}}.cast({value}, {{tf}}.float32), [-1, {col.size}])")
        self.done[col.name] = v
        return v

    # Categorical values: (ids, weights), int64 and float32 (batch, n), id -1 = missing
    def categorical(self, col: Categorical) -> tuple[str, Optional[str]]:
        col = self.distinct(col)
        if col.name in self.done:
            return self.done[col.name], self.done.get(col.name + ":w")
        ids = self.var(col.attr() + "_ids")
        weights = None
        kind, o = col.kind, col.options
        if kind == "vocabulary" and o["vocabulary"] is RUNTIME:
            # The vocabulary was computed when the program ran (e.g. df[k].unique()): the
            # lookup gets the TF1 column's own list, and its dtype picks the layer, as it
            # picked TF1's table; missing values are "" / -1 by the feature's dtype
            # (_to_sparse_input_and_drop_ignore_values).
            x = self.raw(col.key)
            h = col.handle
            words = f"list({h}.vocabulary_list)"
            if o.get("file"):
                # The file as TF1's table read it when the model is built: one entry a line, the
                # first vocabulary_size lines (the column counted them if it was not given).
                words = f"{{tf}}.io.gfile.GFile({h}.vocabulary_file).read().split(\"\\n\")[:{h}.vocabulary_size]"
            table = self.layer(col, f"({{keras}}.layers.StringLookup if {h}.dtype == {{tf}}.string else "
                                    f"{{keras}}.layers.IntegerLookup)(vocabulary={words}, "
                                    "num_oov_indices=1, mask_token=None)", "_lookup")
            self.body.append(f"{ids} = {table}({x}) - 1")
            if o["num_oov"]:
                size = f"self.{self.var(col.attr() + '_vocabulary_size')}"
                self.init.append(f"{size} = {h}.vocabulary_size" if o.get("file") else
                                 f"{size} = len({h}.vocabulary_list)")
                oov = self.layer(col, f"{{keras}}.layers.Hashing(num_bins={o['num_oov']})", "_oov_buckets")
                self.body.append(f"{ids} = {{tf}}.where({ids} < 0, {size} + "
                                 f"{{tf}}.cast({oov}({x}), {{tf}}.int64), {ids})")
            elif o["default"] != -1:
                self.body.append(f"{ids} = {{tf}}.where({ids} < 0, {{tf}}.constant({o['default']}, {{tf}}.int64), {ids})")
            self.body.append(f'{ids} = {{tf}}.where({x} == ("" if {x}.dtype == {{tf}}.string else -1), '
                             f"{{tf}}.constant(-1, {{tf}}.int64), {ids})")
        elif kind == "vocabulary":
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
        elif kind == "bucketized" and o["boundaries"] is RUNTIME:
            # the boundaries the program computed, as the TF1 column holds them
            source = self.numeric(col.parts[0])
            h = col.handle
            bins = self.layer(col, f"{{keras}}.layers.Discretization(bin_boundaries=list({h}.boundaries))")
            offset = ""
            if col.parts[0].size > 1:
                per_value = f"self.{self.var(col.attr() + '_per_value')}"
                if per_value not in self.defined:
                    self.defined.add(per_value)
                    self.init.append(f"{per_value} = len({h}.boundaries) + 1")
                offset = f" + {{tf}}.range({col.parts[0].size}, dtype={{tf}}.int64) * {per_value}"
            self.body.append(f"{ids} = {{tf}}.cast({bins}({source}), {{tf}}.int64){offset}")
        elif kind == "bucketized":
            source = self.numeric(col.parts[0])
            bins = self.layer(col, f"{{keras}}.layers.Discretization(bin_boundaries={o['boundaries']!r})")
            offset = f" + {{tf}}.range({col.parts[0].size}, dtype={{tf}}.int64) * {o['per_value']}" \
                if col.parts[0].size > 1 else ""
            self.body.append(f"{ids} = {{tf}}.cast({bins}({source}), {{tf}}.int64){offset}")
        elif kind == "crossed" and all(isinstance(p, str) for p in col.parts) and o.get("hash_key") is None:
            # HashedCrossing takes one value per example. TF1 crossed raw keys as they
            # were: "" is hashed too (checked in the exact test), so no mask here.
            inputs = [f"{{tf}}.reshape({self.crossable(part)}, [-1, 1])" for part in col.parts]
            crossing = self.layer(col, f"{{keras}}.layers.HashedCrossing(num_bins={col.num_buckets})", "_crossing")
            crossed = f"{crossing}(({', '.join(inputs)}))"
            self.body.append(f"{ids} = {{tf}}.cast({{tf}}.reshape({crossed}, [-1, 1]), {{tf}}.int64)")
        elif kind == "crossed":
            # The op TF1 called (CrossedColumn.transform_feature): raw keys dense, columns as
            # sparse ids without the missing ones; its wrapper hashes the sparse inputs first,
            # so the same kinds in the same order give the same buckets (exact test).
            inputs = []
            for part in col.parts:
                if isinstance(part, str):
                    inputs.append(self.raw(part))
                    continue
                pid, _ = self.categorical(part)
                where, sparse = self.var(part.attr() + "_at"), self.var(part.attr() + "_sparse")
                self.body.append(f"{where} = {{tf}}.where({pid} >= 0)")
                self.body.append(f"{sparse} = {{tf}}.SparseTensor({where}, {{tf}}.gather_nd({pid}, {where}), "
                                 f"{{tf}}.shape({pid}, out_type={{tf}}.int64))")
                inputs.append(sparse)
            key = f", hash_key={o['hash_key']!r}" if o.get("hash_key") is not None else ""
            self.body.append(f"{ids} = {{tf}}.sparse.to_dense({{tf}}.sparse.cross_hashed([{', '.join(inputs)}], "
                             f"num_buckets={col.num_buckets}{key}), default_value=-1)")
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

    @staticmethod
    def buckets(col: Categorical) -> str:
        """The number of ids, as __init__ may spell it (read from the TF1 column when its
        vocabulary is known only at run time)."""
        return str(col.num_buckets) if col.num_buckets is not None else f"{col.handle}.num_buckets"

    def counts(self, col: Categorical, attr_suffix: str = "_counts", combiner: str = "sum") -> tuple[str, str]:
        """Per-bucket sums of the weights (1 each when unweighted), missing ids dropped:
        CategoryEncoding(count) rejects negative ids, so they become id 0 with weight 0."""
        col = self.distinct(col)
        ids, weights = self.categorical(col)
        w = weights or f"{{tf}}.ones_like({ids}, {{tf}}.float32)"
        mask = self.var(col.attr() + "_present")
        self.body.append(f"{mask} = {{tf}}.cast({self.present(ids, weights, combiner)}, {{tf}}.float32)")
        encode = self.layer(col, f'{{keras}}.layers.CategoryEncoding(num_tokens={self.buckets(col)}, output_mode="count")',
                            attr_suffix)
        out = self.var(col.attr() + attr_suffix)
        self.body.append(f"{out} = {encode}({{tf}}.maximum({ids}, 0), count_weights={w} * {mask})")
        return out, f"{w} * {mask}"

    # Dense values as input_layer computes them: float32 (batch, d)
    def dense(self, col: AnyColumn) -> tuple[str, int]:
        col = self.distinct(col)
        if isinstance(col, Numeric):
            return self.numeric(col), col.size
        if isinstance(col, Categorical):
            if col.kind != "bucketized":
                raise NotTranslatable(f"`{col.source}` is categorical: the DNN needs it in an indicator_column or "
                                      "embedding_column", col.node)
            out, _ = self.counts(col, "_one_hot")
            return out, col.num_buckets
        cat = col.categorical
        if col.kind == "indicator":
            out, _ = self.counts(cat, "_indicator")
            return out, cat.num_buckets
        ids, weights = self.categorical(cat)
        init = col.initializer or f"{{keras}}.initializers.TruncatedNormal(mean=0.0, stddev={1 / math.sqrt(col.dimension)!r})"
        name = f"({self.name_expr(col.name)}).replace('/', '_')" if self.per_key else repr(self.var(col.attr()))
        table = self.layer(col, f"{{keras}}.layers.Embedding({self.buckets(cat)}, {col.dimension}, "
                                f"embeddings_initializer={init}, name={name})", per_key=True)
        w = self.var(col.attr() + "_w")
        out = self.var(col.attr())
        self.body.append(f"{w} = {weights or f'{{tf}}.ones_like({ids}, {{tf}}.float32)'} * "
                         f"{{tf}}.cast({self.present(ids, weights, col.combiner)}, {{tf}}.float32)")
        self.body.append(f"{out} = {{tf}}.reduce_sum({table}({{tf}}.maximum({ids}, 0)) * {w}[..., None], axis=1)")
        self.body += [line for line in (self.combine(out, w, col.combiner, col),) if line]
        return out, col.dimension

    @staticmethod
    def present(ids: str, weights: Optional[str], combiner: str) -> str:
        """Which entries count: safe_embedding_lookup_sparse prunes ids < 0 (missing), and
        for mean and sqrtn also weights <= 0 (_prune_invalid_weights)."""
        if weights and combiner != "sum":
            return f"({ids} >= 0) & ({weights} > 0)"
        return f"{ids} >= 0"

    def combine(self, out: str, w: str, combiner: str, col: Column) -> Optional[str]:
        # TF1's safe_embedding_lookup_sparse: sum(w e), / sum(w) for mean, / sqrt(sum(w^2)) for sqrtn.
        if combiner == "sum":
            return None  # the weighted sum is already what TF1 computed
        if combiner == "mean":
            return f"{out} = {{tf}}.math.divide_no_nan({out}, {{tf}}.reduce_sum({w}, axis=1, keepdims=True))"
        if combiner == "sqrtn":
            # `w` may be a product (`weights * present`): squared as a whole
            return f"{out} = {{tf}}.math.divide_no_nan({out}, {{tf}}.sqrt({{tf}}.reduce_sum(({w}) ** 2, axis=1, keepdims=True)))"
        raise NotTranslatable(f"combiner {combiner!r} is not one of sum, mean, sqrtn", col.node)

    # What the linear model multiplies by its weights, per column
    def linear(self, col: AnyColumn, sparse_combiner: str) -> tuple[str, int]:
        col = self.distinct(col)
        if isinstance(col, Categorical):
            out, w = self.counts(col, "_linear_counts", sparse_combiner)
            self.body += [line for line in (self.combine(out, w, sparse_combiner, col),) if line]
            return out, col.num_buckets
        return self.dense(col)


    def group(self, group: KeyGroup, mode: str, values: str, sparse_combiner: str) -> None:
        """A KeyGroup's columns, one per run-time key, into the dict `values` (name → tensor).
        The layers are shared by all keys (none of them learns) except embedding tables."""
        if group.param not in self.params:
            self.params.append(group.param)
            self.init.insert(0, f"self.{group.param} = list({group.param})")
        sub = KerasColumns(self.prefix, per_key=group.param)
        sub.init, sub.defined = self.init, self.defined
        value, _ = sub.dense(group.template) if mode == "dnn" else sub.linear(group.template, sparse_combiner)
        self.body.append(f"for i, key in enumerate(self.{group.param}):  # {esc(group.source)}")
        self.body += ["    " + line for line in sub.body]
        self.body.append(f"    {values}[{sub.name_expr(group.template.name)}] = {value}")


def needs_runtime(col) -> bool:
    """Does a column (or a part of it) hold a value the model reads from the TF1 column?"""
    if isinstance(col, KeyGroup):
        return needs_runtime(col.template)
    if isinstance(col, Numeric):
        return col.normalizer is RUNTIME
    if isinstance(col, Dense):
        return col.categorical is not None and needs_runtime(col.categorical)
    if isinstance(col, Categorical):
        return col.options.get("vocabulary") is RUNTIME or col.options.get("boundaries") is RUNTIME or any(needs_runtime(p) for p in col.parts
                                                                if not isinstance(p, str))
    return False


def attach_handles(columns: list, tf1: str) -> None:
    """Tell each column where the model's __init__ finds its TF1 object: `tf1` is a dict
    of the Estimator's column list by column name (TF1 refused two columns of one name);
    nested columns are reached through the TF1 attributes that hold them."""
    for col in columns:
        if isinstance(col, KeyGroup):
            _attach(col.template, f"{tf1}[{KerasColumns().name_expr(col.template.name)}]")
        else:
            _attach(col, f"{tf1}[{esc(repr(col.name))}]")


def _attach(col, handle: str) -> None:
    col.handle = handle
    if isinstance(col, Dense) and col.categorical is not None:
        _attach(col.categorical, handle + ".categorical_column")
    elif isinstance(col, Categorical) and col.kind == "bucketized":
        _attach(col.parts[0], handle + ".source_column")
    elif isinstance(col, Categorical) and col.kind == "weighted":
        _attach(col.parts[0], handle + ".categorical_column")
    elif isinstance(col, Categorical) and col.kind == "crossed" and not col.options.get("nested"):
        for i, part in enumerate(col.parts):  # CrossedColumn.keys, in the order given
            if not isinstance(part, str):
                _attach(part, f"{handle}.keys[{i}]")
    elif isinstance(col, Categorical) and col.kind == "crossed":
        if any(needs_runtime(p) for p in col.parts if not isinstance(p, str)):
            raise NotTranslatable(f"`{col.source}` nests a cross of a column whose values are known only at run "
                                  "time (a normalizer_fn closure, a computed vocabulary): not followed", col.node)


def input_tensor(columns: list, emit: KerasColumns, mode: str, sparse_combiner: str = "sum") -> tuple[str, Optional[int]]:
    """The concatenation, sorted by column name, that input_layer / LinearModel saw. With
    KeyGroups the names are known only at run time, so the model sorts them as TF1 did,
    and raises TF1's error for a duplicate name."""
    groups = [c for c in columns if isinstance(c, KeyGroup)]
    static = sorted((c for c in columns if not isinstance(c, KeyGroup)), key=lambda c: c.name)
    for a, b in zip(static, static[1:]):
        if a.name == b.name:  # feature_column_v2._normalize_feature_columns
            raise NotTranslatable(f"two feature columns are named {a.name!r}: TF1 raises ValueError on them", b.node)
    parts, width = [], 0
    values = emit.var(f"{mode}_columns")
    if groups:
        emit.body.append(f"{values} = dict()")
        names = emit.var(f"{mode}_column_names")
        per_key = " + ".join(f"[{KerasColumns().name_expr(g.template.name)} for key in self.{g.param}]"
                             for g in groups)
        emit.init.append(f"{names} = {esc(repr([c.name for c in static]))} + {per_key}")
        emit.init.append(f"if len(set({names})) != len({names}):")
        emit.init.append(f'    raise ValueError("Duplicate feature column name found for columns: %s" % {names})')
    for col in static:
        value, size = emit.dense(col) if mode == "dnn" else emit.linear(col, sparse_combiner)
        parts.append(value)
        width = width + size if isinstance(width, int) and isinstance(size, int) else None
        if groups:
            emit.body.append(f"{values}[{esc(repr(col.name))}] = {value}")
    out = emit.var(f"{mode}_inputs")
    if not groups:
        emit.body.append(f"{out} = {{tf}}.concat([{', '.join(parts)}], axis=1)")
        return out, width
    for group in groups:
        emit.group(group, mode, values, sparse_combiner)
    emit.body.append(f"{out} = {{tf}}.concat([{values}[name] for name in sorted({values})], axis=1)")
    return out, None


@dataclass
class InputLayer:
    """`input_layer(features, columns)` / `DenseFeatures(columns)(features)` for a model_fn rewrite."""
    edits: list
    init: list[str]  # statements for the model's __init__ (self.… = layers)
    body: list[str]  # statements computing the tensor from `features`
    value: str  # the name holding the (batch, width) tensor after `body`
    width: Optional[int]  # None when some keys are known only at run time
    # (parameter, source): the model's __init__ and make function take `parameter`, and the
    # Estimator's construction site passes `source` (evaluated there); `init` stores it.
    init_args: list = field(default_factory=list)
    reads: set = field(default_factory=set)  # the user's names the sources read


def translate_input_layer(call: cst.Call, name_of: NameOf, code: Code, binding: Binding,
                          parent: Optional[Parent] = None, params: Optional[dict] = None) -> InputLayer:
    """`parent`: node → parent in the user's module (needed for `.append` loops and run-time
    keys; the columns argument must then be a node of that module, where the Estimator is
    built). `params`: source → parameter name, shared between calls for one model so equal
    key sources share a parameter and different ones get different names."""
    name = normalize(name_of(call.func) if not isinstance(call.func, cst.Call) else name_of(call.func.func))
    reader = ColumnReader(name_of, code, binding, parent, params)
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
    return InputLayer(reader.edits, emit.init, emit.body, value, width, *reader.init_args())
