import tensorflow as tf
from keras import backend as K
from keras.models import load_model

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
sess = tf.Session(config=config)
K.set_session(sess)

model = load_model("model.h5")
saver = tf.train.Saver()
saver.save(sess, "checkpoints/model.ckpt")
