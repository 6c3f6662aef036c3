"""An input_fn bound to a name as a lambda that returns a one-shot iterator's element itself:
Keras would get one batch, where the Estimator ran the iterator at every step; reported."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(51).rand(24, 2).astype("float32")
Y = X.sum(axis=1)
DATASET = tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(6).repeat()

train_fn = lambda: tf.compat.v1.data.make_one_shot_iterator(DATASET).get_next()
regressor = tf.estimator.LinearRegressor(feature_columns=[tf.feature_column.numeric_column("x", shape=[2])])
regressor.train(input_fn=train_fn, steps=8)
