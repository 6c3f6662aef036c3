"""Keys known only at run time, each bucketized at boundaries computed from its own data:
the model's shared per-key layers cannot hold a different list per key, so it is reported."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(4)
sensors = {f"s{i}": rng.normal(i, 1.0, 120).astype(np.float32) for i in range(rng.randint(2, 5))}
target = sum(sensors.values()).astype(np.float32)
columns = [tf.feature_column.bucketized_column(tf.feature_column.numeric_column(name),
                                               boundaries=[float(b) for b in np.percentile(sensors[name], [30, 70])])
           for name in sorted(sensors)]
model = tf.estimator.LinearRegressor(feature_columns=columns)
model.train(lambda: tf.data.Dataset.from_tensor_slices((sensors, target)).repeat().batch(20), steps=10)
