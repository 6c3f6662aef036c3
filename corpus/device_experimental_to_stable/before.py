"""Split the first GPU into two logical GPUs, the TF 2.0 way."""
import tensorflow as tf

gpus = tf.config.experimental.list_physical_devices("GPU")
if gpus:
    try:
        tf.config.experimental.set_visible_devices(gpus[0], "GPU")
        tf.config.experimental.set_virtual_device_configuration(
            gpus[0],
            [
                tf.config.experimental.VirtualDeviceConfiguration(memory_limit=512),
                tf.config.experimental.VirtualDeviceConfiguration(memory_limit=512),
            ],
        )
        tf.config.experimental.set_memory_growth  # no stable name: stays
    except RuntimeError as err:
        print(err)

logical = tf.config.experimental.list_logical_devices("GPU")
print(len(gpus), "physical,", len(logical), "logical")
print(tf.config.experimental.get_virtual_device_configuration(gpus[0]) if gpus else None)
print(tf.config.experimental.get_visible_devices("GPU"))
