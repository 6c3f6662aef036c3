"""Columns defined the course-lab way, several names unpacked from one written list, then
bucketized and crossed into a linear model."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(12)
FEATURES = {
    "plurality": RNG.choice(["single", "twins"], size=40),
    "mother_age": RNG.uniform(18.0, 44.0, size=40).astype("float32"),
    "weeks": RNG.uniform(30.0, 42.0, size=40).astype("float32"),
}
WEIGHT = (0.1 * FEATURES["weeks"] - 0.5 * (FEATURES["plurality"] == "twins")).astype("float32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices((FEATURES, WEIGHT)).repeat(epochs).batch(8)


def wide_columns():
    plurality, mother_age, weeks = [
        tf.feature_column.categorical_column_with_vocabulary_list("plurality", ["single", "twins"]),
        tf.feature_column.numeric_column("mother_age"),
        tf.feature_column.numeric_column("weeks"),
    ]
    age_buckets = tf.feature_column.bucketized_column(mother_age, boundaries=[25.0, 30.0, 35.0])
    return [plurality, age_buckets, weeks,
            tf.feature_column.crossed_column([plurality, age_buckets], hash_bucket_size=16)]


regressor = tf.estimator.LinearRegressor(feature_columns=wide_columns(),
                                         optimizer=tf.keras.optimizers.legacy.SGD(0.0002))
regressor.train(input_fn=lambda: input_fn(2))
print("eval", regressor.evaluate(input_fn=lambda: input_fn(1)))
