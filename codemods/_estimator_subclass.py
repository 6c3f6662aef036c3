"""An Estimator subclass (`class RingClassifier(tf.estimator.Estimator)`) whose `__init__`
builds its params and hands a static model_fn to the Estimator:

    class RingClassifier(tf.estimator.Estimator):
        def __init__(self, hidden_units, config=None):
            params = {"hidden_units": hidden_units}
            super().__init__(model_fn=self._model_fn, config=config, params=params)

        @staticmethod
        def _model_fn(features, labels, mode, params): ...

is, to its callers, a function that returns an Estimator. It is first written so, with the
same name, so that `RingClassifier(...)` still reads as before:

    def _ring_classifier_model_fn(features, labels, mode, params): ...

    def RingClassifier(hidden_units, config=None):
        params = {"hidden_units": hidden_units}
        return tf.estimator.Estimator(model_fn=_ring_classifier_model_fn, config=config, params=params)

and the engine runs the rules again (Finding.rewrite_again), where the factory rewrite
(codemods/_estimator_factory.py) turns it into Keras with its drivers. The first step is
taken only when the second surely follows: the rewritten module is analysed first, with no
project in view, and must give that factory's pipeline a rewrite. Otherwise the class
stays, with the report that says what to change (estimator.py subclass_reason).
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst
from libcst.metadata import MetadataWrapper

from tfmigrate import project_index
from tfmigrate.rule import Finding, Replace
from tfmigrate.codemods._estimator_common import CODE_PIPELINE, ESTIMATOR, _AnalysisBase, _walk


class _Subclass(_AnalysisBase):
    def subclass_findings(self) -> list[Finding]:
        out: list[Finding] = []
        for stmt in self.module.body:
            if isinstance(stmt, cst.ClassDef) and len(stmt.bases) == 1 \
                    and (self.name_of(stmt.bases[0].value) or "") == ESTIMATOR:
                found = self.subclass_as_factory(stmt)
                if found is not None:
                    out.append(found)
        return out

    def subclass_as_factory(self, cls: cst.ClassDef) -> Optional[Finding]:
        """The finding that writes `cls` as a factory function, or None when it is not of the
        form above or the factory would not be rewritten."""
        if cls.decorators or cls.keywords or not isinstance(cls.body, cst.IndentedBlock):
            return None
        init, model_fn = None, None
        for i, member in enumerate(cls.body.body):
            if i == 0 and isinstance(member, cst.SimpleStatementLine) and len(member.body) == 1 \
                    and isinstance(member.body[0], cst.Expr) and isinstance(member.body[0].value, cst.SimpleString):
                continue  # the docstring
            if isinstance(member, cst.FunctionDef) and member.name.value == "__init__" and not member.decorators:
                init = member
            elif isinstance(member, cst.FunctionDef) and len(member.decorators) == 1 \
                    and isinstance(member.decorators[0].decorator, cst.Name) \
                    and member.decorators[0].decorator.value == "staticmethod" and model_fn is None:
                model_fn = member
            else:
                return None
        if init is None or model_fn is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        params = init.params
        if not params.params or params.params[0].name.value != "self" or params.star_arg not in (
                None, cst.MaybeSentinel.DEFAULT) or params.star_kwarg or params.kwonly_params or params.posonly_params:
            return None
        *prelude, last = init.body.body
        call = self.super_init(last, cls)
        if call is None or any(arg.keyword is None or arg.star for arg in call.args):
            return None
        handed = {arg.keyword.value: arg for arg in call.args}  # type: ignore[union-attr]
        fn_arg = handed.get("model_fn")
        if fn_arg is None or not (isinstance(fn_arg.value, cst.Attribute)
                                  and fn_arg.value.attr.value == model_fn.name.value
                                  and isinstance(fn_arg.value.value, cst.Name)
                                  and fn_arg.value.value.value in ("self", cls.name.value)):
            return None
        others = [n for s in prelude for n in _walk(s) if isinstance(n, cst.Name) and n.value in ("self", "super")]
        if others or any(not isinstance(s, cst.SimpleStatementLine) for s in prelude) or any(
                isinstance(n, cst.Name) and n.value == "self" for n in _walk(model_fn)):
            return None
        if not self.only_called(cls):
            return None
        name = self.fresh_function_name(cls.name.value)
        if name is None:
            return None
        indent = self.module.default_indent
        # LibCST keeps indentation relative to the block: the method reads right at the top level.
        fn = model_fn.with_changes(name=cst.Name(name), decorators=[], leading_lines=cls.leading_lines)
        base = self.code(cls.bases[0].value)
        args = ", ".join(f"{k}={name if k == 'model_fn' else self.code(a.value)}" for k, a in handed.items())
        factory_params = params.with_changes(params=params.params[1:])
        body = "".join(self.module.code_for_node(s) for s in prelude)
        factory_src = (f"def {cls.name.value}({self.module.code_for_node(factory_params)}):\n"
                       + "".join(indent + line + "\n" if line.strip() else "\n"
                                 for line in self.dedented_block(body).splitlines())
                       + f"{indent}return {base}({args})\n")
        factory = cst.parse_module(factory_src).body[0].with_changes(
            leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
        new = cst.FlattenSentinel([fn, factory])
        if not self.rewritten_after(cls, new, cls.name.value):
            return None
        return Finding(CODE_PIPELINE, f"`{cls.name.value}`, a subclass of tf.estimator.Estimator, → a function that "
                       f"returns tf.estimator.Estimator(model_fn={name}, ...), which is then rewritten as an "
                       "Estimator factory", cls, edits=(Replace(cls, new),), rewrite_again=True)

    def super_init(self, stmt: cst.CSTNode, cls: cst.ClassDef) -> Optional[cst.Call]:
        """`super().__init__(...)` / `super(Cls, self).__init__(...)` as a statement."""
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)):
            return None
        call = stmt.body[0].value
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                and call.func.attr.value == "__init__" and isinstance(call.func.value, cst.Call)):
            return None
        inner = call.func.value
        if not (isinstance(inner.func, cst.Name) and inner.func.value == "super"):
            return None
        if inner.args and [self.code(a.value) for a in inner.args] != [cls.name.value, "self"]:
            return None
        return call

    def only_called(self, cls: cst.ClassDef) -> bool:
        """Is the class named only to be called (no isinstance, no subclass, no attribute)?"""
        inside = {id(n) for n in _walk(cls)}  # `super(Cls, self)` names it too
        uses = [n for n in self.index.of(cst.Name) if n.value == cls.name.value and id(n) not in inside]
        for use in uses:
            parent = self.parents.get(use)
            if not (isinstance(parent, cst.Call) and parent.func is use):
                return False
        return bool(uses)

    def fresh_function_name(self, cls_name: str) -> Optional[str]:
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", cls_name).lower().lstrip("_")
        for candidate in (f"{snake}_model_fn", f"_{snake}_model_fn"):
            if candidate not in self.all_names:
                return candidate
        return None

    def dedented_block(self, text: str) -> str:
        lines = text.splitlines()
        widths = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
        cut = min(widths) if widths else 0
        return "\n".join(line[cut:] if line.strip() else "" for line in lines) + "\n"

    def rewritten_after(self, cls: cst.ClassDef, new: cst.FlattenSentinel, factory: str) -> bool:
        """Would the module, with the class written as a factory, have that factory's pipeline
        rewritten? (Analysed with no project in view: no state of the run is touched.)"""
        module = self.module.deep_replace(cls, new)  # type: ignore[arg-type]
        try:
            text = module.code if isinstance(module, cst.Module) else None
            reparsed = cst.parse_module(text) if text is not None else None
        except cst.ParserSyntaxError:
            return False
        if reparsed is None:
            return False
        with project_index.active(None):
            findings = type(self)(MetadataWrapper(reparsed, unsafe_skip_copy=True)).run()  # type: ignore[attr-defined]
        return any(f.code == CODE_PIPELINE and f.edits and f"returned by `{factory}`" in f.message for f in findings)
