"""Trains the regression with two hidden layers for a fixed number of steps."""

import numpy as np
import tensorflow as tf

from trainer import model

INPUTS = np.linspace(0.0, 1.0, 64, dtype=np.float32).reshape(32, 2)
TARGETS = INPUTS[:, :1] * 2.0 - INPUTS[:, 1:] + 0.5


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"inputs": INPUTS}, TARGETS)).repeat().batch(8)


def main():
    estimator = model.make_regression_model_for(layer_sizes=[12, 6], learning_rate=0.1)()
    estimator.fit(input_fn(), steps_per_epoch=30)
    print({**estimator.evaluate(input_fn(), steps=4, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})


if __name__ == "__main__":
    main()
