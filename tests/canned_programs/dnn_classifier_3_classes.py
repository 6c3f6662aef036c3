import os
import numpy as np
import tensorflow as tf

from tensorflow import feature_column as fc
KEYS = ["x0", "x1", "x2", "x3"]
rng = np.random.RandomState(0)
X = rng.randn(120, 4).astype("float32")
Y = (X[:, 0] + X[:, 1] > 0).astype("int64") + (X[:, 2] > 0.5).astype("int64")


def input_fn():
    # one pass of 12 batches of 10
    return tf.data.Dataset.from_tensor_slices(({k: X[:, i] for i, k in enumerate(KEYS)}, Y)).batch(10)


columns = [fc.numeric_column(k) for k in KEYS]
estimator = tf.estimator.DNNClassifier(hidden_units=[8, 4], feature_columns=columns, n_classes=3,
                                       config=tf.estimator.RunConfig(tf_random_seed=int(os.environ.get("CANNED_SEED", "1"))))
