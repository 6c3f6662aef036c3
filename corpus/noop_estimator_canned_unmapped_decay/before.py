"""A TF1 learning-rate decay with no Keras schedule of the same formula (linear cosine)."""
import tensorflow as tf

model = tf.estimator.DNNRegressor(
    hidden_units=[8], feature_columns=[tf.feature_column.numeric_column("x")],
    optimizer=lambda: tf.keras.optimizers.legacy.Adam(
        learning_rate=tf.compat.v1.train.linear_cosine_decay(0.01, tf.compat.v1.train.get_global_step(), 100)))
model.train(lambda: tf.data.Dataset.from_tensor_slices(({"x": [1.0, 2.0]}, [2.0, 4.0])).repeat().batch(2), steps=5)
