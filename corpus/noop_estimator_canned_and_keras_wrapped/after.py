import tensorflow as tf

columns = [tf.feature_column.numeric_column("x")]
strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy)
canned = tf.estimator.DNNClassifier(hidden_units=[16, 8], feature_columns=columns, config=config)

keras_model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
keras_model.compile(optimizer="sgd", loss="mse")
wrapped = tf.keras.estimator.model_to_estimator(keras_model=keras_model, config=config)
