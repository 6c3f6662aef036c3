"""Predict tomorrow's load from three readings; the Keras model is trained through an Estimator."""
import argparse

import tensorflow as tf


def build_regressor(units):
    regressor = tf.keras.Sequential([
        tf.keras.layers.Dense(units, activation="tanh", input_shape=(3,)),
        tf.keras.layers.Dense(1),
    ])
    regressor.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse", metrics=["mae"])
    return regressor


def readings():
    x = tf.random.uniform((96, 3), seed=4)
    y = tf.reduce_mean(x, axis=1, keepdims=True)
    return tf.data.Dataset.from_tensor_slices((x, y)).batch(16)


parser = argparse.ArgumentParser()
parser.add_argument("--model_dir", default="/tmp/load_model")
parser.add_argument("--units", type=int, default=10)
args = parser.parse_args()

# The estimator keeps its checkpoints in model_dir.
load_estimator = tf.keras.estimator.model_to_estimator(
    keras_model=build_regressor(args.units), model_dir=args.model_dir)
load_estimator.train(input_fn=lambda: readings().repeat(), steps=50)
metrics = load_estimator.evaluate(input_fn=readings)
print("mae %.4f after %d steps" % (metrics["mae"], metrics["global_step"]))
