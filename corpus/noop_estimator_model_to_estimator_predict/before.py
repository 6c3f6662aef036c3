"""Score new points with the Estimator a Keras model became."""
import tensorflow as tf

scorer = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="softmax", input_shape=(5,))])
scorer.compile(optimizer="rmsprop", loss="sparse_categorical_crossentropy")


def points(with_labels=True):
    x = tf.random.uniform((20, 5))
    data = (x, tf.cast(x[:, 0] * 3, tf.int32)) if with_labels else x
    return tf.data.Dataset.from_tensor_slices(data).batch(5)


estimator = tf.keras.estimator.model_to_estimator(scorer)
estimator.train(points, steps=4)
for prediction in estimator.predict(lambda: points(False)):
    print(prediction)
