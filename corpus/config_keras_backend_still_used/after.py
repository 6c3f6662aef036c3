import tensorflow as tf
from keras import backend as K
from keras.layers import Conv2D, Input
from keras.models import Model

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
tf.debugging.set_log_device_placement(False)

K.set_image_data_format("channels_last")
inputs = Input(shape=(32, 32, 3))
model = Model(inputs, Conv2D(8, 3)(inputs))
model.summary()
