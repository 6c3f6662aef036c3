import os
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(6)
N = 120
label = rng.randint(0, 3, N).astype("int64")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": rng.randn(N).astype("float32")}, label)).batch(10).repeat(3)


estimator = tf.compat.v1.estimator.BaselineClassifier(n_classes=3, config=tf.estimator.RunConfig(tf_random_seed=int(os.environ.get("CANNED_SEED", "1"))))
