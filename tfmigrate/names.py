"""Resolve what a name in source really refers to, through imports and aliases.

Rules never match on spelling (`tf.ConfigProto`): they ask for the canonical name of the
object a node refers to, computed from LibCST's QualifiedNameProvider, so that
`import tensorflow.compat.v1 as tf1`, `from tensorflow import ConfigProto` and a guarded
`try: import tensorflow.compat.v1 as tf / except: import tensorflow as tf` all resolve to
"tf.ConfigProto". A name that cannot be resolved through an import (a parameter, an
undefined name, two imports that disagree) resolves to None and is left alone.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

import libcst as cst
from libcst.metadata import QualifiedName, QualifiedNameSource

from tfmigrate import project_index

# Longest first: the first prefix that matches wins.
_TF_PREFIXES = (
    "tensorflow._api.v2.compat.v1.",
    "tensorflow._api.v2.",
    "tensorflow.compat.v1.",
    "tensorflow.compat.v2.",
    "tensorflow.python.keras.",  # old private path to Keras, same API
    "tensorflow.",
)

_COMPAT_AGAIN = ("compat.v1.", "compat.v2.")

# Spellings of the same object that public code uses.
_ALIASES = {
    "tf.core.protobuf.config_pb2.ConfigProto": "tf.ConfigProto",
    "tf.core.protobuf.config_pb2.GPUOptions": "tf.GPUOptions",
    "tf.core.protobuf.config_pb2.GraphOptions": "tf.GraphOptions",
    "tf.core.protobuf.config_pb2.OptimizerOptions": "tf.OptimizerOptions",
    "tf.python.client.session.Session": "tf.Session",
    "tf.python.client.session.InteractiveSession": "tf.InteractiveSession",
    "tf.python.client.device_lib.list_local_devices": "tf.python.client.device_lib.list_local_devices",
    "tensorflow.python.keras.backend.set_session": "keras.backend.set_session",
    "tf.backend.set_session": "keras.backend.set_session",
    "tf.keras.backend.set_session": "keras.backend.set_session",
    "keras.backend.tensorflow_backend.set_session": "keras.backend.set_session",
    "keras.backend.tf_backend.set_session": "keras.backend.set_session",
}


# Private module paths public code imported from, and the public names of what they hold
# (the Machine Learning Crash Course's `from tensorflow.python.data import Dataset`).
_PRIVATE_PATHS = (
    ("tf.python.data.ops.dataset_ops.Dataset", "tf.data.Dataset"),
    ("tf.python.data.Dataset", "tf.data.Dataset"),
)


# What a rule's name lookup returns for a name that one binding makes TensorFlow's and
# another makes something else (`layers = tf.compat.v1.layers` in one branch, `import
# custom_layers as layers` in the other), followed by the source spelling: no TensorFlow
# name starts with it, and a rule that copies calls it does not know can refuse such a call.
AMBIGUOUS = "?"


# What programs call TensorFlow's module. A parameter of one of these names used as a module
# (`def make(tf): tf.ConfigProto()`) is TensorFlow in all likelihood, but no import says so:
# rules report such a site instead of passing over it.
TF_SPELLINGS = frozenset({"tf", "tf1", "tfv1", "tf_v1", "tf_compat", "tensorflow"})


def canonical(qualified: str) -> str:
    """'tensorflow.compat.v1.ConfigProto' -> 'tf.ConfigProto'; keras stays 'keras.…'."""
    name = qualified
    for prefix in _TF_PREFIXES:
        if qualified.startswith(prefix):
            rest = qualified[len(prefix):]
            # tf.compat.v1 holds compat.v1 again: under `import tensorflow.compat.v1 as tf`,
            # `tf.compat.v1.Session` is the same class as `tf.Session`.
            while rest.startswith(_COMPAT_AGAIN):
                rest = rest[len("compat.v1."):]
            name = ("keras." + rest) if prefix == "tensorflow.python.keras." else "tf." + rest
            break
    else:
        if qualified == "tensorflow" or qualified == "tensorflow.compat.v1":
            return "tf"
    for private, public in _PRIVATE_PATHS:
        if name == private or name.startswith(private + "."):
            return public + name[len(private):]
    return _ALIASES.get(name, name)


def _names(metadata: Mapping[cst.CSTNode, Any], node: cst.CSTNode) -> set[QualifiedName]:
    value = metadata.get(node)
    if value is None:
        return set()
    if callable(value):  # LibCST hands out LazyValue for qualified names
        value = value()
    return set(value)


def resolve(metadata: Mapping[cst.CSTNode, Any], node: cst.CSTNode) -> Optional[str]:
    """The canonical name of what `node` refers to, if every import agrees on it."""
    every = _names(metadata, node)
    names = {q for q in every if q.source == QualifiedNameSource.IMPORT}
    if not names or len(names) != len(every):
        return None  # unresolved, or also bound locally (`tf = Fake()`): not provably TensorFlow
    canon = {canonical(q.name) for q in names}
    return canon.pop() if len(canon) == 1 else None


def is_compat_v1(metadata: Mapping[cst.CSTNode, Any], node: cst.CSTNode) -> Optional[bool]:
    """True if every import reaches the name through tf.compat.v1; None if they disagree."""
    names = [q.name for q in _names(metadata, node) if q.source == QualifiedNameSource.IMPORT]
    if not names:
        return None
    flags = {n.startswith("tensorflow.compat.v1.") or n.startswith("tensorflow._api.v2.compat.v1.") for n in names}
    return flags.pop() if len(flags) == 1 else None


def imported_names(metadata: Mapping[cst.CSTNode, Any], node: cst.CSTNode) -> set[str]:
    """The fully qualified names `node` may refer to through imports (empty if none)."""
    return {q.name for q in _names(metadata, node) if q.source == QualifiedNameSource.IMPORT}


def star_imported_tf(module: cst.Module, name: str) -> Optional[str]:
    """The TF module (`tensorflow` or `tensorflow.compat.v1`) that a name no statement of
    the file binds has through the file's `from M import *` lines, in a project run: when
    every one of them is a module of the project (another could bind anything) and the last
    that binds `name` binds it to TensorFlow (tfmigrate/project_index.py reads that from
    the module's bytes). None otherwise, and outside a project run."""
    context = project_index.current()
    if context is None or context.index is None:
        return None
    found = None
    for imp in star_imports(module):
        dotted = "." * len(imp.relative) + (module.code_for_node(imp.module) if imp.module is not None else "")
        if context.index.module_file(context.path, dotted) is None:
            return None
        found = context.index.tf_module(context.path, dotted, name, star=True) or found
    return found


def star_imports(module: cst.Module) -> list[cst.ImportFrom]:
    """The module-level `from M import *` statements of a file."""
    return [imp for node in module.body if isinstance(node, cst.SimpleStatementLine)
            for imp in node.body if isinstance(imp, cst.ImportFrom) and isinstance(imp.names, cst.ImportStar)]

