"""The feature names come from the CSV file's header, read when the program runs: the
positions `enumerate` pairs with them are not known to the rewrite, so it is reported."""
import csv
import os
import tempfile

import numpy as np
import tensorflow as tf

DATA = np.random.RandomState(4).rand(40, 4).astype(np.float32)
PATH = os.path.join(tempfile.mkdtemp(), "houses.csv")
with open(PATH, "w", newline="") as f:
    csv.writer(f).writerows([["rooms", "age", "distance", "price"], *DATA.tolist()])

with open(PATH) as f:
    HEADER = next(csv.reader(f))
FEATURES = HEADER[:-1]
SCALES = [10.0, 50.0, 5.0]


def input_fn():
    features = {name: DATA[:, i] for i, name in enumerate(FEATURES)}
    return tf.data.Dataset.from_tensor_slices((features, DATA[:, 3])).batch(8)


columns = [tf.feature_column.numeric_column(name, normalizer_fn=lambda x, s=SCALES[i]: x / s)
           for i, name in enumerate(FEATURES)]
regressor = tf.estimator.LinearRegressor(feature_columns=columns, optimizer="SGD")
regressor.train(input_fn, steps=5)
print("eval", regressor.evaluate(input_fn))
