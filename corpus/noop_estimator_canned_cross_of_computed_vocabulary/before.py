"""A nested cross over a column whose vocabulary is computed from the data: the TF1 column
holds it, but the outer cross flattens its parts, so the model could not find it there."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
data = {"city": rng.choice(["oslo", "rome", "lima"], 200), "kind": rng.choice(["a", "b"], 200),
        "size": rng.choice(["s", "m"], 200)}
label = (data["city"] == "rome").astype(np.int32)
city = tf.feature_column.categorical_column_with_vocabulary_list("city", np.unique(data["city"]))
city_kind = tf.feature_column.crossed_column([city, "kind"], hash_bucket_size=20)
columns = [tf.feature_column.crossed_column([city_kind, "size"], hash_bucket_size=40)]
model = tf.estimator.LinearClassifier(feature_columns=columns)
model.train(lambda: tf.data.Dataset.from_tensor_slices((data, label)).repeat().batch(20), steps=10)
