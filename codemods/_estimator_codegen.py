"""The code a rewritten pipeline becomes: the Keras model class, its construction under
the strategy, and the edits that replace the Estimator and its drivers (TFM200).
"""

from __future__ import annotations

from typing import Optional, Sequence

import libcst as cst

from tfmigrate.codemods._model_fn import KerasModelCode
from tfmigrate.names import is_compat_v1
from tfmigrate.rule import Edit, Finding, InsertBefore, Replace
from tfmigrate.codemods._estimator_common import (
    CODE_DROPPED, CODE_PIPELINE, COLLECTIVE, CONTRIB_MIRRORED, FACTORY_RETURN, MIRRORED, MODE_KEY_STRINGS,
    MULTI_WORKER, TF1_IMPORTS, _AnalysisBase, _Pipeline, _merged_lines, _walk,
)


# Keras 3 counts one optimizer iteration more when a finite dataset runs out under a
# strategy, or when the dataset's length is unknown (a TextLineDataset, a filter): the
# failing last step increments `iterations` without changing a weight (checked on TF 2.21:
# with 2 replicas 8 per-replica batches gave 4 steps and iterations 5; a filtered dataset
# of 13 batches gave 13 callbacks, the weights of 13 updates, and iterations 14). The
# Estimator's global_step counted real steps only, and max_steps, evaluate()'s global_step
# and checkpoint numbers read it, so the model class puts the count of real steps back.
_REAL_STEP_COUNT = """
def fit(self, *args, **kwargs):
    # Keras counts one optimizer iteration more when a dataset runs out under a strategy or
    # is of unknown length (no weight changes); Estimator's global_step counted real steps.
    last = {{}}
    record = {tf}.keras.callbacks.LambdaCallback(
        on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
    history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
    if "step" in last:
        self.optimizer.iterations.assign(last["step"])
    return history
"""


def _with_real_step_count(model_class: cst.ClassDef, tf: str, indent: str) -> cst.ClassDef:
    method = cst.parse_module(_REAL_STEP_COUNT.format(tf=tf).replace("    ", indent)).body[0]
    method = method.with_changes(leading_lines=[cst.EmptyLine(indent=False)])
    body = model_class.body
    return model_class.with_changes(body=body.with_changes(body=[*body.body, method]))



def counting_real_steps(first: cst.BaseStatement, tf: str, indent: str) -> cst.BaseStatement:
    """The generated model class under a strategy, with its real step count: `first` is
    the class, or the function that holds it (a partial's or a method's `make_..._for`)."""
    if isinstance(first, cst.ClassDef):
        return _with_real_step_count(first, tf, indent)
    if isinstance(first, cst.FunctionDef) and isinstance(first.body, cst.IndentedBlock) \
            and first.body.body and isinstance(first.body.body[0], cst.ClassDef):
        inner = [_with_real_step_count(first.body.body[0], tf, indent), *first.body.body[1:]]
        return first.with_changes(body=first.body.with_changes(body=inner))
    return first


# Datasets whose length tf.data cannot know: made from files or generators, or cut by a
# predicate (tf.data cardinality UNKNOWN).
UNKNOWN_LENGTH = frozenset({
    "TextLineDataset", "TFRecordDataset", "FixedLengthRecordDataset", "CsvDataset", "SqlDataset", "from_generator",
    "make_csv_dataset", "make_batched_features_dataset", "list_files", "filter", "interleave", "parallel_interleave",
    "flat_map", "unbatch", "take_while", "rejection_resample", "ignore_errors",
})


class _Codegen(_AnalysisBase):
    def length_may_be_unknown(self) -> bool:
        """Does the module build a dataset of unknown length (UNKNOWN_LENGTH), which Keras
        counts one iteration too many at its end? Read anywhere in the module: a count put
        back where it was right is the same count."""
        return any(node.attr.value in UNKNOWN_LENGTH for node in self.index.of(cst.Attribute)) or any(
            node.value in UNKNOWN_LENGTH and self.name_of(node) is not None for node in self.index.of(cst.Name))

    def pipeline_fix(self, pipeline: _Pipeline, model: KerasModelCode) -> Finding:
        tf = pipeline.tf
        indent = self.module.default_indent
        fn_node = pipeline.model_fn_node
        source = model.source.replace("    ", "\t") if indent == "\t" else model.source
        new_defs = list(cst.parse_module(source).body) if source.strip() else []
        if (pipeline.strategy_name or self.length_may_be_unknown()) and new_defs:
            new_defs[0] = counting_real_steps(new_defs[0], tf, indent)
        edits: list[Edit] = []
        top_defs: list[cst.BaseStatement] = []
        if pipeline.model_fn_method is not None:  # a method's: after its class (_estimator_method.py)
            method_edits, top_defs = self.method_edits(pipeline.model_fn_method, new_defs,  # type: ignore[attr-defined]
                                                       pipeline.estimator_stmt, pipeline.removed)
            edits += method_edits
        elif fn_node is not None:  # the model class and its make function take the model_fn's place
            if not isinstance(self.parents.get(fn_node), cst.Module):
                # Inside a factory: blank lines between the definitions carry no indentation.
                new_defs = [d.with_changes(leading_lines=[line.with_changes(indent=False) if line.comment is None
                                                          else line for line in d.leading_lines])
                            for d in new_defs]
            new_defs[0] = new_defs[0].with_changes(leading_lines=fn_node.leading_lines)
            if pipeline.shared_model_fn:  # written once for all its Estimators (EstimatorRule.run)
                self.shared_fn_code[id(pipeline.estimator_call)] = (
                    cst.Module(body=new_defs).code, Replace(fn_node, cst.FlattenSentinel(new_defs)))
            else:
                edits.append(Replace(fn_node, cst.FlattenSentinel(new_defs)))
        elif new_defs:  # a canned Estimator: its model class goes above the top-level statement that builds it
            top = pipeline.estimator_stmt
            while not isinstance(self.parents.get(top), cst.Module):
                top = self.parents.get(top)
            two_blank = [cst.EmptyLine(), cst.EmptyLine()]
            if top is pipeline.estimator_stmt:
                new_defs[0] = new_defs[0].with_changes(leading_lines=[*top.leading_lines, *two_blank])
                top_defs = new_defs
            else:
                edits.append(InsertBefore(top, new_defs, separator=[cst.EmptyLine()] * 2))
        strategy_line = None
        if pipeline.strategy_name:
            strategy_edits, strategy_line = self.strategy_rewrite(pipeline, tf)
            edits += strategy_edits
        seen: set[int] = set()
        gone = {id(stmt) for stmt in pipeline.removed}
        for stmt in pipeline.removed:
            if id(stmt) not in seen:
                seen.add(id(stmt))
                edits.append(Replace(stmt, cst.RemovalSentinel.REMOVE,
                                     keep_comments=self.comments_move_on(stmt, pipeline, gone)))
        self.inherited = self.lines_of_removed(pipeline, seen)
        construction = self.construction(pipeline, model, strategy_line, indent)
        if pipeline.in_list:
            # `[("linear", LinearRegressor(...)), ...]`: each model is built, in order, just above
            # the list, which holds it by that name.
            nodes = list(construction.nodes)
            if top_defs:  # at the top of the module: the model class, two blank lines, the model
                two_blank = [cst.EmptyLine(), cst.EmptyLine()]
                top_defs = [top_defs[0].with_changes(leading_lines=[]), *top_defs[1:]]
                nodes[0] = nodes[0].with_changes(leading_lines=two_blank)
                edits.append(InsertBefore(pipeline.estimator_stmt, [*top_defs, *nodes], separator=two_blank))
            else:
                nodes[0] = nodes[0].with_changes(leading_lines=[])
                edits.append(InsertBefore(pipeline.estimator_stmt, nodes))
            edits.append(Replace(pipeline.estimator_call, cst.Name(pipeline.estimator_name)))
        elif top_defs:
            first, *rest = construction.nodes
            first = first.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine(), *first.leading_lines[
                len(pipeline.estimator_stmt.leading_lines):]])
            construction = cst.FlattenSentinel([*top_defs, first, *rest])
        if not pipeline.in_list:
            edits.append(Replace(pipeline.estimator_stmt, construction))
        for c in pipeline.calls:
            text = "".join(line + "\n" for line in c.lines)
            new = list(cst.parse_module(text.replace("    ", indent)).body)
            new[0] = new[0].with_changes(leading_lines=_merged_lines(self.inherited.get(id(c.stmt), []),
                                                                     c.stmt.leading_lines))
            edits.append(Replace(c.stmt, cst.FlattenSentinel(new)))
        for call, text in pipeline.expressions:
            edits.append(Replace(call, cst.parse_expression(text)))
        for stmt, lines in pipeline.before:
            text = "".join(line + "\n" for line in lines)
            edits.append(InsertBefore(stmt, list(cst.parse_module(text.replace("    ", indent)).body)))
        edits += pipeline.input_edits.values()
        edits += self.factory_edits(pipeline)
        edits += self.mode_key_strings(fn_node)
        if pipeline.model_fn_return is not None:
            edits.append(Replace(pipeline.model_fn_return, cst.Name(model.make)))
        notes = tuple(Finding(CODE_DROPPED, f"RunConfig({a.keyword.value}=...) dropped: it only affected logging "  # type: ignore[union-attr]
                              "or when checkpoints were written", a) for a in pipeline.dropped)
        notes += tuple(Finding(CODE_DROPPED, f"`{self.code(h)}` dropped: it only logged tensors", h)
                       for h in pipeline.dropped_hooks)
        notes += tuple(Finding(CODE_DROPPED, why, node) for node, why in getattr(model, "dropped", ()))
        notes += tuple(Finding(CODE_DROPPED, why, node) for node, why in pipeline.dropped_why)
        alias_edits, alias_notes = self.contrib_aliases(fn_node, getattr(model, "dropped", ()))
        edits += alias_edits
        notes += alias_notes
        imports = pipeline.imports
        unused = TF1_IMPORTS + pipeline.drop_imports
        for fix in pipeline.config_fixes:
            edits += list(fix.edits)
            notes += fix.notes
            imports += fix.add_imports
            unused += fix.remove_unused_imports
        if not any(f"{tf}." in self.edit_text(e) for e in edits):  # type: ignore[attr-defined]
            # Nothing written names TensorFlow (the model class is in another module, or is the
            # user's own): no import for it.
            imports = tuple(i for i in imports if not (i.module == "tensorflow" and i.obj is None
                                                       and (i.asname or "tensorflow") == tf))
        where = f"built under {pipeline.strategy_name}.scope(), trained on per-replica batches" \
            if pipeline.strategy_name else "compiled and trained with fit"
        if pipeline.site is not None:
            where += f", returned by `{pipeline.site.factory.name.value}` to `{pipeline.driver}`"
        return Finding(CODE_PIPELINE, f"Estimator pipeline → Keras model `{pipeline.estimator_name}` {where}",
                       pipeline.estimator_call, edits=tuple(edits), add_imports=imports, notes=notes,
                       remove_unused_imports=unused)

    def contrib_aliases(self, model_fn: Optional[cst.CSTNode], dropped: Sequence[tuple[cst.CSTNode, str]]
                        ) -> tuple[list[Edit], tuple[Finding, ...]]:
        """`slim = tf.contrib.slim` at the top of the module, for the model_fn's layers: TF 2 has
        no tf.contrib, so the line would fail when the module is imported. It goes when only the
        model_fn and the helpers the Keras model wrote out read it (those helpers are called no
        more); else it stays, reported."""
        if model_fn is None:
            return [], ()
        inside = {id(n) for node in (model_fn, *(d for d, _ in dropped)) for n in _walk(node)}
        edits: list[Edit] = []
        notes: list[Finding] = []
        for stmt in self.module.body:
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and (self.name_of(small.value) or "").startswith("tf.contrib.")):
                continue
            uses = self.references(small.value)
            if not any(id(u) in inside for u in uses):
                continue
            outside = [u for u in uses if id(u) not in inside]
            if outside:
                notes.append(Finding(CODE_DROPPED, f"`{self.code(small)}` stays: TF 2.16 has no tf.contrib, and line "
                                     f"{self.start(outside[0])[0]} still reads `{small.targets[0].target.value}`; "
                                     "migrate that code by hand", stmt))
            else:
                edits.append(Replace(stmt, cst.RemovalSentinel.REMOVE, keep_comments=True))
        return edits, tuple(notes)

    def mode_key_strings(self, model_fn: Optional[cst.CSTNode]) -> list[Edit]:
        """ModeKeys outside the model_fn (an input_fn factory taking the mode) become the
        strings they always were: tf.estimator.ModeKeys is gone with tf.estimator."""
        edits: list[Edit] = []
        inside = set(map(id, _walk(model_fn))) if model_fn is not None else set()
        # Another model_fn (of a pipeline left as it is) keeps its spelling byte for byte.
        for fn in self.index.of(cst.FunctionDef):
            if fn is not model_fn and any(self.name_of(n.func) == "tf.estimator.EstimatorSpec"
                                          for n in _walk(fn) if isinstance(n, cst.Call)):
                inside |= set(map(id, _walk(fn)))
        for node in self.index.of(cst.Attribute):
            if id(node) in inside or id(node) in self.mode_keys_done:
                continue
            value = MODE_KEY_STRINGS.get(self.name_of(node) or "")
            if value is not None:
                self.mode_keys_done.add(id(node))
                edits.append(Replace(node, cst.SimpleString(f'"{value}"')))
        return edits

    def comments_move_on(self, stmt: cst.CSTNode, pipeline: _Pipeline, gone: set[int]) -> bool:
        """Do the comments above a removed statement go to the next statement the rewrite
        leaves as it is? (Before a rewritten statement, lines_of_removed hands them on.)"""
        body = list(getattr(self.parents.get(stmt), "body", ()))
        if stmt not in body:
            return False
        j = body.index(stmt)
        while j < len(body) and id(body[j]) in gone:
            j += 1
        replaced = {id(pipeline.estimator_stmt)} | {id(c.stmt) for c in pipeline.calls}
        return not (j < len(body) and id(body[j]) in replaced)

    def lines_of_removed(self, pipeline: _Pipeline, removed: set[int]) -> dict[int, list[cst.EmptyLine]]:
        """The blank and comment lines above removed statements (a RunConfig, the specs), for
        the rewritten statement that follows them, so the file keeps its spacing."""
        replaced = {id(pipeline.estimator_stmt)} | {id(c.stmt) for c in pipeline.calls}
        out: dict[int, list[cst.EmptyLine]] = {}
        for stmt in pipeline.removed:
            block = self.parents.get(stmt)
            body = list(getattr(block, "body", ()))
            if stmt not in body:
                continue
            i = body.index(stmt)
            if i > 0 and id(body[i - 1]) in removed:
                continue  # the first of a run of removed statements hands on the lines
            j = i
            lines: list[cst.EmptyLine] = []
            while j < len(body) and id(body[j]) in removed:
                lines += list(getattr(body[j], "leading_lines", ()))
                j += 1
            if j < len(body) and id(body[j]) in replaced:
                out.setdefault(id(body[j]), []).extend(lines)
        return out

    def free_names(self, *candidates: Sequence[str]) -> Optional[list[str]]:
        chosen = []
        for options in candidates:
            free = [c for c in options if c not in self.all_names and c not in chosen]
            if not free:
                return None
            chosen.append(free[0])
        return chosen

    def strategy_rewrite(self, pipeline: _Pipeline, tf: str) -> tuple[list[Edit], Optional[str]]:
        """Edits for a strategy made by its own statement, or the statement that creates
        an inline one (its RunConfig is removed) before the scope."""
        call = pipeline.strategy_call
        assert call is not None
        kind = self.name_of(call.func) or ""
        new_call = call
        if kind in MIRRORED | MULTI_WORKER and is_compat_v1(self.qnames, call.func):
            # The compat.v1 class is the V1 strategy; Keras needs tf.distribute's.
            new_call = call.with_changes(func=cst.parse_expression(f"{tf}.distribute.{kind.rsplit('.', 1)[1]}"))
        if pipeline.strategy_stmt is None:
            return [], f"{pipeline.strategy_name} = {self.code(new_call)}\n"
        if kind == CONTRIB_MIRRORED or kind in COLLECTIVE:
            return [], None  # the strategy finding rewrites it (TFM201 / TFM202)
        self.handled_strategies.add(call)
        return ([Replace(call, new_call)] if new_call is not call else []), None

    def construction(self, pipeline: _Pipeline, model: KerasModelCode, strategy_line: Optional[str],
                     indent: str) -> cst.FlattenSentinel:
        tf, est = pipeline.tf, pipeline.estimator_name
        args = ""
        if model.takes_params:
            args = pipeline.params if pipeline.params is not None else "{}"
        lines: list[str] = []
        if strategy_line is not None:
            lines.append(strategy_line.rstrip("\n"))
        seed = f"{tf}.keras.utils.set_random_seed({pipeline.seed})" if pipeline.seed is not None else None
        if seed is not None and not pipeline.user_model:
            lines.append(seed)
        args = ", ".join([a for a in (args,) if a] + [source for _, source in model.extra_args])
        build = model.build if model.build is not None else f"{model.make}({args})"
        if pipeline.strategy_name:
            lines.append("# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function "
                         "does too.")
            lines.append(f"with {pipeline.strategy_name}.scope():")
            lines.append(f"    {est} = {build}")
        elif build != est:
            lines.append(f"{est} = {build}")
        if seed is not None and pipeline.user_model:
            # The user's model drew its weights before the Estimator existed; RunConfig's seed
            # only seeded what ran in the Estimator's graph (dropout, the input_fn's shuffles).
            lines.append(seed)
        if pipeline.model_dir is not None:
            checkpoint, checkpoints = pipeline.checkpoint, pipeline.checkpoints
            if pipeline.temporary_model_dir:
                lines.append("# A model_dir of None or \"\" gave the Estimator a temporary directory.")
            lines.append(f"{checkpoint} = {tf}.train.Checkpoint(model={est}, optimizer={est}.optimizer)")
            every = (f", step_counter={est}.optimizer.iterations, checkpoint_interval={pipeline.save_every}"
                     if pipeline.save_every is not None else "")
            lines.append(f"{checkpoints} = {tf}.train.CheckpointManager({checkpoint}, {pipeline.model_dir}, "
                         f"max_to_keep={pipeline.keep or 5}{every})")
        site = pipeline.site
        if site is not None and site.inline:  # `return Estimator(...)`: the factory returns the model
            if pipeline.model_dir is not None:
                lines += [FACTORY_RETURN, f"return {est}, {pipeline.checkpoints}"]
            else:
                lines.append(f"return {est}")
        text = "".join(line + "\n" for line in lines).replace("    ", indent)
        if pipeline.built_before:  # the user's statements that build the model, under the scope
            moved = "".join(indent + line if line.strip() else line for line in pipeline.built_before.splitlines(True))
            text = text.replace(f"{indent}{est} = {build}\n", moved + f"{indent}{est} = {build}\n", 1)
        module = cst.parse_module(text)
        out = list(module.body)
        if not out:  # `model = model_to_estimator(model)`: nothing to build; comments above stay
            return cst.FlattenSentinel([])
        out[0] = out[0].with_changes(leading_lines=[*_merged_lines(self.inherited.get(id(pipeline.estimator_stmt), []),
                                                                   pipeline.estimator_stmt.leading_lines),
                                                    *module.header, *out[0].leading_lines])
        return cst.FlattenSentinel(out)
