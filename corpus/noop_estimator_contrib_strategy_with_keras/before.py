"""A Keras model trained under a contrib strategy: the dataset's batch was per replica."""
import tensorflow as tf

strategy = tf.contrib.distribute.MirroredStrategy(num_gpus=2)
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,))])
    model.compile(optimizer="sgd", loss="mse")
