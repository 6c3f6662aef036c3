import numpy as np
import tensorflow as tf
from keras import backend as K
from keras.layers import Dense
from keras.models import Sequential

# Do not grab all the GPU memory up front: other notebooks share this card.
config = tf.ConfigProto()
config.gpu_options.allow_growth = True
K.set_session(tf.Session(config=config))

model = Sequential([Dense(16, activation="relu", input_shape=(10,)), Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(64, 10), np.random.rand(64, 1), epochs=2, verbose=0)
