"""The cloud-lab trainer: a canned regressor trained with train_and_evaluate and a
LatestExporter whose serving function makes a dict of placeholders and expands each to a
column; the trainer returns the Estimator with its results, the caller predicts with it and
serves two rows from the export."""
import os
import tempfile

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(4)
DATA = {"weeks": RNG.uniform(30.0, 42.0, 40).astype("float32"), "twins": RNG.randint(0, 2, 40).astype("float32")}
WEIGHT = (0.2 * DATA["weeks"] - 1.5 * DATA["twins"]).astype("float32")
COLUMNS = [tf.feature_column.numeric_column("weeks"), tf.feature_column.numeric_column("twins")]


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices((DATA, WEIGHT)).repeat(epochs).batch(8)


def serving_input_fn():
    feature_placeholders = {
        "weeks": tf.compat.v1.placeholder(tf.float32, [None]),
        "twins": tf.compat.v1.placeholder(tf.float32, [None]),
    }
    features = {key: tf.expand_dims(tensor, -1) for key, tensor in feature_placeholders.items()}
    return tf.estimator.export.ServingInputReceiver(features, feature_placeholders)


def train_and_evaluate(output_dir):
    estimator = tf.estimator.LinearRegressor(feature_columns=COLUMNS, model_dir=output_dir,
                                             optimizer=tf.keras.optimizers.legacy.SGD(0.0002))
    train_spec = tf.estimator.TrainSpec(input_fn=lambda: input_fn(None), max_steps=30)
    exporter = tf.estimator.LatestExporter("exporter", serving_input_fn)
    eval_spec = tf.estimator.EvalSpec(input_fn=lambda: input_fn(1), steps=None, exporters=exporter)
    result = tf.estimator.train_and_evaluate(estimator, train_spec, eval_spec)
    return estimator, result


output_dir = os.path.join(tempfile.mkdtemp(), "trained")
estimator, (metrics, exports) = train_and_evaluate(output_dir)
print("metrics", metrics)
first = next(estimator.predict(input_fn=lambda: input_fn(1)))
print("first", sorted(first), round(float(first["predictions"][0]), 5))
loaded = tf.saved_model.load(exports[0].decode())
print("signatures", "predict" in loaded.signatures)
served = loaded.signatures["predict"](weeks=tf.constant([35.0, 40.0]), twins=tf.constant([0.0, 1.0]))
print("served", {key: np.round(value.numpy(), 5).ravel().tolist() for key, value in sorted(served.items())})
