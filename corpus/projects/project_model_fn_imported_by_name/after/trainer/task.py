import tensorflow as tf

from trainer.model import make_keras_model


def input_fn():
    features = {"x": tf.random.uniform((32, 4))}
    return tf.data.Dataset.from_tensor_slices((features, tf.zeros((32,), tf.int32))).batch(8)


classifier = make_keras_model({"classes": 2})
classifier.fit(input_fn(), steps_per_epoch=4)
