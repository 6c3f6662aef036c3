"""Rewrite a canned-Estimator program with codemods/_canned.py, run it on TF 2.21, and
record what it did, in run_estimator.py's form.

    python run_keras.py PROGRAM.py OUT.json [INITIAL.json]

With INITIAL.json (run_estimator.py's output) the DNN kernels, biases and embedding
tables start from the Estimator's initial values, matched by layer name; every other
variable starts at the same constant in both (zeros: linear weights, biases, baseline).
"""

import json
import random
import runpy
import sys
import tempfile
from pathlib import Path

import numpy as np
import tensorflow as tf

from tests.canned_programs.translate import splice

program, out_path = sys.argv[1], sys.argv[2]
initial = json.load(open(sys.argv[3]))["weights"] if len(sys.argv) > 3 else None
random.seed(0)
np.random.seed(0)
tf.random.set_seed(0)

source, result = splice(Path(program).read_text(encoding="utf-8"))
with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as fh:
    fh.write(source)
env = runpy.run_path(fh.name, run_name="canned_program")
model, input_fn = env["estimator"], env["input_fn"]
record = {"losses": [], "eval_keys": result.eval_keys, "predict_keys": result.predict_keys, "loaded": 0}

# Estimator variable name pieces for each Keras variable (see canned/dnn.py, feature_column_v2.py).
KERAS_TO_ESTIMATOR = {"embeddings": "embedding_weights"}


def load_initial(model):
    for variable in model.trainable_variables:
        layer, _, leaf = variable.path.rpartition("/")
        layer = layer.rsplit("/", 1)[-1]
        wanted = f"/{layer}/{KERAS_TO_ESTIMATOR.get(leaf, leaf)}:0"
        found = [name for name in initial if name.replace("/part_0", "").endswith(wanted) and name.startswith("dnn/")]
        if len(found) == 1:
            value = np.asarray(initial[found[0]], dtype="float32")
            assert value.shape == tuple(variable.shape), (variable.path, value.shape, variable.shape)
            variable.assign(value)
            record["loaded"] += 1


class Recorder(tf.keras.callbacks.Callback):
    """Per-step losses: Keras logs the running mean of the epoch, so undo the mean."""

    previous = 0.0

    def on_train_batch_end(self, batch, logs=None):
        mean = float(logs["loss"])
        record["losses"].append((batch + 1) * mean - batch * self.previous)
        self.previous = mean


if initial is not None:
    first = next(iter(input_fn()))
    model(first[0] if isinstance(first, tuple) else first)  # a subclassed model makes its variables on a call
    load_initial(model)
model.fit(input_fn(), epochs=1, verbose=0, callbacks=[Recorder()])
record["parameters"] = int(sum(int(np.prod(v.shape)) for v in model.trainable_variables))
record["evaluation"] = {k: float(v) for k, v in model.evaluate(input_fn(), return_dict=True, verbose=0).items()}
predictions = model.predict(input_fn(), verbose=0)
record["prediction"] = {k: [np.asarray(v).dtype.kind, list(np.asarray(v).shape[1:])] for k, v in predictions.items()}
record["optimizer_iterations"] = int(model.optimizer.iterations.numpy())
with open(out_path, "w") as fh:
    json.dump(record, fh)
