"""Exports only what __all__ names: a star import does not bring `tf`."""
import tensorflow as tf

__all__ = ["dense"]


def dense(x, units):
    return tf.layers.dense(x, units)
