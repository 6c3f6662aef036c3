"""Train a canned-Estimator program on TF 2.15 and record what it did (JSON).

    python run_estimator.py PROGRAM.py OUT.json

A program defines `estimator` (a canned Estimator) and `input_fn` (finite: one pass is
the training run; evaluate and predict use it again). OUT.json gets the initial values
of the trainable variables by name, the per-step training losses, the parameter count,
evaluate()'s results and the keys, dtypes and shapes of one predict() dict.
"""

import json
import random
import runpy
import sys

import numpy as np
import tensorflow as tf
from tensorflow_estimator.python.estimator import estimator as estimator_lib

tf1 = tf.compat.v1
program, out_path = sys.argv[1], sys.argv[2]
random.seed(0)
np.random.seed(0)
record = {"losses": []}
train_loss = {}

_call_model_fn = estimator_lib.Estimator._call_model_fn


def call_model_fn(self, features, labels, mode, config):
    spec = _call_model_fn(self, features, labels, mode, config)
    if mode == tf.estimator.ModeKeys.TRAIN:
        train_loss["tensor"] = spec.loss
    return spec


estimator_lib.Estimator._call_model_fn = call_model_fn


class Recorder(tf1.train.SessionRunHook):
    def begin(self):
        self.variables = tf1.trainable_variables()

    def after_create_session(self, session, coord):
        values = session.run(self.variables)
        record["weights"] = {v.name: x.tolist() for v, x in zip(self.variables, values)}
        record["parameters"] = int(sum(x.size for x in values))

    def before_run(self, run_context):
        return tf1.train.SessionRunArgs(train_loss["tensor"])

    def after_run(self, run_context, run_values):
        record["losses"].append(float(run_values.results))


env = runpy.run_path(program, run_name="canned_program")
estimator, input_fn = env["estimator"], env["input_fn"]
estimator.train(input_fn, hooks=[Recorder()])
record["evaluation"] = {k: float(v) for k, v in estimator.evaluate(input_fn).items()}
first = next(iter(estimator.predict(input_fn)))
record["prediction"] = {k: [str(np.asarray(v).dtype.kind), list(np.asarray(v).shape)] for k, v in first.items()}
with open(out_path, "w") as fh:
    json.dump(record, fh)
