"""Train the Keras form of a canned-Estimator program (codemods/_canned.py) with plain
`model.fit`, on 1 device or under MirroredStrategy over 2 logical CPUs, from a model that
has made no variables yet (nothing calls it before fit), and print what it did as JSON.

    python -m tests.canned_programs.run_replicas PROGRAM.py REPLICAS [STEPS]

REPLICAS 1: no strategy. REPLICAS 2: the one CPU split into 2 logical devices (before
anything else touches TensorFlow), the model built in the strategy's scope and the data
fed through `strategy.distribute_datasets_from_function(lambda _: input_fn())`.
"""

import json
import os
import math
import runpy
import sys
import tempfile
from pathlib import Path

# oneDNN's fused Conv2D rejects the empty batch the second logical CPU gets at the end of an
# odd number of evaluation batches ("input depth must be evenly divisible by filter depth:
# 1 vs 8"), on some processors (seen on AMD EPYC, not on the machines of earlier runs). GPUs,
# which replicas stand in for, never run oneDNN; so the stand-in turns it off.
if int(sys.argv[2]) > 1:  # one replica keeps TensorFlow's defaults
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf

program, replicas = sys.argv[1], int(sys.argv[2])
steps = int(sys.argv[3]) if len(sys.argv) > 3 else 4
if replicas > 1:
    cpus = tf.config.list_physical_devices("CPU")
    tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * replicas)

from tests.canned_programs.translate import splice  # noqa: E402  (after the device split)

source, _ = splice(Path(program).read_text(encoding="utf-8"))
# The program builds its model at import; under a strategy it must be built in its scope,
# so the model's assignment is evaluated again there (the build expression reads only
# names the program defines at top level).
with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as fh:
    fh.write(source)
tf.random.set_seed(0)
env = runpy.run_path(fh.name, run_name="canned_program")
input_fn = env["input_fn"]
if replicas > 1:
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(replicas)])
    build = next(line.split("=", 1)[1] for line in source.splitlines() if line.startswith("estimator = "))
    with strategy.scope():
        model = eval(build, env)
    data = strategy.distribute_datasets_from_function(lambda _: input_fn())
else:
    model, data = env["estimator"], input_fn()

history = model.fit(data, epochs=1, steps_per_epoch=steps, verbose=0)
losses = [float(x) for x in history.history["loss"]]
print(json.dumps({
    "replicas": int(model.distribute_strategy.num_replicas_in_sync),
    "iterations": int(model.optimizer.iterations.numpy()),
    "linear_iterations": int(model.linear_optimizer.iterations.numpy()) if hasattr(model, "linear_optimizer") else None,
    "loss_finite": all(math.isfinite(x) for x in losses),
    "losses": losses,
}))
