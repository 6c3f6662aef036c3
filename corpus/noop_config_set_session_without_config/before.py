import tensorflow as tf
from keras import backend as K
from keras.models import load_model

# A fresh graph and session for every model we load.
graph = tf.Graph()
with graph.as_default():
    sess = tf.Session()
    K.set_session(sess)
    model = load_model("classifier.h5")
