"""The premade-estimator tutorial's columns, normalized: a loop over the keys of a table
known only at run time computes each column's mean and spread and gives the column a
normalizer made from them. The loop stays and builds those columns; the Keras model is
given them and calls each normalizer, as the column did."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(8)


def load_table(rows):
    return {"width": rng.uniform(2.0, 6.0, size=rows).astype(np.float32),
            "height": rng.uniform(10.0, 30.0, size=rows).astype(np.float32)}


def make_normalizer(mean, spread):
    return lambda x: (x - mean) / spread


train = load_table(60)
price = (0.8 * train["width"] + 0.1 * train["height"]).astype(np.float32)

columns = []
for key in train.keys():
    mean, spread = float(train[key].mean()), float(train[key].std())
    columns.append(tf.feature_column.numeric_column(key=key, normalizer_fn=make_normalizer(mean, spread)))


def input_fn():
    return tf.data.Dataset.from_tensor_slices((dict(train), price)).batch(12)


regressor = tf.estimator.LinearRegressor(feature_columns=columns)
regressor.train(input_fn, steps=20)
print("eval", {key: round(float(value), 5) for key, value in sorted(regressor.evaluate(input_fn).items())})
