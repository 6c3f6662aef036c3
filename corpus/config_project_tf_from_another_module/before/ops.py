"""Layers shared by the models; the scripts take TensorFlow from here with a star import."""
import tensorflow as tf
import numpy as np


def conv(x, filters):
    return tf.layers.conv2d(x, filters, 3, padding="same")


def noise(n):
    return np.random.normal(size=(n, 8))
