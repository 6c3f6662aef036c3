import keras
import tensorflow as tf

# Grow GPU memory as needed instead of reserving all of it.
keras.backend.set_session(tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True))))

model = keras.models.Sequential([keras.layers.Dense(4, input_shape=(4,))])
model.compile("sgd", "mse")
