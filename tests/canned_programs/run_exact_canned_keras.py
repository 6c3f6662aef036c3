"""TF 2.21 side of tests/legacy/test_feature_columns_canned_exact.py: each case of
exact_canned_columns.py through the canned rewrite (translate.splice), run as a program
(its TF1 columns are built on TF 2.21 too, and the model reads run-time values from them),
with the last layer replaced by the identity: the model returns the tensor its linear or
DNN layer multiplied. JSON out: case → values."""

import json
import sys

import numpy as np
import tensorflow as tf

from tests.canned_programs.exact_canned_columns import CASES, program
from tests.canned_programs.translate import splice

out = {}
for case, (part, _, _) in CASES.items():
    text, _ = splice(program(case))
    env: dict = {"__name__": f"exact_{case}"}
    exec(compile(text, f"<{case}>", "exec"), env)
    model = env["est"]
    if part == "linear":
        model.linear_model = tf.keras.layers.Identity()
    else:
        model.logits_layer = tf.keras.layers.Identity()
    value = model({k: tf.constant(v) for k, v in env["features"].items()}, training=False)
    out[case] = np.asarray(value, dtype=np.float64).tolist()
json.dump(out, open(sys.argv[1], "w"))
