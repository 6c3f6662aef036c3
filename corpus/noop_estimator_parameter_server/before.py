import json
import os

import tensorflow.compat.v1 as tf

from pipeline import model_fn, train_input_fn, eval_input_fn

os.environ.setdefault("TF_CONFIG", json.dumps({"cluster": {}, "task": {}}))
strategy = tf.distribute.experimental.ParameterServerStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy)
estimator = tf.estimator.Estimator(model_fn=model_fn, config=config)
tf.estimator.train_and_evaluate(estimator, tf.estimator.TrainSpec(train_input_fn), tf.estimator.EvalSpec(eval_input_fn))
