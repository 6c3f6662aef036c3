import keras.backend.tensorflow_backend as KTF
import tensorflow as tf
from keras.applications.resnet50 import ResNet50

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
KTF.set_session(tf.Session(config=config))

model = ResNet50(weights=None)
model.summary()
