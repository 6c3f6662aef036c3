import keras.backend.tensorflow_backend as KTF
import tensorflow as tf
from keras.applications.mobilenet import MobileNet
from tfmigrate.runtime import total_memory_mib


def get_session():
    """Cap this process at a fraction of the GPU (shared workstation)."""
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.set_logical_device_configuration(
            gpu,
            [tf.config.LogicalDeviceConfiguration(memory_limit=int(0.3 * total_memory_mib(gpu)))],
        )
    return tf.compat.v1.Session()


KTF.set_session(get_session())

model = MobileNet(weights=None, classes=10)
model.summary()
