"""A cross of a raw float key with a string key (TF1 crossed the float as an int64)."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
data = {"age": rng.uniform(1, 80, 256), "sex": rng.choice(["male", "female"], 256)}
label = ((data["sex"] == "female") ^ (data["age"] > 50)).astype(np.int32)
columns = [tf.feature_column.crossed_column(["age", "sex"], hash_bucket_size=100)]
classifier = tf.estimator.LinearClassifier(feature_columns=columns, config=tf.estimator.RunConfig(tf_random_seed=1))
classifier.train(lambda: tf.data.Dataset.from_tensor_slices((data, label)).repeat().batch(32), steps=50)
scores = classifier.evaluate(lambda: tf.data.Dataset.from_tensor_slices((data, label)).batch(32))
print("FINAL", {k: round(float(scores[k]), 5) for k in ("accuracy", "average_loss", "global_step")})
