import keras.backend.tensorflow_backend as KTF
import tensorflow as tf
from keras.models import load_model

# do not take the whole GPU
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)

model = load_model("yolo.h5")
sess = KTF.get_session()  # Keras 3 has no session to hand out
boxes = sess.run(model.output, feed_dict={model.input: image})
