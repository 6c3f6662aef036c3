import tensorflow as tf

from . import model


def input_fn():
    features = {"x": tf.random.uniform((32, 4))}
    return tf.data.Dataset.from_tensor_slices((features, tf.zeros((32,), tf.int32))).batch(8)


estimator = tf.estimator.Estimator(model_fn=model.model_fn, params={"classes": 3})
estimator.train(input_fn, steps=4)
