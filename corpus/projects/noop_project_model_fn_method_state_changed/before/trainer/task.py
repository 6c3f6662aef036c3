"""Widens the classifier between two trainings: TF1 built the second graph with the new
width, a Keras model built once would keep the old one; reported."""
import tensorflow as tf

from trainer import model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": tf.ones((8, 2))}, tf.zeros((8,), tf.int32))).batch(4)


classifier = model.Classifier(3)
estimator = tf.estimator.Estimator(model_fn=classifier.model_fn)
estimator.train(input_fn, steps=2)
classifier.width = 5
