"""Trains the regression with two hidden layers for a fixed number of steps."""
import functools

import numpy as np
import tensorflow as tf

from trainer import model

INPUTS = np.linspace(0.0, 1.0, 64, dtype=np.float32).reshape(32, 2)
TARGETS = INPUTS[:, :1] * 2.0 - INPUTS[:, 1:] + 0.5


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"inputs": INPUTS}, TARGETS)).repeat().batch(8)


def main():
    network = functools.partial(model.regression_fn, layer_sizes=[12, 6], learning_rate=0.1)
    estimator = tf.estimator.Estimator(model_fn=network)
    estimator.train(input_fn, steps=30)
    print(estimator.evaluate(input_fn, steps=4))


if __name__ == "__main__":
    main()
