"""Both the model_fn and the input_fn come from trainer/model.py."""
import tensorflow as tf

from trainer import model

points = tf.random.uniform((24, 2), seed=1)
strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
estimator = tf.estimator.Estimator(model.model_fn, config=config)
tf.estimator.train_and_evaluate(
    estimator,
    tf.estimator.TrainSpec(input_fn=model.get_input_fn(points, 6), max_steps=8),
    tf.estimator.EvalSpec(input_fn=model.get_input_fn(points, 12), steps=None))
