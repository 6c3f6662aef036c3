"""Resume training of a model saved by an earlier job, as an Estimator."""
import tensorflow as tf


def examples():
    x = tf.random.uniform((40, 6))
    return tf.data.Dataset.from_tensor_slices((x, tf.reduce_max(x, axis=1))).batch(10)


resumed = tf.keras.estimator.model_to_estimator(keras_model_path="exported/model.h5", model_dir="runs/resumed")
resumed.train(examples, steps=10)
