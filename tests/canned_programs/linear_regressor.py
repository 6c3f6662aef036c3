import os
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(3)
N = 120
rooms = rng.randint(1, 8, N).astype("float32")
city = np.array(["a", "b", "c", "d"])[rng.randint(0, 4, N)]
price = (rooms * 2.0 + (city == "a") * 3.0 + rng.randn(N) * 0.1).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"rooms": rooms, "city": city}, price)).batch(10).repeat(3)


columns = [tf.feature_column.numeric_column("rooms"),
           tf.feature_column.categorical_column_with_vocabulary_list("city", ["a", "b", "c"])]
estimator = tf.estimator.LinearRegressor(feature_columns=columns, config=tf.estimator.RunConfig(tf_random_seed=int(os.environ.get("CANNED_SEED", "1"))))
