"""Stand-alone use of codemods/_canned.py, without the rule that will drive it: parse a
source, give translate_canned the callables the rule gives it (names through imports,
source text, single bindings), and splice the Keras model into the program.

    python translate.py PROGRAM.py OUT.py   writes the program with its canned
                                            Estimator replaced by `model = <build>`
"""

from __future__ import annotations

import sys
from typing import Optional

import libcst as cst
from libcst.metadata import MetadataWrapper, ParentNodeProvider, QualifiedNameProvider, QualifiedNameSource, ScopeProvider

from tfmigrate.codemods._canned import CANNED_CLASSES, CannedModel, translate_canned


def canonical(qualified: str) -> str:
    """tensorflow.compat.v1.X → tf.compat.v1.X, tensorflow.X → tf.X (compat.v1 kept, as the rule does)."""
    for prefix, short in (("tensorflow._api.v2.", "tf."), ("tensorflow.", "tf.")):
        if qualified.startswith(prefix):
            return short + qualified[len(prefix):]
    return qualified


class Module:
    def __init__(self, source: str) -> None:
        self.wrapper = MetadataWrapper(cst.parse_module(source))
        self.module = self.wrapper.module
        self.qnames = self.wrapper.resolve(QualifiedNameProvider)
        self.scopes = self.wrapper.resolve(ScopeProvider)
        self.parents = self.wrapper.resolve(ParentNodeProvider)
        self.parent = self.parents.get

    def name_of(self, node: cst.CSTNode) -> Optional[str]:
        found = self.qnames.get(node, ())
        found = set(found() if callable(found) else found)
        if not found or any(q.source != QualifiedNameSource.IMPORT for q in found):
            return None
        names = {canonical(q.name) for q in found}
        return names.pop() if len(names) == 1 else None

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def binding(self, name: cst.Name) -> Optional[cst.CSTNode]:
        scope = self.scopes.get(name)
        if scope is None:
            return None
        bindings = list(scope[name.value])
        if len(bindings) != 1:
            return None
        node = getattr(bindings[0], "node", None)
        if isinstance(node, cst.FunctionDef):
            return node
        parent = self.parents.get(node)
        if isinstance(parent, cst.AssignTarget):
            assign = self.parents.get(parent)
            if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
                return assign.value
        return None

    def canned_calls(self):
        for node in self.qnames:
            if isinstance(node, cst.Call):
                name = self.name_of(node.func)
                if name and name.rsplit(".", 1)[-1] in CANNED_CLASSES and ".estimator." in name:
                    yield node, name

    def translate(self, call: cst.Call, kind: str) -> CannedModel:
        return translate_canned(call, kind, self.name_of, self.code, self.binding, parent=self.parent)

    def statement_of(self, node: cst.CSTNode) -> cst.CSTNode:
        while not isinstance(node, cst.SimpleStatementLine):
            node = self.parents[node]
        return node


def fill(text: str, tf: str = "tf") -> str:
    return text.format(tf=tf, keras=f"{tf}.keras")


def splice(source: str) -> tuple[str, CannedModel]:
    """The program with its one canned Estimator statement `NAME = Estimator(...)` replaced
    by `NAME = <build>`, evaluated there, and the model's definitions above the top-level
    statement holding it (as the rule places them)."""
    mod = Module(source)
    (call, kind), = list(mod.canned_calls())
    result = mod.translate(call, kind)
    stmt = mod.statement_of(call)
    target = mod.code(stmt.body[0].targets[0].target)
    top = stmt
    while not isinstance(mod.parents[top], cst.Module):
        top = mod.parents[top]
    scope = mod.scopes[stmt.body[0]]
    for name in result.reads:  # the rule checks that `build` can be evaluated there
        assert list(scope[name]), f"{name} is not bound where the Estimator is built"
    definitions = cst.parse_module(fill(result.definitions)).body
    built = cst.parse_statement(f"{target} = {fill(result.build)}\n")

    class Replace(cst.CSTTransformer):
        def on_leave(self, original, updated):
            if original is stmt:
                updated = built
            if original is top:
                return cst.FlattenSentinel([*definitions, updated])
            return updated

    edits = {id(node): text for node, text in result.edits}

    class Edit(cst.CSTTransformer):
        def on_leave(self, original, updated):
            if id(original) in edits:
                return cst.parse_expression(fill(edits[id(original)]))
            return updated

    module = mod.module.visit(Edit()).visit(Replace()) if edits else mod.module.visit(Replace())
    return module.code, result


if __name__ == "__main__":
    text, _ = splice(open(sys.argv[1], encoding="utf-8").read())
    with open(sys.argv[2], "w", encoding="utf-8") as fh:
        fh.write(text)
