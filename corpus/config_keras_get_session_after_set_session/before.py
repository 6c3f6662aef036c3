import keras.backend.tensorflow_backend as KTF
import tensorflow as tf
from keras.models import load_model

config = tf.ConfigProto()
config.gpu_options.allow_growth = True  # do not take the whole GPU
KTF.set_session(tf.Session(config=config))

model = load_model("yolo.h5")
sess = KTF.get_session()  # Keras 3 has no session to hand out
boxes = sess.run(model.output, feed_dict={model.input: image})
