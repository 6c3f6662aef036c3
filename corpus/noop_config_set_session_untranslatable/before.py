import tensorflow as tf
from keras import backend as K

from models import build_unet

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
config.gpu_options.per_process_gpu_memory_fraction = 0.7
K.set_session(tf.Session(config=config))

model = build_unet(input_shape=(256, 256, 1))
model.compile(optimizer="adam", loss="binary_crossentropy")
