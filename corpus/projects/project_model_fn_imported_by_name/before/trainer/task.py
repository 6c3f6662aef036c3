import tensorflow as tf

from trainer.model import model_fn


def input_fn():
    features = {"x": tf.random.uniform((32, 4))}
    return tf.data.Dataset.from_tensor_slices((features, tf.zeros((32,), tf.int32))).batch(8)


classifier = tf.estimator.Estimator(model_fn, params={"classes": 2})
classifier.train(input_fn=input_fn, max_steps=4)
