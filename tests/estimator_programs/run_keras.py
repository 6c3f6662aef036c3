"""Run a rewritten (TF 2.21, Keras 3) program and record what its training did.

    python run_keras.py PROGRAM OUT.json REPLICAS [INITIAL.json]

REPLICAS logical CPUs stand in for GPUs (SEMANTICS fact 9): a MirroredStrategy made
without devices gets all of them. With INITIAL.json (written by run_estimator.py) the
model starts from the Estimator's initial weights. OUT.json gets the per-step losses,
the model structure, the optimizer configuration and the evaluation results.
"""

import json
import os
import runpy
import sys

# oneDNN's fused Conv2D rejects the empty batch the second logical CPU gets at the end of an
# odd number of evaluation batches ("input depth must be evenly divisible by filter depth:
# 1 vs 8"), on some processors (seen on AMD EPYC, not on the machines of earlier runs). GPUs,
# which replicas stand in for, never run oneDNN; so the stand-in turns it off.
if int(sys.argv[3]) > 1:  # one replica keeps TensorFlow's defaults, as the exact comparisons need
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf

program, out_path, replicas = sys.argv[1], sys.argv[2], int(sys.argv[3])
initial = json.load(open(sys.argv[4])) if len(sys.argv) > 4 else None
# Every run is seeded (initial weights, dropout, shuffles): a test must not pass or fail by luck.
SEED = int(os.environ.get("TFMIGRATE_TEST_SEED", "0"))

cpus = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * replicas)

_mirrored_init = tf.distribute.MirroredStrategy.__init__


def _all_cpus_by_default(self, devices=None, *args, **kwargs):
    _mirrored_init(self, devices or [f"/cpu:{i}" for i in range(replicas)], *args, **kwargs)


tf.distribute.MirroredStrategy.__init__ = _all_cpus_by_default

record = {"fits": [], "evaluations": [], "steps_at_evaluate": []}


class Recorder(tf.keras.callbacks.Callback):
    """Per-step losses: Keras logs the running mean of the epoch, so undo the mean."""

    def __init__(self, fit):
        super().__init__()
        self.fit = fit
        self.previous_mean = 0.0

    def on_train_begin(self, logs=None):
        if initial is not None and not record["fits"][:-1]:
            weights = self.model.trainable_weights
            assert [list(w.shape) for w in weights] == [list(v["shape"]) for v in initial["weights"]]
            for w, v in zip(weights, initial["weights"]):
                w.assign(v["value"])

    def on_epoch_begin(self, epoch, logs=None):
        self.previous_mean = 0.0

    def on_train_batch_end(self, batch, logs=None):
        mean = float(logs["loss"])
        self.fit["losses"].append((batch + 1) * mean - batch * self.previous_mean)
        self.previous_mean = mean


def _describe(model):
    layers = []
    for layer in model.layers:
        activation = getattr(layer, "activation", None)
        layers.append({"kind": type(layer).__name__, "units": getattr(layer, "units", None),
                       "activation": activation.__name__ if activation else None,
                       "use_bias": getattr(layer, "use_bias", None)})
    config = model.optimizer.get_config()
    return {"layers": layers, "parameters": int(sum(int(tf.size(w)) for w in model.trainable_weights)),
            # Keras's own class: a generated subclass (TF1's momentum step, RMSProp's start) is named too.
            "optimizer": {"class": next(c.__name__ for c in type(model.optimizer).__mro__
                                        if c.__module__.startswith("keras")),
                          "own_class": type(model.optimizer).__name__,
                          **{k: v for k, v in config.items() if isinstance(v, (int, float, bool, str))}},
            "replicas": model.distribute_strategy.num_replicas_in_sync}


_fit = tf.keras.Model.fit
_evaluate = tf.keras.Model.evaluate


def fit(self, *args, **kwargs):
    entry = {"losses": []}
    record["fits"].append(entry)
    kwargs["callbacks"] = [*(kwargs.get("callbacks") or []), Recorder(entry)]
    kwargs.setdefault("verbose", 0)
    history = _fit(self, *args, **kwargs)
    entry.update(_describe(self))
    return history


def evaluate(self, *args, **kwargs):
    kwargs.setdefault("verbose", 0)
    result = _evaluate(self, *args, **kwargs)
    record["evaluations"].append(result)
    # The optimizer's iterations stand in for global_step: what evaluate() reports.
    record["steps_at_evaluate"].append(int(self.optimizer.iterations.numpy()))
    return result


tf.keras.Model.fit = fit
tf.keras.Model.evaluate = evaluate
tf.keras.utils.set_random_seed(SEED)
runpy.run_path(program, run_name="__main__")
with open(out_path, "w") as fh:
    json.dump(record, fh)
