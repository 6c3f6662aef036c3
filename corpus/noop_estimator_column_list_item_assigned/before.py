"""The first deep column is replaced by a normalized one after the list is built: tfmigrate
follows appends and extends, not item assignment, so the Estimator is reported."""
import tensorflow as tf

FEATURES = ["tenure", "charges"]
deep = [tf.feature_column.numeric_column(key) for key in FEATURES]
deep[0] = tf.feature_column.numeric_column("tenure", normalizer_fn=lambda x: x / 60.0)
model = tf.estimator.DNNRegressor(hidden_units=[4], feature_columns=deep)
model.train(lambda: tf.data.Dataset.from_tensor_slices(({"tenure": [12.0], "charges": [3.0]}, [1.0])).batch(1),
            steps=1)
