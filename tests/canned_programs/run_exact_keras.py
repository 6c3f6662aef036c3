"""TF 2.21 side of the exact preprocessing test: for each case of exact_columns.py, the
Keras code translate_input_layer generates, run on the same batch (JSON out)."""

import json
import sys
from pathlib import Path

import libcst as cst
import numpy as np
import tensorflow as tf

from tests.canned_programs.translate import Module, fill
from tfmigrate.codemods._feature_columns_keras import translate_input_layer

HERE = Path(__file__).resolve().parent
source = (HERE / "exact_columns.py").read_text(encoding="utf-8")
env = {}
exec(compile(source, "exact_columns.py", "exec"), env)  # the raw batch only: columns are not used here
out = {}
for case in env["CASES"]:
    program = source + f"\ndense = tf.keras.layers.DenseFeatures(CASES[{case!r}])(features)\n"
    module = Module(program)
    call = next(n for n in module.qnames if isinstance(n, cst.Call) and isinstance(n.func, cst.Call)
                and (module.name_of(n.func.func) or "").endswith("DenseFeatures"))
    # Column lists are read through the CASES dict's entry, which the reader cannot follow,
    # so hand it the list literal itself.
    columns = next(e.value for n in module.qnames if isinstance(n, cst.Dict) for e in n.elements
                   if isinstance(e.key, cst.SimpleString) and e.key.value.strip("\"'") == case)
    call = call.with_deep_changes(call.func, args=[cst.Arg(columns)])
    layer = translate_input_layer(call, module.name_of, module.code, module.binding, module.parent)
    params = [param for param, _ in layer.init_args]
    code = ["class Inputs(tf.keras.layers.Layer):", f"    def __init__({', '.join(['self'] + params)}):",
            "        super().__init__()"]
    code += [f"        {fill(x)}" for x in layer.init]
    code += ["    def call(self, features):"] + [f"        {fill(x)}" for x in layer.body]
    code += [f"        return {layer.value}"]
    scope = {"tf": tf}
    exec("\n".join(code), scope)
    # the run-time keys, evaluated where the columns were given (the program's module scope)
    inputs = scope["Inputs"](*[eval(fill(source).replace("{{", "{").replace("}}", "}"), env)
                               for _, source in layer.init_args])
    value = inputs({k: tf.constant(v) for k, v in env["features"].items()})
    out[case] = np.asarray(value).tolist()
json.dump(out, open(sys.argv[1], "w"))
