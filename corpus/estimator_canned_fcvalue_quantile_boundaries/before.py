"""Bucket boundaries computed from the training data before the Estimator is built: by a
helper, bound to a name, and for a two-value numeric column; a cross of two of them."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(11)
rows = 400
trips = {"distance": rng.gamma(2.0, 3.0, rows).astype(np.float32),
         "hour": rng.randint(0, 24, rows).astype(np.float32),
         "pickup": rng.uniform(-1.0, 1.0, (rows, 2)).astype(np.float32)}
fare = (2.5 + 1.2 * trips["distance"] + 0.3 * (trips["hour"] > 17) + trips["pickup"][:, 0]).astype(np.float32)


def edges_at_quantiles(values, count):
    """count - 1 interior quantiles of the data, as plain floats."""
    return [float(q) for q in np.quantile(values, np.arange(1, count) / count)]


hour_edges = sorted({float(h) for h in np.percentile(trips["hour"], [25, 50, 75])})
distance = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("distance"),
                                               boundaries=edges_at_quantiles(trips["distance"], 8))
hour = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("hour"), boundaries=hour_edges)
pickup = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("pickup", shape=(2,)),
                                             boundaries=edges_at_quantiles(trips["pickup"].ravel(), 4))
columns = [distance, hour, pickup, tf.feature_column.crossed_column([distance, hour], hash_bucket_size=50)]

regressor = tf.estimator.LinearRegressor(feature_columns=columns, config=tf.estimator.RunConfig(tf_random_seed=5))
batches = lambda: tf.data.Dataset.from_tensor_slices((trips, fare)).repeat().batch(40)
regressor.train(batches, steps=60)
scores = regressor.evaluate(lambda: tf.data.Dataset.from_tensor_slices((trips, fare)).batch(100))
print("FINAL", {k: round(float(scores[k]), 6) for k in ("average_loss", "loss", "global_step")})
first = next(regressor.predict(lambda: tf.data.Dataset.from_tensor_slices(trips).batch(100)))
print("PRED", sorted(first), round(float(first["predictions"][0]), 5))
