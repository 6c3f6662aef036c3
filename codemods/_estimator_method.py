"""A model_fn that is a method of an object (`Estimator(model_fn=clf.model_fn)`, or
`Estimator(model_fn=self.model_fn)` in another method of its class).

The method reads its object's state (`self.hidden_units`). The Keras class the rewrite
writes has a `self` of its own, so the method cannot simply become a method that holds
that class: the object is handed to a module-level function under another name,
`make_classifier_model_for(classifier)`, which holds the Keras class and its make
function (as for a `functools.partial`, codemods/estimator.py) and reads
`classifier.hidden_units` where the method read `self.hidden_units`. The method leaves
the class, which gets the function right after it; the Estimator's place calls
`make_..._for(clf)(params)`.

Followed only when the object is read, never changed: the method reads attributes of its
object (no calls of other methods, no assignments through it), those attributes are set
nowhere in the file but in the class's `__init__` (TF1 read them again each time it built
a graph, for each train, evaluate and predict; the Keras model reads them once), the class
is defined at the top of the module and subclassed nowhere in the file, and nothing else
in the file reads the method.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import libcst as cst

from tfmigrate.rule import Edit, InsertBefore, Replace
from tfmigrate.codemods._estimator_common import (
    CODE_MODEL_FN, MODE_KEY_STRINGS, _AnalysisBase, _Pipeline, _Problem, _walk,
)


@dataclass
class _Method:
    owner: cst.ClassDef
    fn: cst.FunctionDef  # the method as the Estimator saw it: without its first parameter
    method: cst.FunctionDef  # the method as written
    instance: str  # the name the function that makes the model gives the object
    reads: set[int] = field(default_factory=set)  # the Name nodes that read the object in the method
    attributes: set[str] = field(default_factory=set)  # the attributes of the object it reads


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower().strip("_") or "owner"


class _RenameReads(cst.CSTTransformer):
    def __init__(self, reads: set[int], name: str) -> None:
        self.reads, self.name = reads, name

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        return updated_node.with_changes(value=self.name) if id(original_node) in self.reads else updated_node


def _assigned(node: cst.CSTNode, parent: Optional[cst.CSTNode]) -> bool:
    """Is `node` what `parent` assigns (`=`, `+=`, annotated) or deletes?"""
    return isinstance(parent, (cst.AssignTarget, cst.Del)) \
        or isinstance(parent, (cst.AugAssign, cst.AnnAssign)) and parent.target is node


def _bound_in(source: str) -> set[str]:
    """Every name the generated code binds: parameters, assignment and loop targets,
    definitions."""
    bound: set[str] = set()
    for node in _walk(cst.parse_module(source)):
        if isinstance(node, cst.Param):
            bound.add(node.name.value)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            bound.add(node.name.value)
        elif isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.AsName)):
            target = getattr(node, "target", None) or getattr(node, "name", None)
            bound |= {n.value for n in _walk(target) if isinstance(n, cst.Name)}
    return bound


def bound_by_generated_code(source: str, names: set[str]) -> set[str]:
    """The names among `names` that the generated Keras code binds for itself, where a
    closure over the function that holds it would read them."""
    return _bound_in(source) & names


class _MethodModelFn(_AnalysisBase):
    def model_fn_of_method(self, node: cst.Attribute) -> _Method:
        """The method `node` (`clf.model_fn`, `self.model_fn`) names, when it can become a
        function of its object (see the module's docstring)."""
        if not isinstance(node.value, cst.Name):
            raise self.method_problem(self.code(node), "tfmigrate follows `obj.model_fn` where `obj` is a name "
                                      "(or an object of a class of another module of the run)", node)
        owner = self.class_of(node.value)
        if owner is None:
            raise self.method_problem(self.code(node), f"tfmigrate could not tell the class of `{node.value.value}` "
                                      "(it follows an object made once from a class of this module or of another "
                                      "module of the run, or `self` in that class's methods)", node)
        return self.method_of_class(owner, node.attr.value, node)

    @staticmethod
    def method_problem(what: str, why: str, at: Optional[cst.CSTNode]) -> _Problem:
        return _Problem(CODE_MODEL_FN, f"model_fn `{what}` is a method: {why}; make it a function that takes what it "
                        "reads through params=, or migrate by hand", at)

    def method_of_class(self, owner: cst.ClassDef, name: str, node: Optional[cst.CSTNode]) -> _Method:
        """The method `name` of `owner`, a class of this module, checked on this module's side;
        `node` is where the Estimator names it (None when that is in another module)."""
        what = self.code(node) if node is not None else f"{owner.name.value}.{name}"

        def refuse(why: str, at: Optional[cst.CSTNode] = node) -> _Problem:
            return self.method_problem(what, why, at)

        methods = [s for s in owner.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
        binders = [s for s in owner.body.body if not isinstance(s, cst.FunctionDef)
                   and name in {n.value for n in _walk(s) if isinstance(n, cst.Name)}]
        if len(methods) != 1 or binders:
            raise refuse(f"`{owner.name.value}` does not define `{name}` once, as a plain method", owner)
        method = methods[0]
        if method.decorators or method.asynchronous or not method.params.params \
                or method.params.params[0].default is not None:
            raise refuse("it is decorated, async or takes no object", method)
        if not isinstance(self.parents.get(owner), cst.Module) or owner.decorators:
            raise refuse(f"`{owner.name.value}` is not an undecorated class at the top of the module", owner)
        for cls in self.index.of(cst.ClassDef):
            if any(isinstance(b.value, cst.Name) and b.value.value == owner.name.value for b in cls.bases):
                raise refuse(f"`{cls.name.value}` subclasses `{owner.name.value}` and may define its own `{name}`",
                             cls)
        others = [a for a in self.index.of(cst.Attribute) if a.attr.value == name and a is not node]
        if others:
            raise refuse(f"`{self.code(others[0])}` reads the method too, and the rewrite takes it out of its class",
                         others[0])
        me = method.params.params[0].name.value
        reads: set[int] = set()
        attributes: set[str] = set()
        for sub in _walk(method.body):
            if isinstance(sub, (cst.Lambda, cst.FunctionDef, cst.ClassDef)):
                raise refuse("it defines a function or class of its own", sub)
            if not (isinstance(sub, cst.Name) and sub.value == me) or self.attribute_name(sub):
                continue
            use = self.parents.get(sub)
            if not (isinstance(use, cst.Attribute) and use.value is sub):
                raise refuse(f"it does more with `{me}` than read its attributes", use or sub)
            change = self.changes_or_calls(use)
            if change is not None:
                raise refuse(f"it {change} `{self.code(use)}`, which tfmigrate does not follow into a Keras model "
                             "built once", use)
            reads.add(id(sub))
            attributes.add(use.attr.value)
        init = next((s for s in owner.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"),
                    None)
        target = self.attribute_set_outside(attributes, init)
        if target is not None:
            raise refuse(f"`{self.code(target)}` is set outside `{owner.name.value}.__init__`: the Keras model reads "
                         "it once, when it is built, where TF1 read it again for each graph", target)
        used = {n.value for n in _walk(method) if isinstance(n, cst.Name)}
        instance = next((c for c in (_snake(owner.name.value), _snake(owner.name.value) + "_object")
                         if c not in used and c != me), None)
        if instance is None:
            raise refuse("no free name to give the object")
        fn = method.with_changes(params=method.params.with_changes(params=method.params.params[1:]))
        return _Method(owner, fn, method, instance, reads, attributes)

    def attribute_set_outside(self, attributes: set[str], init: Optional[cst.FunctionDef]
                              ) -> Optional[cst.Attribute]:
        """An assignment of `x.<one of attributes>` in this module outside `init`, if any."""
        for target in self.attribute_targets():
            if target.attr.value in attributes and (init is None or not self.encloses(init, target)):
                return target
        return None

    def foreign_class_of(self, node: cst.Attribute) -> Optional[tuple[str, cst.BaseExpression]]:
        """`model.Classifier(3).model_fn`, or `clf.model_fn` with `clf = model.Classifier(3)`
        bound once: the qualified name of the class of another module, and how this module
        names that class (`model.Classifier`, or `Classifier` imported by name)."""
        made: Optional[cst.CSTNode] = node.value
        if isinstance(node.value, cst.Name):
            made = self.single_binding(node.value)
        if not isinstance(made, cst.Call):
            return None
        qualified = self.foreign_function(made.func)  # type: ignore[attr-defined]
        return (qualified, made.func) if qualified is not None else None

    def wrapped_for_method(self, model, method: _Method, node: Optional[cst.CSTNode]) -> str:
        """Put the model's source inside `def make_<class>_model_for(<the object>)`, which
        returns the make function; its name. Checks that the Keras code keeps the object and
        the model apart."""
        where = f"model_fn `{self.code(node) if node is not None else method.method.name.value}` is a method"
        names = self.free_names((f"make_{method.instance}_model_for", f"{model.make}_for"))  # type: ignore[attr-defined]
        if names is None or model.extra_args:
            raise _Problem(CODE_MODEL_FN, f"{where} whose model's feature keys are known only at run time, or no "
                           "free name for the function that makes its model: migrate by hand", node)
        if method.attributes and re.search(rf"\bself\.({'|'.join(map(re.escape, method.attributes))})\b",
                                           model.source) \
                or method.instance in _bound_in(model.source):
            raise _Problem(CODE_MODEL_FN, f"{where}, and the Keras code would mix up its object with the model's "
                           "own: migrate by hand", node)
        self.all_names.add(names[0])
        body = "".join("    " + line if line.strip() else line for line in model.source.splitlines(True))
        model.source = f"def {names[0]}({method.instance}):\n{body}\n    return {model.make}\n"
        model.reads = {r for r in model.reads if r != method.instance}
        return names[0]

    def class_of(self, name: cst.Name) -> Optional[cst.ClassDef]:
        """The class of this module whose object `name` holds: `name = Cls(...)` bound once,
        or the first parameter of a plain method of Cls."""
        scope = self.scopes.get(name)
        bindings = list(scope[name.value]) if scope is not None else []
        if len(bindings) != 1:
            return None
        bound = getattr(bindings[0], "node", None)
        if isinstance(bound, cst.Param):
            fn = self.parents.get(self.parents.get(bound))
            cls = self.parents.get(self.parents.get(fn)) if isinstance(fn, cst.FunctionDef) else None
            if isinstance(cls, cst.ClassDef) and fn.params.params and fn.params.params[0] is bound \
                    and not fn.decorators:
                return cls
            return None
        value = self.single_binding(name)
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
            scope = self.scopes.get(value.func)
            found = list(scope[value.func.value]) if scope is not None else []
            cls = getattr(found[0], "node", None) if len(found) == 1 else None
            return cls if isinstance(cls, cst.ClassDef) else None
        return None

    def attribute_name(self, name: cst.Name) -> bool:
        """Is `name` the attribute half of `x.name`, or a keyword's name?"""
        parent = self.parents.get(name)
        return isinstance(parent, cst.Attribute) and parent.attr is name \
            or isinstance(parent, cst.Arg) and parent.keyword is name

    def changes_or_calls(self, attribute: cst.Attribute) -> Optional[str]:
        """Does `self.x` (or `self.x.y[...]`) get assigned, deleted or called here? How."""
        node: cst.CSTNode = attribute
        while True:
            parent = self.parents.get(node)
            if isinstance(parent, cst.Attribute) and parent.value is node \
                    or isinstance(parent, cst.Subscript) and parent.value is node:
                node = parent
                continue
            break
        if isinstance(parent, cst.Call) and parent.func is node:
            return "calls"
        if _assigned(node, parent) or isinstance(parent, (cst.For, cst.CompFor)) and parent.target is node:
            return "changes"
        return None

    def attribute_targets(self) -> list[cst.Attribute]:
        """Every `x.attr` the module assigns (`=`, `+=`, annotated) or deletes."""
        return [node for node in self.index.of(cst.Attribute) if _assigned(node, self.parents.get(node))]

    def method_code(self, method: _Method) -> Callable[[cst.CSTNode], str]:
        """`code` for the translation: the method's reads of its object under the new name."""
        def code(node: cst.CSTNode) -> str:
            if not any(id(n) in method.reads for n in _walk(node)):
                return self.code(node)
            return self.module.code_for_node(node.visit(_RenameReads(method.reads, method.instance)))
        return code

    def made_with_method(self, model, method: _Method, node: cst.Attribute, pipeline: _Pipeline) -> None:
        """The model class and its make function go inside a function of the object, at the
        top of the module; the Estimator's place calls it with the object."""
        wrapper = self.wrapped_for_method(model, method, node)
        args = (pipeline.params if pipeline.params is not None else "{}") if model.takes_params else ""
        model.build = f"{wrapper}({self.code(node.value)})({args})"
        pipeline.model_fn_method = method

    def method_edits(self, method: _Method, new_defs: list[cst.BaseStatement],
                     estimator_stmt: Optional[cst.CSTNode] = None, removed: Sequence[cst.CSTNode] = ()
                     ) -> tuple[list[Edit], list[cst.BaseStatement]]:
        """The method leaves its class; the function that makes the model follows the class,
        before the next statement the rewrite keeps (`removed` go). When that is the
        Estimator's own, the function goes with its rewrite (returned), as a canned
        Estimator's class does."""
        owner = method.owner
        rest = [s for s in owner.body.body if s is not method.method]
        body = list(self.module.body)
        following = [s for s in body[body.index(owner) + 1:] if not any(s is r for r in removed)]
        after = following[0] if following else None
        if after is None and estimator_stmt is not None and self.encloses(owner, estimator_stmt):
            raise _Problem(CODE_MODEL_FN, f"`{owner.name.value}` builds the Estimator and ends its module: migrate "
                           "by hand", owner)
        if after is None:  # the class ends the module: the function goes after it, with the class rewritten
            if any(isinstance(n, cst.Attribute) and self.name_of(n) in MODE_KEY_STRINGS  # type: ignore[attr-defined]
                   and not self.encloses(method.method, n) for n in _walk(owner)):
                raise _Problem(CODE_MODEL_FN, f"`{owner.name.value}` ends its module and spells ModeKeys outside "
                               "its model_fn: migrate by hand", owner)
            kept = owner.with_changes(body=owner.body.with_changes(body=rest or [cst.SimpleStatementLine([cst.Pass()])]))
            new_defs = [new_defs[0].with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()]), *new_defs[1:]]
            return [Replace(owner, cst.FlattenSentinel([kept, *new_defs]))], []
        edits: list[Edit] = [Replace(method.method, cst.RemovalSentinel.REMOVE, keep_comments=True) if rest
                             else Replace(method.method, cst.SimpleStatementLine([cst.Pass()]))]
        if after is estimator_stmt:
            return edits, new_defs
        edits.append(InsertBefore(after, new_defs, separator=[cst.EmptyLine()] * 2, take_comments=False))
        return edits, []
