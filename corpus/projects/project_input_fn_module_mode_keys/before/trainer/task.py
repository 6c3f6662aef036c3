import tensorflow as tf

from trainer import inputs, model

estimator = tf.estimator.Estimator(model_fn=model.model_fn, params={"classes": 3})
estimator.train(inputs.make_input_fn(tf.estimator.ModeKeys.TRAIN), steps=6)
print(estimator.evaluate(inputs.make_input_fn(tf.estimator.ModeKeys.EVAL)))
