import tensorflow as tf
from keras import backend as K
from keras.layers import Conv2D, Input
from keras.models import Model

config = tf.ConfigProto(log_device_placement=False)
config.gpu_options.allow_growth = True
K.set_session(tf.Session(config=config))

K.set_image_data_format("channels_last")
inputs = Input(shape=(32, 32, 3))
model = Model(inputs, Conv2D(8, 3)(inputs))
model.summary()
