"""Gap 1 with comprehensions: numeric, indicator and embedding columns over keys known
only inside main(), filtered, plus a helper's crossed column; the linear learning rate
depends on the run-time column count."""
import os
import numpy as np
import tensorflow as tf

CITIES = ["paris", "rome", "oslo"]


def load(rng, n=120):
    data = {"width": rng.rand(n).astype("float32"), "height": rng.rand(n).astype("float32") * 3,
            "depth": rng.randn(n).astype("float32"),
            "city": np.array([CITIES[i] for i in rng.randint(0, 4, n) % 3]),
            "origin": np.array([["paris", "lima", "rome", ""][i] for i in rng.randint(0, 4, n)])}
    data["label"] = (data["width"] * 2 + data["height"] - (data["city"] == "rome") + rng.randn(n) * 0.1
                     ).astype("float32")
    return data


def crosses():
    return [tf.feature_column.crossed_column(
        [tf.feature_column.bucketized_column(tf.feature_column.numeric_column("width"), [0.25, 0.5, 0.75]), "city"],
        hash_bucket_size=16)]


def main():
    data = load(np.random.RandomState(5))
    labels = data.pop("label")
    string_keys = [k for k in sorted(data) if data[k].dtype.kind == "U"]

    def input_fn():
        return tf.data.Dataset.from_tensor_slices((data, labels)).batch(8).repeat(2)

    linear = [tf.feature_column.numeric_column(k) for k in data if k not in string_keys] + crosses()
    deep = [tf.feature_column.numeric_column(key=k) for k in data.keys() if k not in string_keys]
    deep += [tf.feature_column.indicator_column(tf.feature_column.categorical_column_with_vocabulary_list(k, CITIES))
             for k in string_keys]
    deep += [tf.feature_column.embedding_column(tf.feature_column.categorical_column_with_hash_bucket(k, 10), 3)
             for k in string_keys]
    estimator = tf.estimator.DNNLinearCombinedRegressor(
        linear_feature_columns=linear, dnn_feature_columns=deep, dnn_hidden_units=[8],
        config=tf.estimator.RunConfig(tf_random_seed=int(os.environ.get("CANNED_SEED", "1"))))
    return estimator, input_fn


estimator, input_fn = main()
