"""TF1 feature columns → Keras 3 preprocessing layers, for the canned-Estimator rewrite and
`input_layer` in a model_fn: the reading half.

Owns: reading a `feature_columns=` argument (a list literal, a name bound to one, a list
comprehension over literal keys, `a + b`), each `tf.feature_column.*` call in it, into the
column records below. codemods/_feature_columns_keras.py writes the Keras code that
computes, from the raw `features` dict, exactly what TF 2.15 computed: `input_layer` for the
DNN part, `LinearModel` for the linear part.

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
import operator
import re
from dataclasses import dataclass, field
from typing import Callable, Optional, Union

import libcst as cst

from tfmigrate.codemods._estimator_keras import NotTranslatable
from tfmigrate.codemods._feature_columns_scope import (
    HelperFunctions, Opaque, Parent, _appends, _module, _names, _small, _walk, binds_or_mutates, free_names,
    global_only, module_binds, mutated_anywhere, scope_of, statement_of, statements)

NameOf = Callable[[cst.CSTNode], Optional[str]]
Code = Callable[[cst.CSTNode], str]
Binding = Callable[[cst.Name], Optional[cst.CSTNode]]

FC = "tf.feature_column."
INPUT_LAYER = {"tf.feature_column.input_layer", "tf.keras.layers.DenseFeatures", "tf.compat.v1.keras.layers.DenseFeatures"}


ARITHMETIC = {cst.Add: operator.add, cst.Subtract: operator.sub, cst.Multiply: operator.mul,
              cst.FloorDivide: operator.floordiv, cst.Modulo: operator.mod}


def normalize(name: Optional[str]) -> Optional[str]:
    """tf.compat.v1.X / tf.compat.v2.X → tf.X (the V1/V2 difference lives in the estimator kind)."""
    if name is None:
        return None
    for prefix in ("tf.compat.v1.", "tf.compat.v2."):
        if name.startswith(prefix):
            return "tf." + name[len(prefix):]
    return name


# -- the columns ----------------------------------------------------------------------


class _RunTime:
    """A column argument whose value only exists when the program runs (a normalizer_fn
    closure, a vocabulary computed from data): the model reads it from the TF1 column
    object itself, which the program still builds, through the column's `handle`."""

    def __repr__(self) -> str:
        return "RUNTIME"


RUNTIME = _RunTime()


@dataclass
class Column:
    name: str
    source: str  # the TF1 call, for comments
    # Where the model's __init__ finds the TF1 column object, e.g. `tf1_columns['age']`
    # or `tf1_columns['age_bucketized'].source_column` (set when a value is read at run time)
    handle: Optional[str] = field(default=None, init=False, repr=False)
    node: Optional[cst.CSTNode] = field(default=None, init=False, repr=False, compare=False)  # the TF1 call

    def attr(self) -> str:
        return re.sub(r"[^\w\x00]", "_", self.name)  # SENTINEL stays for KerasColumns.var


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


@dataclass
class KeyGroup:
    """Columns made from keys known only at run time: `[numeric_column(k) for k in ITER]`,
    or `cols.append(numeric_column(key=k))` in `for k in ITER:`. `template` is the column
    read with the key SENTINEL; the model gets the keys as its constructor argument `param`,
    `source` evaluated where the Estimator is built."""
    template: "AnyColumn"
    param: str
    source: str
    reads: set


SENTINEL = "\x00"  # the run-time key inside a template column's key and name


class ColumnReader(HelperFunctions):
    """Follows feature column expressions in the user's module.

    `parent` (node → parent node in the user's module) lets it follow lists built with
    `.append` in loops and lists over run-time keys; without it neither is followed."""

    def __init__(self, name_of: NameOf, code: Code, binding: Binding, parent: Optional[Parent] = None,
                 params: Optional[dict] = None) -> None:
        self.name_of = name_of
        self.code = code
        self.binding = binding
        self.parent = parent
        self.edits: list[tuple[cst.CSTNode, str]] = []
        self.subst: dict[str, object] = {}
        self.site: Optional[cst.CSTNode] = None  # where the list is given (the Estimator's scope)
        self.params: dict[str, str] = params if params is not None else {}  # key source → parameter
        self.groups: list[KeyGroup] = []
        self.key_uses = 0
        # May a value known only at run time be read from the TF1 column object? (The canned
        # rewrite passes the Estimator's column list to the model; input_layer does not.)
        self.runtime = False
        self.runtime_nodes: list[cst.CSTNode] = []  # arguments read that way

    # -- values known at rewrite time ---------------------------------------------------

    STATIC_CALLS = {"len": len, "list": list, "tuple": tuple, "sorted": sorted}

    def static(self, node: cst.BaseExpression, what: str):
        """The value of an expression known when the rewrite runs: a literal, a name bound
        once to one and never changed in place, `a + b`, `x[k]`, a list or tuple of such, and
        len / list / tuple / sorted / dict(k=v) of such. Anything else raises."""
        if isinstance(node, cst.Name) and node.value in self.subst:
            value = self.subst[node.value]
            if isinstance(value, Opaque):
                raise NotTranslatable(f"{value.why} is not a literal, and {what} needs its value", node)
            if isinstance(value, ColumnNode):
                raise NotTranslatable(f"`{node.value}` is a feature column, and {what} needs a value", node)
            return value
        try:
            return ast.literal_eval(self.code(node))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            pass
        problem = NotTranslatable(f"{what} `{self.code(node)}` is not a literal: the Keras layers need its value", node)
        try:
            if isinstance(node, cst.Attribute):  # a constant of another module of the project
                bound = self.binding(node)
                if isinstance(bound, cst.BaseExpression):
                    return self.static(bound, what)
            if isinstance(node, cst.Name):
                bound = self.binding(node)
                if bound is None and self.parent is not None:
                    bound = self._unpacked(node)  # `A, B = [...], [...]`
                if isinstance(bound, cst.BaseExpression) and not (
                        self.parent is not None and mutated_anywhere(_module(node, self.parent), node.value)):
                    return self.static(bound, what)
            elif isinstance(node, cst.BinaryOperation) and type(node.operator) in ARITHMETIC:
                # `a + b`, `[28 * 28]`, `IMG_SIZE // 2`: Python's own operators on the values
                left, right = self.static(node.left, what), self.static(node.right, what)
                if isinstance(node.operator, cst.Multiply) and any(
                        isinstance(v, (list, tuple, str)) for v in (left, right)) and max(
                        abs(v) for v in (left, right) if isinstance(v, int)) > 10_000:
                    raise problem  # `[0] * 10**9` is no structure a model is built from
                return ARITHMETIC[type(node.operator)](left, right)
            elif isinstance(node, cst.Subscript) and len(node.slice) == 1 \
                    and isinstance(node.slice[0].slice, cst.Index) and node.slice[0].slice.star is None:
                return self.static(node.value, what)[self.static(node.slice[0].slice.value, what)]
            elif isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Slice):
                # `COLUMNS[:-1]`, `CSV_COLUMNS[1:]`: the feature names of a header without its label
                part = node.slice[0].slice
                bounds = [None if bound is None else self.static(bound, what)
                          for bound in (part.lower, part.upper, part.step)]
                if not all(b is None or isinstance(b, int) and not isinstance(b, bool) for b in bounds):
                    raise problem
                return self.static(node.value, what)[slice(*bounds)]
            elif isinstance(node, (cst.List, cst.Tuple)):
                out: list = []
                for el in node.elements:
                    if isinstance(el, cst.StarredElement):
                        out += list(self.static(el.value, what))
                    else:
                        out.append(self.static(el.value, what))
                return out if isinstance(node, cst.List) else tuple(out)
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and self.binding(node.func) is None \
                    and not (self.parent is not None and module_binds(_module(node, self.parent), node.func.value)):
                fn = node.func.value
                if fn in self.STATIC_CALLS and len(node.args) == 1 and not node.args[0].keyword \
                        and not node.args[0].star:
                    return self.STATIC_CALLS[fn](self.static(node.args[0].value, what))
                if fn == "dict" and all(a.keyword is not None and not a.star for a in node.args):
                    return {a.keyword.value: self.static(a.value, what) for a in node.args}
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and not node.args \
                    and node.func.attr.value in ("items", "keys", "values") and self._module_constant(node.func.value):
                mapping = self.static(node.func.value, what)  # `FEATURES.items()` of a module's dict
                if isinstance(mapping, dict):
                    return [tuple(item) if isinstance(item, tuple) else item
                            for item in getattr(mapping, node.func.attr.value)()]
        except NotTranslatable as e:
            if "is not a literal, and" in str(e):
                raise
            raise problem
        except (TypeError, KeyError, IndexError, ValueError):
            raise problem
        raise problem

    def _module_constant(self, node: cst.BaseExpression) -> bool:
        """A dict literal, or a name bound once to one at the top of the module (bound before
        any function runs, unlike a local that a later statement may bind)."""
        if isinstance(node, cst.Dict):
            return True
        if not isinstance(node, cst.Name) or self.parent is None:
            return False
        bound = self.binding(node)
        return isinstance(bound, cst.Dict) and isinstance(scope_of(bound, self.parent), cst.Module)

    def static_or_runtime(self, node: cst.BaseExpression, what: str):
        """`static`, or RUNTIME when the value is only known at run time and the model may
        read it from the TF1 column object."""
        try:
            return self.static(node, what)
        except NotTranslatable:
            if not self.runtime:
                raise
            self.runtime_nodes.append(node)
            return RUNTIME

    # -- lists --------------------------------------------------------------------------

    def column_list(self, node: cst.BaseExpression) -> list:
        """The columns (and KeyGroups) of a list expression given at `node`."""
        top = self.site is None
        if top:
            self.site = node
        try:
            return self._list(node)
        finally:
            if top:
                self.site = None

    def _list(self, node: cst.BaseExpression) -> list:
        if isinstance(node, cst.Name):
            if node.value == "None":
                return []
            if node.value in self.subst and isinstance(self.subst[node.value], list):
                return list(self.subst[node.value])
            bound = self.binding(node)
            if bound is None and self.parent is not None:
                bound = self._unpacked(node)
            if bound is None:
                raise NotTranslatable(f"feature columns `{node.value}` are not bound once to a list", node)
            out = self._list(bound)
            if self.parent is not None and isinstance(bound, (cst.List, cst.Tuple, cst.ListComp)):
                out += self._built_after(node.value, bound)
            return out
        if isinstance(node, cst.Attribute):  # `features.COLUMNS` of another module of the project
            bound = self.binding(node)
            if isinstance(bound, cst.BaseExpression):
                return self._list(bound)
        if isinstance(node, (cst.List, cst.Tuple)):
            out = []
            for el in node.elements:
                if isinstance(el, cst.StarredElement):
                    out += self._list(el.value)
                else:
                    out.append(self.column(el.value))
            return out
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            return self._list(node.left) + self._list(node.right)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in ("list", "set") \
                and len(node.args) == 1 and not node.args[0].keyword and self.binding(node.func) is None:
            # `set([numeric_column(k) for k in keys])` (the crash course's): the canned models
            # read their columns sorted by name and refused two of one name, so a set of
            # columns is its list
            return self._list(node.args[0].value)
        if isinstance(node, cst.Call) and (isinstance(node.func, cst.Name) or (
                isinstance(node.func, cst.Attribute) and isinstance(self.binding(node.func), cst.FunctionDef))):
            returned, values = self._returned(node)
            saved = dict(self.subst)
            self.subst.update(values)  # the parameters read as their literal values
            try:
                return self._list(returned)
            finally:
                self.subst = saved
        if isinstance(node, cst.ListComp) and node.for_in.inner_for_in is None:
            if _loop_names(node.for_in.target) is None:
                raise NotTranslatable("list comprehension over tuples of columns", node)
            return self._loop(node.for_in.target, node.for_in.iter, node.elt, node.for_in.ifs, node)
        raise NotTranslatable(f"feature columns `{self.code(node)}`: only a list, a name bound to one, `a + b`, "
                              "a helper function's returned list or `[column(k) for k in KEYS]` can be followed", node)

    def _loop(self, target_node, iterable, elt, ifs, node, computed: tuple = ()) -> list:
        """`elt` for each key of `iterable` (kept if every `ifs` holds). `computed`: names the
        loop body binds before the append, from values known only at run time. The loop
        variable may be a tuple of names over pairs known here (`for name, vocab in
        VOCABULARIES.items()`)."""
        names = _loop_names(target_node)
        keys = self._column_elements(iterable) if isinstance(target_node, cst.Name) else None
        if keys is None:
            keys = self._keys(iterable)
        if keys is None:
            refused = NotTranslatable(f"`{self.code(node).strip()}`: a loop over keys known only at run time that "
                                      f"computes {', '.join(computed)} before the append cannot be followed", node)
            if computed and not self.runtime:
                raise refused
            if len(names) != 1 or not isinstance(target_node, cst.Name):
                raise NotTranslatable(f"`{self.code(iterable)}`: a loop over tuples known only at run time cannot "
                                      "be followed", iterable)
            if not computed:
                return [self._group(names[0], iterable, elt, ifs, node)]
            # `mean, std = ...` per key, read only by what the model takes from each TF1 column
            # when the program runs (`normalizer_fn=make_normalizer(mean, std)`): the loop
            # stays in the program and builds those columns, as before.
            saved = {name: self.subst.get(name) for name in computed}
            for name in computed:
                self.subst[name] = Opaque(f"`{name}` (computed in the loop when the program runs)")
            try:
                group = self._group(names[0], iterable, elt, ifs, node)
            finally:
                for name, value in saved.items():
                    if value is None:
                        self.subst.pop(name, None)
                    else:
                        self.subst[name] = value
            inside = [r for r in self.runtime_nodes if any(r is n for n in _walk(elt))]
            if any(_names(elt).count(name) != sum(_names(r).count(name) for r in inside) for name in computed):
                raise refused
            return [group]
        out = []
        saved = {name: self.subst.get(name) for name in (*names, *computed)}
        for key in keys:
            if isinstance(target_node, cst.Name):
                self.subst[names[0]] = key  # `k` in the element reads as this key
            else:
                if not isinstance(key, (tuple, list)) or len(key) != len(names):
                    raise NotTranslatable(f"`{self.code(iterable)}` does not hold {len(names)}-tuples", iterable)
                self.subst.update(zip(names, key))
            for name in computed:
                self.subst[name] = Opaque(f"`{name}` (computed in the loop when the program runs)")
            try:
                if all(self._true(c.test) for c in ifs):
                    out.append(self.column(elt))
            finally:
                for name, value in saved.items():
                    if value is None:
                        self.subst.pop(name, None)
                    else:
                        self.subst[name] = value
        return out

    def _column_elements(self, iterable) -> Optional[list]:
        """`for c in (origin, dest)`: a list or tuple written out whose elements are feature
        columns, each read as the column it names (None when it is anything else)."""
        if not isinstance(iterable, (cst.List, cst.Tuple)) or not iterable.elements \
                or not all(isinstance(e, cst.Element) for e in iterable.elements):
            return None
        try:
            for element in iterable.elements:
                self.column(element.value)
        except NotTranslatable:
            return None
        return [ColumnNode(element.value) for element in iterable.elements]

    def _true(self, test) -> bool:
        names = {k: v for k, v in self.subst.items() if not isinstance(v, Opaque)}
        if free_names(test) & {k for k, v in self.subst.items() if isinstance(v, Opaque)}:
            raise NotTranslatable(f"the condition `{self.code(test)}` reads values known only at run time", test)
        try:
            return bool(eval(compile(ast.Expression(ast.parse(self.code(test), mode="eval").body), "<if>", "eval"),
                             {"__builtins__": {}}, names))
        except Exception:
            raise NotTranslatable(f"the condition `{self.code(test)}` cannot be decided at rewrite time", test)

    def _keys(self, iterable) -> Optional[list]:
        """The literal keys, or None when they are only known at run time."""
        if isinstance(iterable, cst.Name) and isinstance(self.subst.get(iterable.value), Opaque) \
                and self.subst[iterable.value].argument is not None and self.runtime:
            # a helper's parameter, in a canned Estimator's columns: the keys of what its call
            # passes, given to the model where the Estimator is built (_group)
            return None
        if isinstance(iterable, cst.Name) and isinstance(self.subst.get(iterable.value), Opaque):
            raise NotTranslatable(f"the keys `{iterable.value}`: {self.subst[iterable.value].why} is not a literal",
                                  iterable)
        if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) \
                and iterable.func.value == "enumerate" and self.binding(iterable.func) is None \
                and len(iterable.args) == 1 and not iterable.args[0].keyword and not iterable.args[0].star:
            inner = self._keys(iterable.args[0].value)  # `for i, name in enumerate(NUMERIC)`
            return None if inner is None else [(i, key) for i, key in enumerate(inner)]
        try:
            return list(self.static(iterable, "the keys"))
        except (NotTranslatable, TypeError):
            return None

    def _group(self, target: str, iterable, elt, ifs, node) -> KeyGroup:
        """Keys known at run time: the model takes them as a constructor argument."""
        if self.parent is None or self.site is None:
            raise NotTranslatable(f"the keys `{self.code(iterable)}` are only known at run time, and the rewrite "
                                  "was not given the module's structure to check where they are bound", iterable)
        passed = self.subst.get(iterable.value) if isinstance(iterable, cst.Name) else None
        if isinstance(passed, Opaque) and passed.argument is not None:
            # `construct_feature_columns(training_examples)` making `[numeric_column(k) for k in
            # input_features]`: the keys are those of the expression the call passes, read
            # where the call is
            if passed.call is None or any(free_names(c.test) - {target} for c in ifs):
                raise NotTranslatable(f"`{self.code(node)}`: keys of a helper's parameter, with a condition that "
                                      "reads more than the key, cannot be followed", node)
            iterable, node = passed.argument, passed.call
        source = self.code(iterable) if not ifs else \
            f"[{target} for {target} in {self.code(iterable)} {' '.join('if ' + self.code(c.test) for c in ifs)}]"
        reads = free_names(iterable) | set().union(*(free_names(c.test) for c in ifs)) - {target}
        built = statement_of(node, self.parent)
        scope = scope_of(built, self.parent)
        if scope_of(statement_of(self.site, self.parent), self.parent) is not scope:
            where = f"`{scope.name.value}()`" if isinstance(scope, cst.FunctionDef) else "another scope"
            raise NotTranslatable(f"the keys `{self.code(iterable)}` are read in {where}, not where the Estimator "
                                  "is built: the model cannot be given them", iterable)
        order = statements(scope)
        site_stmt = statement_of(self.site, self.parent)
        after = order[order.index(built) + 1:] if built in order else []
        for name in sorted(reads):
            for stmt in after:
                if stmt is site_stmt:
                    break
                bound, mutated = binds_or_mutates(stmt, name)
                if bound or mutated:
                    raise NotTranslatable(f"`{name}` is {'bound again' if bound else 'changed'} after the feature "
                                          "columns were built from it: the model would see other keys", stmt)
        self.subst[target] = SENTINEL
        uses, self.key_uses = self.key_uses, 0
        try:
            template = self.column(elt)
        finally:
            del self.subst[target]
            uses, self.key_uses = self.key_uses, uses
        inside = [r for r in self.runtime_nodes if any(r is n for n in _walk(elt))]  # read from the TF1 column
        mentions = _names(elt).count(target) - sum(_names(r).count(target) for r in inside)
        if uses != mentions or not _runtime_ok(template):
            raise NotTranslatable(f"`{self.code(elt)}`: with keys known only at run time, the key must be the only "
                                  "per-key argument of a numeric, bucketized, vocabulary, hash or identity column "
                                  "(or an indicator or embedding of one)", elt)
        param = self.params.get(source)
        if param is None:
            param = "feature_keys" if not self.params else f"feature_keys_{len(self.params) + 1}"
            self.params[source] = param
        group = KeyGroup(template=template, param=param, source=source, reads=reads)
        self.groups.append(group)
        return group

    def init_args(self) -> tuple[list, set]:
        """(parameter, source) per run-time key source, and the user's names they read."""
        args, reads = [], set()
        for group in self.groups:
            if (group.param, group.source) not in args:
                args.append((group.param, group.source))
            reads |= group.reads
        return args, reads

    def _built_after(self, name: str, bound) -> list:
        """Columns added to the list bound to `name` after its assignment, in the same block
        and before the Estimator: `name.append(col)`, `name.extend(cols)`, `name += cols`,
        and `for k in KEYS: name.append(column(k))` (optionally under one `if`). Any other
        change, or any change after the Estimator (TF1 read the list at train time), is refused."""
        assign = statement_of(bound, self.parent)
        block = self.parent(assign)
        order = statements(scope_of(assign, self.parent))
        site_stmt = statement_of(self.site, self.parent) if self.site is not None else None
        out: list = []
        started = passed_site = False
        skip: set[int] = set()
        for stmt in order:
            if stmt is assign:
                started = True
                continue
            if stmt is site_stmt:
                passed_site = True
                continue
            if not started or id(stmt) in skip:
                continue
            bound_again, mutated = binds_or_mutates(stmt, name)
            if bound_again and not isinstance(_small(stmt), cst.AugAssign):
                if passed_site:
                    break
                raise NotTranslatable(f"`{name}` is bound again: `{self.code(stmt).strip()}`", stmt)
            step = self._step(stmt, name) if self.parent(stmt) is block and not passed_site else None
            if step is not None:
                out += step
                skip |= {id(s) for s in statements(stmt)}
            elif mutated or (isinstance(stmt, cst.For) and _appends(stmt, name)):
                raise NotTranslatable(f"`{self.code(stmt).strip()}` changes the feature columns "
                                      + ("after the Estimator was built (TF1 read them at train time)" if passed_site
                                         else "in a way tfmigrate cannot follow"), stmt)
        return out

    def _step(self, stmt, name: str) -> Optional[list]:
        small = _small(stmt)
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            call = small.value
            func = call.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == name \
                    and len(call.args) == 1 and not call.args[0].keyword:
                if func.attr.value == "append":
                    return [self.column(call.args[0].value)]
                if func.attr.value == "extend":
                    return self._list(call.args[0].value)
        if isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.AddAssign) \
                and isinstance(small.target, cst.Name) and small.target.value == name:
            return self._list(small.value)
        if isinstance(stmt, cst.For) and _loop_names(stmt.target) is not None and stmt.orelse is None \
                and isinstance(stmt.body, cst.IndentedBlock) and stmt.body.body:
            *prelude, inner = stmt.body.body
            computed = self._computed(prelude, (name, *_loop_names(stmt.target)))
            if computed is None:
                return None
            ifs: list = []
            if isinstance(inner, cst.If) and inner.orelse is None and len(inner.body.body) == 1:
                ifs, inner = [inner], inner.body.body[0]
            small = _small(inner)
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                    and isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "append" \
                    and isinstance(small.value.func.value, cst.Name) and small.value.func.value.value == name \
                    and len(small.value.args) == 1:
                return self._loop(stmt.target, stmt.iter, small.value.args[0].value, ifs, stmt, computed)
        return None

    def _computed(self, prelude: list, kept: tuple) -> Optional[tuple]:
        """The names a loop body binds before its append (`vocab = df[k].unique()`,
        `mean, std = ...`): plain assignments to names other than the list and the loop
        variable, none of which touch the list. They run as before; a column may read them
        only where the model reads the TF1 column object at run time. None: another form."""
        names: list[str] = []
        for stmt in prelude:
            small = _small(stmt)
            if not isinstance(small, cst.Assign) or any(binds_or_mutates(stmt, kept[0])):
                return None
            for target in small.targets:
                elements = target.target.elements if isinstance(target.target, (cst.Tuple, cst.List)) \
                    else [cst.Element(target.target)]
                for el in elements:
                    if not isinstance(el.value, cst.Name) or el.value.value in kept:
                        return None
                    names.append(el.value.value)
        return tuple(dict.fromkeys(names))

    # -- one column ---------------------------------------------------------------------

    def column(self, node: cst.BaseExpression) -> AnyColumn:
        if isinstance(node, cst.Name) and isinstance(self.subst.get(node.value), ColumnNode):
            return self.column(self.subst[node.value].node)  # the loop's column this pass
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
        col = reader(node, self.arguments(node, _PARAMS.get(kind, ())))
        col.node = node
        return col

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
        node = given.get(key)
        if isinstance(node, cst.Name) and node.value in self.subst:
            value = self.subst[node.value]
            if value == SENTINEL:
                if key != "key":
                    raise NotTranslatable(f"the run-time key is given as {key}, not as the column's key", node)
                self.key_uses += 1
                return value
        return self.static(node, what or key) if key in given else default

    def _unsupported(self, given, call, keys):
        for key in keys:
            if key in given and self.code(given[key]) != "None":
                raise NotTranslatable(f"`{self.code(call)}`: {key} has no checked Keras form", given[key])

    def read_numeric_column(self, call, given) -> Numeric:
        key = self.lit(given, "key", None)
        shape = self.lit(given, "shape", (1,))
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        if "dtype" in given and not self._numeric_dtype(given["dtype"]):
            raise NotTranslatable(f"`{self.code(call)}`: dtype `{self.code(given['dtype'])}` is not a TensorFlow "
                                  "integer or float type tfmigrate can read", given["dtype"])
        normalizer = None
        fn = given.get("normalizer_fn")
        if fn is not None and not (isinstance(fn, cst.Name) and fn.value == "None"):
            bound = self.binding(fn) if isinstance(fn, cst.Name) else None
            if isinstance(fn, cst.Lambda) and self._closed(fn):
                normalizer = esc(self.code(fn))
            elif isinstance(bound, (cst.FunctionDef, cst.Lambda)) and self._closed(fn):
                normalizer = fn.value
            elif self.runtime:
                # a closure over a comprehension's or a helper's names, a factory's result:
                # the model calls the very function the column holds (TF1 called it on the
                # raw feature too)
                self.runtime_nodes.append(fn)
                normalizer = RUNTIME
            else:
                raise NotTranslatable(f"normalizer_fn `{self.code(fn)}` is not a lambda or function over module-level "
                                      "names only, and here the model cannot take it from the TF1 column when the "
                                      "program runs: what it computes cannot be followed", fn)
        # default_value only fills examples missing from parsed tf.Examples, and dtype only
        # says how to parse them (NumericColumn._transform_input_tensor never reads it): a
        # Dataset of dense tensors has neither.
        return Numeric(name=key, source=self.code(call), key=key, size=math.prod(shape), normalizer=normalizer)

    NUMERIC_DTYPES = {"float16", "bfloat16", "float32", "float64", "double", "half", "int8", "int16", "int32",
                      "int64", "uint8", "uint16", "uint32", "uint64"}

    def _numeric_dtype(self, node) -> bool:
        """tf.float32, tf.int64, "float32", ... (TF1 accepts any integer or float dtype)."""
        if isinstance(node, cst.SimpleString):
            return ast.literal_eval(node.value) in self.NUMERIC_DTYPES
        name = normalize(self.name_of(node)) or ""
        return name.startswith("tf.") and name.rsplit(".", 1)[-1] in self.NUMERIC_DTYPES \
            and name.count(".") <= 2 and name.split(".")[1] in (name.rsplit(".", 1)[-1], "dtypes")

    def _closed(self, fn: cst.CSTNode) -> bool:
        """Does a normalizer mean the same copied into the model class at the top of the
        module? Every name it reads must be a module-level name (read when it is called, then
        as now), and its parameter defaults literals: `lambda x, m=mean: ...` froze `mean`
        when the column was built, a copy would read it later."""
        for sub in _walk(fn):
            if isinstance(sub, cst.Lambda):
                for p in (*sub.params.posonly_params, *sub.params.params, *sub.params.kwonly_params):
                    if p.default is not None:
                        try:
                            ast.literal_eval(self.code(p.default))
                        except (ValueError, SyntaxError):
                            return False
        return self.parent is None or global_only(fn, self.parent)

    def read_bucketized_column(self, call, given) -> Categorical:
        source = self.column(given["source_column"])
        if not isinstance(source, Numeric):
            raise NotTranslatable("bucketized_column of a non-numeric column", call)
        node = given.get("boundaries")
        if isinstance(node, cst.Name) and self.subst.get(node.value) == SENTINEL:
            self.lit(given, "boundaries", [])  # raises: the run-time key given as boundaries
        value = self.static_or_runtime(node, "boundaries") if node is not None else []
        if value is RUNTIME:
            # Computed by the program (quantiles of the data, a helper's list): TF1's column
            # holds them as a tuple of floats, checked sorted, built before any model tensor
            # exists; the model reads that tuple (and num_buckets) from the column object.
            return Categorical(name=f"{source.name}_bucketized", source=self.code(call), kind="bucketized",
                               num_buckets=None, options={"boundaries": RUNTIME, "per_value": None},
                               parts=[source])
        boundaries = [float(b) for b in value]
        return Categorical(name=f"{source.name}_bucketized", source=self.code(call), kind="bucketized",
                           num_buckets=(len(boundaries) + 1) * source.size, options={"boundaries": boundaries,
                                                                               "per_value": len(boundaries) + 1},
                           parts=[source])

    def _vocab(self, call, given, vocab, kind) -> Categorical:
        key = self.lit(given, "key", None)
        dtype = self.code(given["dtype"]) if "dtype" in given else None
        num_oov = self.lit(given, "num_oov_buckets", 0)
        default = self.lit(given, "default_value", -1)
        if num_oov and default != -1:
            raise NotTranslatable(f"`{self.code(call)}`: TF1 rejects num_oov_buckets with default_value", call)
        if vocab is RUNTIME:  # read from the TF1 column (vocabulary_list, dtype, num_buckets) by the model
            return Categorical(name=key, source=self.code(call), kind=kind, key=key, num_buckets=None,
                               options={"vocabulary": RUNTIME, "num_oov": num_oov, "default": default,
                                        "strings": None})
        strings = all(isinstance(v, str) for v in vocab) if vocab else not (dtype and "int" in dtype)
        return Categorical(name=key, source=self.code(call), kind=kind, key=key, num_buckets=len(vocab) + num_oov,
                           options={"vocabulary": list(vocab), "num_oov": num_oov, "default": default,
                                    "strings": strings})

    def read_categorical_column_with_vocabulary_list(self, call, given) -> Categorical:
        if "vocabulary_list" not in given:
            raise NotTranslatable(f"`{self.code(call)}` has no vocabulary_list", call)
        vocab = self.static_or_runtime(given["vocabulary_list"], "vocabulary_list")
        return self._vocab(call, given, vocab if vocab is RUNTIME else list(vocab), "vocabulary")

    def read_categorical_column_with_vocabulary_file(self, call, given) -> Categorical:
        if self.runtime and not ("dtype" in given and self.code(given["dtype"]) not in ("tf.string", "tf.dtypes.string")):
            # The model reads the file the TF1 column names when it is built, as TF1's table
            # did when the graph ran: a file the program writes, or a path it computes, both work.
            column = self._vocab(call, given, RUNTIME, "vocabulary")
            column.options["file"] = True
            self.runtime_nodes.append(given.get("vocabulary_file", call))
            return column
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
        """TF 2.15 CrossedColumn.transform_feature: `sparse_cross_hashed` over the raw values
        of string keys and the int64 ids of categorical columns, in the order given (nested
        crosses flattened), with hash_key (None: the op's default key)."""
        keys = given["keys"]
        if isinstance(keys, cst.Name) and isinstance(self.binding(keys), (cst.List, cst.Tuple)):
            keys = self.binding(keys)
        if isinstance(keys, cst.Call) and isinstance(keys.func, cst.Name) and keys.func.value == "set" \
                and self.binding(keys.func) is None and len(keys.args) == 1 \
                and isinstance(keys.args[0].value, (cst.List, cst.Tuple)):
            # `crossed_column(set([longitude, latitude]))` (the course's): TF1 crossed them in the
            # set's order, which string hashing makes differ from one process to the next; the
            # written order is one of those orders (only which bucket ids a cross gets differs)
            keys = keys.args[0].value
        if not isinstance(keys, (cst.List, cst.Tuple)):
            raise NotTranslatable("crossed_column keys are not a list", keys)
        parts: list = []
        nested = False
        for el in keys.elements:
            if isinstance(el.value, cst.SimpleString):
                parts.append(ast.literal_eval(el.value.value))
                continue
            part = self.column(el.value)
            if not isinstance(part, Categorical) or part.kind in ("weighted", "hash"):
                raise NotTranslatable("crossed_column of a column that is not categorical, weighted or hashed "
                                      "(TF1 refuses the last two)", el.value)
            nested |= part.kind == "crossed"
            parts += part.parts if part.kind == "crossed" else [part]  # _collect_leaf_level_keys
        names = sorted(p if isinstance(p, str) else p.name for p in parts)
        hash_key = self.lit(given, "hash_key", None)
        return Categorical(name="_X_".join(names), source=self.code(call), kind="crossed",
                           num_buckets=self.lit(given, "hash_bucket_size", None), parts=parts,
                           options={"hash_key": hash_key, "nested": nested})

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
            if iname not in _INITIALIZERS or (_INITIALIZERS[iname] == "Constant" and not (
                    len(init.args) == 1 and (init.args[0].keyword is None or init.args[0].keyword.value == "value"))):
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
    # a table of the given values (Keras's Constant broadcasts its value to the table's shape)
    "tf.constant_initializer": "Constant", "tf.keras.initializers.Constant": "Constant",
}


RUNTIME_KINDS = {"vocabulary", "hash", "identity", "bucketized"}


def _runtime_ok(col) -> bool:
    """Templates whose per-key layers are all shareable except an embedding table."""
    if isinstance(col, Numeric):
        return True
    if isinstance(col, Categorical):
        return col.kind in RUNTIME_KINDS and col.options.get("vocabulary") is not RUNTIME \
            and col.options.get("boundaries") is not RUNTIME
    return isinstance(col, Dense) and col.categorical is not None and _runtime_ok(col.categorical)


# -- the Keras code -------------------------------------------------------------------


@dataclass(frozen=True)
class ColumnNode:
    """A loop variable's value in one pass of a loop over columns written out: the column."""
    node: cst.BaseExpression


def _loop_names(target: cst.BaseExpression) -> Optional[list[str]]:
    """The names a loop binds: `k`, or `name, vocab` (a flat tuple of names); None otherwise."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)) and target.elements and all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements):
        return [e.value.value for e in target.elements]  # type: ignore[union-attr]
    return None
