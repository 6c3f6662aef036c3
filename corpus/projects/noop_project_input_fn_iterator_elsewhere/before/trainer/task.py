import tensorflow as tf

from trainer import data, model

estimator = tf.estimator.Estimator(model_fn=model.model_fn, params={"classes": 3})
estimator.train(data.train_input, steps=4)
