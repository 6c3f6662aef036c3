"""Estimator pipelines whose model_fn lives in another module of the project: the
`trainer/model.py` (model_fn) + `trainer/task.py` (Estimator, drivers) layout of cloud
training jobs (#15).

One run of `tfmigrate rewrite <project>` rewrites both sides, through the project pass
(tfmigrate/project_pass.py, with the index of tfmigrate/project_index.py):

1. the driver's first analysis records that its Estimator takes `model.model_fn` from
   another module (`ModelFnUse`: the qualified name, its params= and whether a strategy
   is used) and reports it, as a run on that one file does;
2. the index decides: a model_fn is rewritten when the Estimators of the project that
   take it (one a file) need the same Keras model and no other file imports it;
3. the driver is analysed again: it reads the model_fn's module and translates the model_fn
   there (`model_for_driver`), then rewrites its own pipeline to build the model with the
   module's new make function (`model.make_keras_model(params)`);
4. when the driver's pipeline was rewritten, the model_fn's module is analysed again and
   replaces the model_fn with the same Keras class and make function, computed the same
   way from the same inputs. Both files are written, or neither.

The model_fn's old name is gone from its module after the rewrite; the index keeps it when
another file of the project names it. Code outside the run that imports it is told in the
rewrite's report.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Optional

import libcst as cst
from libcst.metadata import MetadataWrapper, QualifiedNameSource, ScopeProvider

from tfmigrate import project_index
from tfmigrate.codemods._estimator_codegen import counting_real_steps
from tfmigrate.codemods._estimator_keras import MODEL_FN_PARAMS, NotTranslatable
from tfmigrate.codemods._model_fn import KerasModelCode, translate
from tfmigrate.files import SourceError, decode
from tfmigrate.rule import Edit, Finding, ImportSpec, Replace
from tfmigrate.codemods._estimator_common import (
    CODE_HOOKS, CODE_INPUT_FN, CODE_MODEL_FN, CODE_OPTIMIZER, CODE_PIPELINE, MODE_KEY_STRINGS, _AnalysisBase,
    _Pipeline, _Problem, _walk,
)

RUN_ON_THE_PROJECT = ("run tfmigrate on the folder that holds both modules (`tfmigrate rewrite <project>`), which "
                      "rewrites the two together")


class _AcrossModules(_AnalysisBase):
    def foreign_function(self, node: Optional[cst.BaseExpression]) -> Optional[str]:
        """The qualified name of a function this module imports from a module that is not
        TensorFlow's (`model.model_fn` after `from trainer import model`), or None."""
        root = node
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name):  # `model.Classifier(3).model_fn`: a method of an object
            return None
        found = self.qnames.get(node)
        found = set(found() if callable(found) else found or ())
        if not found and isinstance(node, cst.Name) and self.star_imports:
            return self.star_qualified(node)
        if len(found) != 1:
            return None
        name = next(iter(found))
        top = name.name.split(".")[0]
        if name.source is not QualifiedNameSource.IMPORT or "." not in name.name.lstrip(".") or "(" in name.name \
                or top in ("tensorflow", "tensorflow_estimator", "keras", "tf_keras") \
                or top in getattr(sys, "stdlib_module_names", ()):  # `functools.partial` is no model_fn module
            return None
        return name.name

    def foreign_definition(self, node: cst.CSTNode) -> Optional[tuple["_AcrossModules", cst.CSTNode]]:
        """The analysis of the project module a name of this module was imported from, and
        what that module binds to it at its top (a function), when the project pass gives
        the run the other files; in its first step, the file is marked for that."""
        target = self.foreign_target(node)
        if target is None:
            return None
        other = self.other_module(target[0], node)
        fn = next((s for s in other.module.body if isinstance(s, cst.FunctionDef) and s.name.value == target[1]), None)
        return (other, fn) if fn is not None else None

    def foreign_target(self, node: cst.CSTNode, importer: Optional[str] = None) -> Optional[tuple[str, str]]:
        """(file, name) of the project module's top-level name that `node` imports, when the
        project pass gives the run the other files; in its first step, the file is marked for
        that. `importer`: the file of the module `node` is in, when it is not this one."""
        qualified = self.foreign_function(node)  # type: ignore[arg-type]
        context = project_index.current()
        if qualified is None or context is None:
            return None
        if context.mode == "collect":
            context.foreign = True  # analysed again with the other files (project_pass)
            return None
        index = context.index
        target = index.function_target(importer or context.path, qualified) if index is not None else None
        if target is None or target[0] not in index.sources:
            return None
        return target

    def foreign_dataset(self, other: "_AcrossModules", fn: cst.FunctionDef, pipeline: _Pipeline,
                        node: cst.CSTNode) -> None:
        """Does the input_fn `fn` of another module return a Dataset as it is? (One whose
        iterator would need rewriting there is not followed.)"""
        scratch = dataclasses.replace(pipeline, input_edits={}, removed=[])
        try:
            other.returns_dataset(fn, scratch)  # type: ignore[attr-defined]
        except _Problem as p:
            raise _Problem(p.code, f"`{self.code(node)}` ({project_index.short_path(other.path)}): {p.message}",
                           node)
        if scratch.input_edits or scratch.removed:
            raise _Problem(CODE_INPUT_FN, f"input_fn `{self.code(node)}` of another module returns an iterator's "
                           "element: make it return the Dataset, then rerun", node)
        target = self.foreign_targets.get(id(pipeline.estimator_call))
        if target is not None and target[0] == other.path:
            return  # the model_fn's module is rewritten too: its ModeKeys become their strings there
        spelled = [n for n in _walk(fn) if isinstance(n, (cst.Attribute, cst.Name))
                   and not (isinstance(other.parents.get(n), cst.Attribute) and other.parents.get(n).value is n)]
        left = next((n for n in spelled if (other.name_of(n) or "").startswith("tf.estimator.")
                     and other.name_of(n) not in MODE_KEY_STRINGS), None)
        if left is None and any(other.name_of(n) in MODE_KEY_STRINGS for n in spelled):
            # ModeKeys were their strings: the input_fn's module is written so, with this pipeline.
            self.foreign_mode_keys.setdefault(id(pipeline.estimator_call), set()).add(other.path)
        if left is not None:
            # Only this module would be rewritten: the input_fn's module would still fail at run time.
            name = other.name_of(left) or ""
            hint = (f' (ModeKeys were strings: write "{MODE_KEY_STRINGS[name]}")' if name in MODE_KEY_STRINGS else "")
            raise _Problem(CODE_INPUT_FN, f"input_fn `{self.code(node)}` ({project_index.short_path(other.path)}:"
                           f"{other.start(left)[0]}) uses `{name}`, which TF 2.16 removed, and tfmigrate does not "
                           f"rewrite that module for this Estimator: change it there{hint}, then rerun", node)

    def star_qualified(self, node: cst.Name) -> Optional[str]:
        """`model_fn` that no statement of this file binds, with `from utils import *` lines:
        `*utils:model_fn`, which the index resolves to the last of those modules of the
        project that defines it at its top (ProjectIndex.function_target)."""
        scope = self.scopes.get(node)
        if scope is None or list(scope[node.value]):
            return None
        modules = ["." * len(imp.relative) + (self.code(imp.module) if imp.module is not None else "")
                   for imp in self.star_imports]
        return "*" + ",".join(modules) + ":" + node.value

    def params_source(self, pipeline: _Pipeline) -> Optional[str]:
        """The Estimator's params= as the model_fn's module reads it: a dict bound to a name
        is given as the dict."""
        node = pipeline.params_node
        if node is None:
            return None
        if isinstance(node, cst.Name):
            bound = self.single_binding(node)
            if isinstance(bound, cst.Dict):
                node = bound
        return self.code(node)

    def foreign_model_fn(self, node: cst.BaseExpression, qualified: str, call: cst.Call,
                         pipeline: _Pipeline, partial: Optional[cst.Call] = None,
                         method: Optional[cst.Attribute] = None) -> KerasModelCode:
        """The model_fn `node` names, of another module: a function, a factory's call, the
        function a partial binds (`partial`), or a class whose method `method` is."""
        context = project_index.current()
        params = self.params_source(pipeline)
        index = context.index if context is not None else None
        target = index.function_target(context.path, qualified) if index is not None else None
        decision = context.model_fns.get(target) if target is not None else None
        if context is not None and (context.mode == "collect" or decision is None):
            context.foreign = True  # analysed again with the other files (project_pass)
            context.model_fn_uses.append(project_index.ModelFnUse(
                context.path, qualified, self.start(node)[0], params, bool(pipeline.strategy_name),
                isinstance(node, cst.Call), partial is not None, method.attr.value if method is not None else ""))
        if decision is None or context.path not in decision.drivers or decision.factory != isinstance(node, cst.Call) \
                or decision.partial != (partial is not None) \
                or decision.method != (method.attr.value if method is not None else ""):
            why = index.model_fn_reasons.get(target) if index is not None and target is not None else None
            if index is not None and target is None:
                why = (f"`{qualified.rsplit('.', 1)[0]}` is not a module of this run (tfmigrate rewrites a model_fn of "
                       "another module when both are in the run)")
            shown = method if method is not None else node
            raise _Problem(CODE_MODEL_FN, f"model_fn `{self.code(shown)}` is defined in another module: "
                           + (why or RUN_ON_THE_PROJECT), shown)
        other = self.other_module(target[0], node)
        try:
            model, _, _ = other.model_for_driver(target[1], decision.params, decision.strategy, decision.factory,
                                                 decision.partial, decision.method)
        except _Problem as p:  # said here, where the Estimator is: the other module's nodes have no place
            where = f"{project_index.short_path(target[0])}:{other.start(p.node)[0]}" if p.node is not None else \
                project_index.short_path(target[0])
            shown = method if method is not None else node
            raise _Problem(p.code, f"model_fn `{self.code(shown)}` ({where}): {p.message}", shown)
        args = (pipeline.params if pipeline.params is not None else "{}") if model.takes_params else ""
        self.foreign_targets[id(call)] = target
        if isinstance(node, cst.Call):  # the factory now returns the make function
            if model.extra_args:
                raise _Problem(CODE_MODEL_FN, "a model_fn made by a factory whose feature keys are known only at "
                               "run time: migrate by hand", node)
            return dataclasses.replace(model, source="", build=f"{self.code(node)}({args})", dropped=[])
        make = model.make
        if method is not None:  # the module's function that makes the model for the object
            changed = self.attribute_set_outside(other.method_read, None)  # type: ignore[attr-defined]
            if changed is not None:
                raise _Problem(CODE_MODEL_FN, f"model_fn `{self.code(method)}` is a method that reads "
                               f"`{changed.attr.value}` of its object, which `{self.code(changed)}` sets here: the "
                               "Keras model reads it once, when it is built; migrate by hand", changed)
            make = model.build
            args = f"{self.code(method.value)})({args}"
        if partial is not None:  # the module's make function for what the partial binds
            fn = next(s for s in other.module.body if isinstance(s, cst.FunctionDef) and s.name.value == target[1])
            if other.partial_parameters(fn, list(partial.args[1:])) is None:  # type: ignore[attr-defined]
                raise _Problem(CODE_MODEL_FN, f"model_fn is `{self.code(partial)}`: tfmigrate follows a partial "
                               "whose other parameters are given by keyword or have defaults; migrate by hand", partial)
            make = model.build  # the function that takes what the partial binds
            args = f"{self.partial_arguments(list(partial.args[1:]))})({args}"  # type: ignore[attr-defined]
            pipeline.drop_imports += (("functools", "partial"), ("functools", None))
        module = self.code(node.value) if isinstance(node, cst.Attribute) else None
        if module is not None:
            build = f"{module}.{make}({args})"
        else:  # `from trainer.model import model_fn`: the make function is imported in its place
            build = f"{make}({args})"
            if make in self.all_names:
                raise _Problem(CODE_MODEL_FN, f"`{make}` is taken in this module: migrate by hand", node)
            source = index.module_name(context.path, target[0], qualified)  # type: ignore[union-attr]
            pipeline.imports += (ImportSpec(source, make),)
            if method is None:
                pipeline.drop_imports += ((source, target[1]),)  # gone from its module: the import would fail
        return dataclasses.replace(model, source="", build=build, dropped=[])

    def across_lookups(self) -> "_Lookups":
        """name_of, binding and parent over this module and the project modules it imports:
        `features.COLUMNS` (or `COLUMNS` from `from features import COLUMNS`) is bound to what
        that module binds it to at its top, and the nodes there are read with that module's
        own names and scopes (feature columns defined in another module, #15)."""
        return _Lookups(self)

    def other_module(self, path: str, node: cst.CSTNode) -> "_AcrossModules":
        """The analysis of another file of the project, from the bytes the run first read
        (parsed once per analysis of this file, however many of its names this file uses)."""
        if path not in self.other_modules:
            context = project_index.current()
            data = context.index.sources.get(path) if context is not None and context.index is not None else None
            try:
                text = decode(data).text if data is not None else None
                self.other_modules[path] = cst.parse_module(text) if text is not None else None
            except (SourceError, cst.ParserSyntaxError):
                self.other_modules[path] = None
        module = self.other_modules[path]
        if module is None:
            raise _Problem(CODE_MODEL_FN, f"{project_index.short_path(path)} cannot be read or parsed: the model_fn there "
                           "was left as it is", node)
        other = type(self)(MetadataWrapper(module, unsafe_skip_copy=True))
        other.path = path
        return other

    def model_for_driver(self, name: str, params: Optional[str], strategy: bool, factory: bool = False,
                         partial: bool = False, method: str = ""
                         ) -> tuple[KerasModelCode, list[Edit], tuple[ImportSpec, ...]]:
        """The Keras model that the module-level model_fn `name` of this module becomes for
        the Estimator of another module: its code, the edits that put it in the model_fn's
        place, and the import of TensorFlow they need. The same inputs give the same result
        in the driver's run and in this module's."""
        if method:
            return self.method_for_driver(name, method, params, strategy)
        fn = next((s for s in self.module.body if isinstance(s, cst.FunctionDef) and s.name.value == name), None)
        if fn is None:
            raise _Problem(CODE_MODEL_FN, f"`{name}` is not a function defined at the top of its module", None)
        if self.references(fn):
            raise _Problem(CODE_MODEL_FN, f"`{name}` is also used in its own module: migrate by hand", fn)
        returned = None
        if factory:  # the model class and its make function stand where the factory defined the model_fn
            fn, returned = self.factory_parts(fn, _Problem(  # type: ignore[attr-defined]
                CODE_MODEL_FN, f"`{name}` is not a factory tfmigrate follows: one whose body defines the model_fn "
                "and returns it; pass its arguments through params= instead, or migrate by hand", fn))
        tf = self.tf2_alias()  # type: ignore[attr-defined]
        names = self.model_fn_names(fn)  # type: ignore[attr-defined]
        if tf is None or names is None:
            raise _Problem(CODE_MODEL_FN, "no free names for the generated Keras code", fn)
        extra: list[cst.Param] = []
        if partial:  # translated as the Estimator saw it: without what the partial binds
            extra = [p for p in fn.params.params if p.name.value not in MODEL_FN_PARAMS]
            fn_seen = fn.with_changes(params=fn.params.with_changes(params=[
                p for p in fn.params.params if p.name.value in MODEL_FN_PARAMS]))
        try:
            model = translate(fn_seen if partial else fn, self.name_of, self.code, tf[0], names[0], names[1], set(self.all_names),
                              binding=self.single_binding, params_value=cst.parse_expression(params) if params else None,
                              parent=self.parents.get)
        except NotTranslatable as e:
            code = {"optimizer": CODE_OPTIMIZER, "hooks": CODE_HOOKS}.get(e.code, CODE_MODEL_FN)
            raise _Problem(code, f"{e}; the Estimator pipeline was left as it is", e.node)
        if model.reads or model.extra_args:
            raise _Problem(CODE_MODEL_FN, "the model reads names of the module that builds the Estimator (feature "
                           "keys known at run time): migrate by hand", fn)
        if partial:
            model.build = self.wrapped_for_partial(model, extra, fn)  # type: ignore[attr-defined]  # its name
        source = model.source.replace("    ", "\t") if self.module.default_indent == "\t" else model.source
        new_defs = list(cst.parse_module(source).body)
        if strategy:
            new_defs[0] = counting_real_steps(new_defs[0], tf[0], self.module.default_indent)
        if returned is not None:  # inside the factory: blank lines between the definitions carry no indentation
            new_defs = [d.with_changes(leading_lines=[line.with_changes(indent=False) if line.comment is None
                                                      else line for line in d.leading_lines]) for d in new_defs]
        new_defs[0] = new_defs[0].with_changes(leading_lines=fn.leading_lines)
        edits: list[Edit] = [Replace(fn, cst.FlattenSentinel(new_defs)), *self.mode_key_strings(fn)]  # type: ignore[attr-defined]
        if returned is not None:
            edits.append(Replace(returned, cst.Name(model.make)))
        return model, edits, tf[1]

    def method_for_driver(self, name: str, method_name: str, params: Optional[str], strategy: bool
                          ) -> tuple[KerasModelCode, list[Edit], tuple[ImportSpec, ...]]:
        """model_for_driver for the method `method_name` of the class `name` of this module: the
        method leaves the class, and `make_<class>_model_for(obj)` follows it
        (codemods/_estimator_method.py). `method_read` keeps the attributes it reads."""
        owner = next((s for s in self.module.body if isinstance(s, cst.ClassDef) and s.name.value == name), None)
        if owner is None:
            raise _Problem(CODE_MODEL_FN, f"`{name}` is not a class defined at the top of its module", None)
        method = self.method_of_class(owner, method_name, None)  # type: ignore[attr-defined]
        tf = self.tf2_alias()  # type: ignore[attr-defined]
        names = self.model_fn_names(method.method)  # type: ignore[attr-defined]
        if tf is None or names is None:
            raise _Problem(CODE_MODEL_FN, "no free names for the generated Keras code", method.method)
        try:
            model = translate(method.fn, self.name_of, self.method_code(method), tf[0], names[0],  # type: ignore[attr-defined]
                              names[1], set(self.all_names), binding=self.single_binding,
                              params_value=cst.parse_expression(params) if params else None, parent=self.parents.get)
        except NotTranslatable as e:
            code = {"optimizer": CODE_OPTIMIZER, "hooks": CODE_HOOKS}.get(e.code, CODE_MODEL_FN)
            raise _Problem(code, f"{e}; the Estimator pipeline was left as it is", e.node)
        if model.reads or model.extra_args:
            raise _Problem(CODE_MODEL_FN, "the model reads names of the module that builds the Estimator (feature "
                           "keys known at run time): migrate by hand", method.method)
        model.build = self.wrapped_for_method(model, method, None)  # type: ignore[attr-defined]  # its name
        self.method_read = method.attributes
        source = model.source.replace("    ", "\t") if self.module.default_indent == "\t" else model.source
        new_defs = list(cst.parse_module(source).body)
        if strategy:
            new_defs[0] = counting_real_steps(new_defs[0], tf[0], self.module.default_indent)
        edits, _ = self.method_edits(method, new_defs)  # type: ignore[attr-defined]
        return model, [*edits, *self.mode_key_strings(method.method)], tf[1]  # type: ignore[attr-defined]

    def written_for_drivers(self) -> list[Finding]:
        """In this module's own run: the model_fns the project pass decided, each replaced by
        the Keras model its driver builds."""
        context = project_index.current()
        if context is None or context.mode != "apply":
            return []
        out: list[Finding] = []
        for (path, name), decision in sorted(context.model_fns.items()):
            if path != context.path:
                continue
            try:
                model, edits, imports = self.model_for_driver(name, decision.params, decision.strategy,
                                                              decision.factory, decision.partial, decision.method)
            except _Problem:
                continue  # the driver's run met the same problem: neither file is written
            context.model_fns_written.add((path, name))
            fn = next(s for s in self.module.body if isinstance(s, (cst.FunctionDef, cst.ClassDef))
                      and s.name.value == name)
            notes = tuple(Finding(CODE_PIPELINE, why, node) for node, why in model.dropped)
            what = (f"`{name}` now returns `{model.make}`, which builds the Keras model" if decision.factory else
                    f"the model_fn method `{name}.{decision.method}` → `{model.build}(obj)`, whose make function "
                    "builds the Keras model" if decision.method else
                    f"model_fn `{name}` → `{model.build}(...)`, whose make function builds the Keras model"
                    if decision.partial else f"model_fn `{name}` → the Keras model `{model.make}()` builds")
            drivers = " and ".join(project_index.short_path(d) for d in decision.drivers)
            out.append(Finding(CODE_PIPELINE, f"{what}, which {drivers} now {'train' if len(decision.drivers) > 1 else 'trains'} "
                               f"(code outside this run that uses `{name}` must change with it)", fn,
                               edits=tuple(edits), add_imports=imports, notes=notes))
        return out

    def reason_left(self, holder: cst.CSTNode) -> Optional[str]:
        """Why the project pass left this module's model_fn `holder`, if it did."""
        context = project_index.current()
        if context is None or context.index is None or not isinstance(holder, cst.FunctionDef):
            return None
        owner = self.parents.get(self.parents.get(holder))
        if isinstance(owner, cst.ClassDef):  # a method: the project pass knows its class
            return context.index.model_fn_reasons.get((context.path, owner.name.value))
        return context.index.model_fn_reasons.get((context.path, holder.name.value))

    def record_driven(self, findings: list[Finding]) -> None:
        """Tell the project pass which foreign model_fns a rewritten pipeline of this file uses,
        and which modules' input_fns of it spell ModeKeys."""
        context = project_index.current()
        if context is None or context.mode != "apply":
            return
        for f in findings:
            if f.code != CODE_PIPELINE or not f.fixable:
                continue
            target = self.foreign_targets.get(id(f.node))
            if target is not None:
                context.model_fns_driven.add(target)
            context.mode_key_modules |= self.foreign_mode_keys.get(id(f.node), set())

    def mode_keys_for_drivers(self) -> list[Finding]:
        """In the run of a module the project pass names: its ModeKeys as the strings they
        always were, for the rewritten pipelines of other files that call its input_fns."""
        context = project_index.current()
        if context is None or context.mode != "apply" or context.path not in context.mode_key_files:
            return []
        edits = self.mode_key_strings(None)  # type: ignore[attr-defined]
        if not edits:
            return []
        return [Finding(CODE_PIPELINE, "tf.estimator.ModeKeys → the strings they always were (\"train\", \"eval\", "
                        "\"infer\"): the Estimators that call this module's input_fns were rewritten, and TF 2.16 has "
                        "no tf.estimator", edits[0].node, edits=tuple(edits))]



class _Lookups:
    """The three lookups of across_lookups; `used` holds the other modules they read."""

    def __init__(self, home: _AcrossModules) -> None:
        self.home = home
        self.used: dict[str, _AcrossModules] = {}

    def owner(self, node: cst.CSTNode) -> _AcrossModules:
        for other in self.used.values():
            if node in other.parents or node is other.module:
                return other
        return self.home

    def name_of(self, node: cst.CSTNode) -> Optional[str]:
        return self.owner(node).name_of(node)

    def parent(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        return self.owner(node).parents.get(node)

    def binding(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        owner = self.owner(node)
        if isinstance(node, cst.Name):
            found = owner.single_binding(node) or owner.unpacked_binding(node)
            if found is not None:
                return found
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        return self.foreign_binding(owner, node)

    def latest(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        """`opt = tf.train.FtrlOptimizer(...)` then `opt = clip_gradients_by_norm(opt, 5.0)`: the
        last plain assignment above the statement that reads `node`, when every binding of the
        name is such an assignment in one block."""
        owner = self.owner(node)
        return owner.latest_binding(node) if isinstance(node, cst.Name) else None  # type: ignore[attr-defined]

    def foreign_binding(self, owner: _AcrossModules, node: cst.BaseExpression) -> Optional[cst.CSTNode]:
        """What a project module binds, at its top and once, to the name `node` imports."""
        target = owner.foreign_target(node, owner.path if owner is not self.home else None)
        if target is None:
            return None
        path, name = target
        if path not in self.used:
            try:
                self.used[path] = self.home.other_module(path, node)
            except _Problem:
                return None
        other = self.used[path]
        for stmt in other.module.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value == name:
                return other.single_binding(stmt.name) and stmt
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                            and isinstance(small.targets[0].target, cst.Name) \
                            and small.targets[0].target.value == name:
                        return other.single_binding(small.targets[0].target)
        return None

    def leaked(self, source: str) -> Optional[str]:
        """A name the generated code reads that one of the other modules binds at its top (not
        as an import): it would not be bound where the code is written."""
        if not self.used:
            return None
        try:
            wrapper = MetadataWrapper(cst.parse_module(source), unsafe_skip_copy=True)
        except cst.ParserSyntaxError:
            return "?"
        scopes = {s for s in wrapper.resolve(ScopeProvider).values() if s is not None}
        # names the generated code reads without binding them itself
        read = {a.node.value for scope in scopes for a in scope.accesses
                if not a.referents and isinstance(a.node, cst.Name)}
        for other in self.used.values():
            for stmt in other.module.body:
                bound: set[str] = set()
                if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                    bound = {stmt.name.value}
                elif isinstance(stmt, cst.SimpleStatementLine):
                    bound = {n.value for small in stmt.body if isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign))
                             for t in (small.targets if isinstance(small, cst.Assign) else [small])
                             for n in _walk(t.target) if isinstance(n, cst.Name)}
                hit = sorted(bound & read)
                if hit:
                    return hit[0]
        return None
