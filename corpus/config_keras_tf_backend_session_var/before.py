import keras.backend.tensorflow_backend as KTF
import tensorflow as tf
from keras.applications.mobilenet import MobileNet


def get_session():
    """Cap this process at a fraction of the GPU (shared workstation)."""
    gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=0.3)
    return tf.Session(config=tf.ConfigProto(gpu_options=gpu_options))


KTF.set_session(get_session())

model = MobileNet(weights=None, classes=10)
model.summary()
