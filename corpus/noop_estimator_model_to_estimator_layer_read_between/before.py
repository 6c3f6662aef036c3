"""A statement between the model's lines reads its layers: they cannot all move under the scope."""
import tensorflow as tf

image = tf.keras.Input(shape=(28, 28, 1), name="image")
features = tf.keras.layers.Flatten()(image)
print("flattened to", features.shape[-1], "values")
digit = tf.keras.layers.Dense(10, activation="softmax")(features)
classifier = tf.keras.Model(image, digit)
classifier.compile(optimizer="adam", loss="sparse_categorical_crossentropy")

strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy)
estimator = tf.keras.estimator.model_to_estimator(keras_model=classifier, config=config)


def digits():
    x = tf.zeros((16, 28, 28, 1))
    return tf.data.Dataset.from_tensor_slices(({"image": x}, tf.zeros((16,), tf.int32))).batch(4)


estimator.train(digits, steps=2)
