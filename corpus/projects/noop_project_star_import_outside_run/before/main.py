from shared_lib.common import *  # installed separately, not in this run

estimator = tf.estimator.Estimator(model_fn=model_fn)
train_spec = tf.estimator.TrainSpec(input_fn=input_fn, max_steps=6)
eval_spec = tf.estimator.EvalSpec(input_fn=input_fn, steps=None)
tf.estimator.train_and_evaluate(estimator, train_spec, eval_spec)
