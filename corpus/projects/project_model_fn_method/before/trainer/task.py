import tensorflow as tf

from trainer import model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": tf.ones((8, 2))}, tf.zeros((8,), tf.int32))).batch(4)


estimator = tf.estimator.Estimator(model_fn=model.Classifier(3).model_fn)
estimator.train(input_fn, steps=2)
