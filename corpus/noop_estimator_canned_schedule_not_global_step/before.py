"""A decay over a counter of the program's own: no Keras schedule counts it."""
import tensorflow as tf

epoch = tf.Variable(0, trainable=False)
columns = [tf.feature_column.numeric_column("x")]
model = tf.estimator.LinearRegressor(
    feature_columns=columns,
    optimizer=lambda: tf.keras.optimizers.legacy.SGD(
        learning_rate=tf.compat.v1.train.exponential_decay(0.1, epoch, 10, 0.5)))
model.train(lambda: tf.data.Dataset.from_tensor_slices(({"x": [1.0, 2.0]}, [2.0, 4.0])).repeat().batch(2), steps=5)
