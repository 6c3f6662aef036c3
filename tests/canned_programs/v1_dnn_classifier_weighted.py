import os
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(5)
N = 120
X = rng.randn(N, 2).astype("float32")
weight = rng.uniform(0.5, 2.0, N).astype("float32")
label = np.where(X[:, 0] * X[:, 1] > 0, "yes", "no")


def input_fn():
    features = {"x0": X[:, 0], "x1": X[:, 1], "w": weight}
    return tf.data.Dataset.from_tensor_slices((features, label)).batch(10).repeat(3)


estimator = tf.compat.v1.estimator.DNNClassifier(
    hidden_units=[8], feature_columns=[tf.feature_column.numeric_column("x0"), tf.feature_column.numeric_column("x1")],
    label_vocabulary=["no", "yes"], weight_column="w", batch_norm=True,
    config=tf.estimator.RunConfig(tf_random_seed=int(os.environ.get("CANNED_SEED", "1"))))
