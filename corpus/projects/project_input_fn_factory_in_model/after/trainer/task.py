"""Both the model_fn and the input_fn come from trainer/model.py."""
import tensorflow as tf

from trainer import model

points = tf.random.uniform((24, 2), seed=1)
strategy = tf.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    estimator = model.make_keras_model()
estimator.fit(strategy.distribute_datasets_from_function(lambda _: model.get_input_fn(points, 6)()), steps_per_epoch=8)
{**estimator.evaluate(strategy.distribute_datasets_from_function(lambda _: model.get_input_fn(points, 12)()), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
