"""Run an Estimator program (TF 2.15 + tensorflow-estimator 2.15) and record what its
training did, in the same form as run_keras.py.

    python run_estimator.py PROGRAM OUT.json REPLICAS

OUT.json gets the initial values of the trainable variables (so the Keras rewrite can
start from them), the per-step losses, the layers, the optimizer hyperparameters and the
evaluation results. With REPLICAS > 1 the Estimator's session is given that many CPUs
explicitly: with the default session config a 2-CPU MirroredStrategy run hangs here.
"""

import json
import runpy
import sys

import tensorflow as tf
from tensorflow_estimator.python.estimator import estimator as estimator_lib

tf1 = tf.compat.v1
program, out_path, replicas = sys.argv[1], sys.argv[2], int(sys.argv[3])

cpus = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * replicas)
record = {"fits": [], "evaluations": [], "layers": [], "optimizers": []}
first_model_fn_call = {"active": False, "done": False}


def _default_devices(cls):
    original = cls.__init__

    def init(self, devices=None, *args, **kwargs):
        original(self, devices or [f"/cpu:{i}" for i in range(replicas)], *args, **kwargs)

    cls.__init__ = init


_default_devices(tf.distribute.MirroredStrategy)
_default_devices(tf1.distribute.MirroredStrategy)

_run_config_init = tf1.estimator.RunConfig.__init__


def run_config_init(self, *args, **kwargs):
    if replicas > 1 and kwargs.get("session_config") is None:
        kwargs["session_config"] = tf1.ConfigProto(device_count={"CPU": replicas}, allow_soft_placement=True)
    _run_config_init(self, *args, **kwargs)


tf1.estimator.RunConfig.__init__ = run_config_init

# Layers: both tf1.layers.dense and tf1.layers.Dense build a legacy Dense layer.
_dense_build = tf1.layers.Dense.build


def dense_build(self, input_shape):
    if first_model_fn_call["active"]:
        record["layers"].append({"kind": "Dense", "units": self.units,
                                 "activation": self.activation.__name__ if self.activation else "linear",
                                 "use_bias": self.use_bias})
    return _dense_build(self, input_shape)


tf1.layers.Dense.build = dense_build

# apply_gradients, which minimize() calls too: the two-step form (compute_gradients, then
# apply_gradients) is recorded as well.
_apply_gradients = tf1.train.Optimizer.apply_gradients
HYPERPARAMETERS = ("_learning_rate", "_initial_accumulator_value", "_beta1", "_beta2", "_epsilon", "_momentum",
                   "_use_nesterov")


def apply_gradients(self, *args, **kwargs):
    if not first_model_fn_call["active"]:
        return _apply_gradients(self, *args, **kwargs)
    values = {k.lstrip("_"): getattr(self, k) for k in HYPERPARAMETERS if hasattr(self, k)}
    record["optimizers"].append({"class": type(self).__name__,
                                 **{k: v for k, v in values.items() if isinstance(v, (int, float, bool))}})
    return _apply_gradients(self, *args, **kwargs)


tf1.train.Optimizer.apply_gradients = apply_gradients


class Recorder(tf1.train.SessionRunHook):
    """Initial weights after the session starts; the loss of every step (computed before
    that step's update), averaged over the replicas as the train_op does."""

    def __init__(self, entry):
        self.entry = entry

    def begin(self):
        # The EstimatorSpec's loss of each replica: a penalty added by hand (`loss += ...`) is
        # in no collection, and the LOSSES collection may hold more than the replicas' losses.
        self.losses = tf1.get_collection(SPEC_LOSSES) or tf1.get_collection(tf1.GraphKeys.LOSSES)
        # One copy of each variable (the first replica's): the copies start equal.
        self.variables = [v for v in tf1.trainable_variables() if "/replica_" not in v.name]

    def after_create_session(self, session, coord):
        if "weights" not in self.entry:
            values = session.run(self.variables)
            self.entry["weights"] = [{"name": v.name, "shape": list(x.shape), "value": x.tolist()}
                                     for v, x in zip(self.variables, values)]
            self.entry["parameters"] = int(sum(x.size for x in values))

    def before_run(self, run_context):
        return tf1.train.SessionRunArgs(self.losses)

    def after_run(self, run_context, run_values):
        self.entry["losses"].append(float(sum(run_values.results) / len(run_values.results)))


_call_model_fn = estimator_lib.Estimator._call_model_fn


SPEC_LOSSES = "tfmigrate_test_spec_losses"


def call_model_fn(self, features, labels, mode, *args, **kwargs):
    """Structure and optimizer from the first call only (model_fn runs per replica and mode);
    the loss each TRAIN call returns, for the Recorder."""
    first_model_fn_call["active"] = not first_model_fn_call["done"]
    try:
        spec = _call_model_fn(self, features, labels, mode, *args, **kwargs)
        if mode == tf.estimator.ModeKeys.TRAIN and getattr(spec, "loss", None) is not None:
            tf1.add_to_collection(SPEC_LOSSES, spec.loss)
        return spec
    finally:
        first_model_fn_call["active"], first_model_fn_call["done"] = False, True


estimator_lib.Estimator._call_model_fn = call_model_fn
_train = estimator_lib.Estimator.train
_evaluate = estimator_lib.Estimator.evaluate


def train(self, input_fn, hooks=None, *args, **kwargs):
    entry = {"losses": [], "replicas": self._train_distribution.num_replicas_in_sync
             if self._train_distribution else 1}
    record["fits"].append(entry)
    return _train(self, input_fn, [*(hooks or []), Recorder(entry)], *args, **kwargs)


def evaluate(self, *args, **kwargs):
    result = _evaluate(self, *args, **kwargs)
    record["evaluations"].append({k: float(v) for k, v in result.items() if k != "global_step"})
    return result


estimator_lib.Estimator.train = train
estimator_lib.Estimator.evaluate = evaluate
runpy.run_path(program, run_name="__main__")
with open(out_path, "w") as fh:
    json.dump(record, fh)
