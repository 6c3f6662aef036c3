import tensorflow as tf
from keras import backend as K
from keras.models import load_model

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
sess = tf.compat.v1.Session()
K.set_session(sess)

model = load_model("model.h5")
saver = tf.train.Saver()
saver.save(sess, "checkpoints/model.ckpt")
