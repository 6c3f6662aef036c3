"""Estimators kept under keys: the values of a dict written with them
(`models = {"linear": LinearRegressor(...), "dnn": DNNRegressor(...)}`), or the pairs of a
list read through `dict(models)["dnn"]`. A read by a written key is that Estimator; a read by
the target of a loop over written keys (`for name in ["linear", "dnn"]: models[name]`) is
each of them in turn, a shared driver as a loop over the Estimators is
(_estimator_shared_drivers.py). The dict itself then holds the Keras models under the same
keys, so reads of its keys alone (`sorted(models)`, `for name in models`) stay as they are.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate.codemods._estimator_common import CODE_DRIVER, _AnalysisBase, _Problem

# calls that read only a dict's keys
KEY_READERS = ("sorted", "len", "list", "set", "tuple")


class _KeyedEstimators(_AnalysisBase):
    def dict_holder(self, call: cst.Call) -> Optional[tuple[cst.Dict, str]]:
        """The dict literal `call` is a value of, with its key, when every key is a distinct
        string written there."""
        element = self.parents.get(call)
        holder = self.parents.get(element)
        if not (isinstance(element, cst.DictElement) and element.value is call and isinstance(holder, cst.Dict)):
            return None
        keys = [e.key.evaluated_value if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
                else None for e in holder.elements]
        if None in keys or len(set(keys)) != len(keys):
            raise _Problem(CODE_DRIVER, "the dict holding this Estimator has keys that are not distinct strings "
                           "written there: tfmigrate cannot tell which Estimator a read gets; migrate by hand", call)
        return holder, element.key.evaluated_value  # type: ignore[union-attr,return-value]

    def through_dict(self, call: cst.Call, holder: cst.Dict, key: str, record: bool = True) -> list[tuple]:
        """Where `models = {..., key: call, ...}` reaches the Estimator: each read `models[key]`,
        each `models[name]` in a loop over keys that include it, each loop over
        `models.values()` or `models.items()`. Reads of the keys alone are left as they are."""
        name = self.assigned_name(holder)
        if name is None:
            raise _Problem(CODE_DRIVER, "the dict holding the Estimators is not bound to a name on its own line: "
                           "tfmigrate cannot follow it; migrate by hand", call)
        values = [e.value for e in holder.elements]  # type: ignore[union-attr]
        keys = [e.key.evaluated_value for e in holder.elements]  # type: ignore[union-attr]
        found: list[tuple] = []
        for read in self.references(holder):
            found += self.dict_read(read, name, call, key, keys, values, record)
        return found

    def dict_read(self, read: cst.CSTNode, name: str, call: cst.Call, key: str, keys: list, values: list,
                  record: bool) -> list[tuple]:
        parent = self.parents.get(read)
        if isinstance(parent, cst.Subscript) and parent.value is read:
            given = self.subscript_key(parent)
            if isinstance(given, cst.SimpleString):
                if given.evaluated_value not in keys:
                    raise _Problem(CODE_DRIVER, f"`{self.code(parent)}` reads a key the dict of Estimators does not "
                                   "have: migrate by hand", parent)
                return [(self.code(parent), [parent], None)] if given.evaluated_value == key else []
            if given is None:
                raise _Problem(CODE_DRIVER, f"`{self.code(parent)}` is given a new value or sliced: the dict does not "
                               "hold the same Estimators throughout; migrate by hand", parent)
            loop = self.loop_over_keys(given, name, keys) if isinstance(given, cst.Name) else None
            if loop is None:
                raise _Problem(CODE_DRIVER, f"`{self.code(parent)}` reads the dict of Estimators by a key tfmigrate "
                               "cannot tell (it follows keys written there, and a loop's name over written keys "
                               "the dict has or over the dict itself): migrate by hand", parent)
            loop_node, walked = loop
            if key not in walked:
                return []
            shared = self.loop_driver(("keyed", id(parent)), loop_node,  # type: ignore[attr-defined]
                                      [v for k, v in zip(keys, values) if k in walked], record)
            return [(self.code(parent), [parent], shared)]
        if self.reads_keys_only(read, parent):
            return []
        if isinstance(parent, cst.Attribute) and parent.value is read and parent.attr.value in ("values", "items"):
            method = self.parents.get(parent)
            loop = self.parents.get(method)
            position = -1 if parent.attr.value == "values" else 1
            if isinstance(method, cst.Call) and not method.args and isinstance(loop, cst.For) \
                    and loop.iter is method:
                return [self.loop_alias(call, loop, position, method, values, record)]  # type: ignore[attr-defined]
            if isinstance(method, cst.Call) and not method.args and isinstance(loop, cst.CompFor) \
                    and loop.iter is method and self.leaves_unread(loop, position):  # type: ignore[attr-defined]
                return []
        shown = self.parents.get(parent) if isinstance(parent, (cst.Arg, cst.Element)) else parent
        raise _Problem(CODE_DRIVER, f"`{name}` (which holds the Estimators) is read in "
                       f"`{self.code(shown or read)}`, which tfmigrate cannot follow: migrate by hand", read)

    def reads_keys_only(self, read: cst.CSTNode, parent: Optional[cst.CSTNode]) -> bool:
        """`for name in models`, `sorted(models)`, `models.keys()`, `name in models`."""
        if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is read:
            return True
        if isinstance(parent, cst.Arg) and parent.value is read:
            call = self.parents.get(parent)
            return isinstance(call, cst.Call) and isinstance(call.func, cst.Name) \
                and call.func.value in KEY_READERS and len(call.args) == 1
        if isinstance(parent, cst.Attribute) and parent.value is read and parent.attr.value == "keys":
            return True
        if isinstance(parent, cst.ComparisonTarget) and isinstance(parent.operator, (cst.In, cst.NotIn)):
            return True
        return False

    def subscript_key(self, subscript: cst.Subscript) -> Optional[cst.BaseExpression]:
        """The one index of a read `models[key]` (None when it is sliced, several, or written)."""
        holder = self.parents.get(subscript)
        if isinstance(holder, (cst.AssignTarget, cst.Del)) or len(subscript.slice) != 1 \
                or not isinstance(subscript.slice[0].slice, cst.Index) \
                or (isinstance(holder, cst.AugAssign) and holder.target is subscript) \
                or (isinstance(holder, cst.AnnAssign) and holder.target is subscript):
            return None
        return subscript.slice[0].slice.value

    def loop_over_keys(self, key: cst.Name, name: str, keys: list) -> Optional[tuple[cst.For, set]]:
        """The `for` whose target `key` is, bound nowhere else, with the keys it walks: a
        written list or tuple of strings, or the dict itself (`for name in models`)."""
        scope = self.scopes.get(key)
        bindings = list(scope[key.value]) if scope is not None else []
        node = getattr(bindings[0], "node", None) if len(bindings) == 1 else None
        loop = self.parents.get(node) if node is not None else None
        if not (isinstance(loop, cst.For) and loop.target is node and self.encloses(loop.body, key)
                and loop.asynchronous is None and loop.orelse is None):
            return None
        walked = loop.iter
        if isinstance(walked, cst.Call) and isinstance(walked.func, cst.Name) and walked.func.value == "sorted" \
                and len(walked.args) == 1:
            walked = walked.args[0].value
        if isinstance(walked, cst.Call) and isinstance(walked.func, cst.Attribute) \
                and walked.func.attr.value == "keys" and not walked.args:
            walked = walked.func.value
        if isinstance(walked, cst.Name) and walked.value == name and self.bound_once(walked):
            return loop, set(keys)
        if isinstance(walked, (cst.List, cst.Tuple)) and all(
                isinstance(e, cst.Element) and isinstance(e.value, cst.SimpleString) for e in walked.elements):
            strings = {e.value.evaluated_value for e in walked.elements}  # type: ignore[union-attr]
            return (loop, strings) if strings <= set(keys) else None
        return None

    def bound_once(self, name: cst.Name) -> bool:
        """Is `name` (the dict, where the loop reads it) bound once?"""
        scope = self.scopes.get(name)
        return scope is not None and len(list(scope[name.value])) == 1

    def list_key_read(self, read: cst.CSTNode) -> Optional[cst.Subscript]:
        """`dict(models)["dnn"]` on a list of (key, Estimator) pairs: the subscript."""
        arg = self.parents.get(read)
        call = self.parents.get(arg) if isinstance(arg, cst.Arg) else None
        subscript = self.parents.get(call) if isinstance(call, cst.Call) else None
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value == "dict" \
                and len(call.args) == 1 and not arg.star and isinstance(subscript, cst.Subscript) \
                and subscript.value is call and isinstance(self.subscript_key(subscript), cst.SimpleString):
            return subscript
        return None

    def pair_key_reads(self, reads: list[cst.Subscript], holder: cst.CSTNode, position: int,
                       element: cst.Element) -> list[tuple]:
        """The `dict(models)[key]` reads that get this pair's Estimator: the last pair with that
        key, as dict() keeps."""
        if position != 1:
            raise _Problem(CODE_DRIVER, f"`{self.code(reads[0])}` reads a list of Estimators as a dict, which "
                           "tfmigrate follows only for (key, Estimator) pairs: migrate by hand", reads[0])
        keys = []
        for e in holder.elements:  # type: ignore[attr-defined]
            first = e.value.elements[0].value if isinstance(e.value, cst.Tuple) and e.value.elements else None
            if not isinstance(first, cst.SimpleString):
                raise _Problem(CODE_DRIVER, f"`{self.code(reads[0])}` reads the list of Estimators as a dict, and "
                               "not every key is a string written there: migrate by hand", reads[0])
            keys.append(first.evaluated_value)
        mine = keys[list(holder.elements).index(self.parents.get(self.parents.get(element)))]  # type: ignore[attr-defined]
        last = len(keys) - 1 - keys[::-1].index(mine)
        if list(holder.elements)[last] is not self.parents.get(self.parents.get(element)):  # type: ignore[attr-defined]
            return []
        found = []
        for subscript in reads:
            wanted = self.subscript_key(subscript).evaluated_value  # type: ignore[union-attr]
            if wanted not in keys:
                raise _Problem(CODE_DRIVER, f"`{self.code(subscript)}` reads a key the list of Estimators does not "
                               "have: migrate by hand", subscript)
            if wanted == mine:
                found.append((self.code(subscript), [subscript], None))
        return found

    def bound_alias(self, use: cst.CSTNode) -> Optional[list[tuple]]:
        """`best = models["dnn"]`: the name, bound once, read further as the Estimator."""
        assign = self.parents.get(use)
        if not (isinstance(assign, cst.Assign) and assign.value is use and len(assign.targets) == 1
                and isinstance(assign.targets[0].target, cst.Name)):
            return None
        target = assign.targets[0].target
        scope = self.scopes.get(target)
        assignments = list(scope.assignments[target.value]) if scope is not None else []
        if len(assignments) != 1:
            raise _Problem(CODE_DRIVER, f"`{target.value}` is bound to an Estimator and to something else: "
                           "migrate by hand", target)
        uses = sorted((a.node for a in assignments[0].references), key=self.start)
        return [(target.value, uses, None)]
