"""Split the first GPU into two logical GPUs, the TF 2.0 way."""
import tensorflow as tf

gpus = tf.config.list_physical_devices("GPU")
if gpus:
    try:
        tf.config.set_visible_devices(gpus[0], "GPU")
        tf.config.set_logical_device_configuration(
            gpus[0],
            [
                tf.config.LogicalDeviceConfiguration(memory_limit=512),
                tf.config.LogicalDeviceConfiguration(memory_limit=512),
            ],
        )
        tf.config.experimental.set_memory_growth  # no stable name: stays
    except RuntimeError as err:
        print(err)

logical = tf.config.list_logical_devices("GPU")
print(len(gpus), "physical,", len(logical), "logical")
print(tf.config.get_logical_device_configuration(gpus[0]) if gpus else None)
print(tf.config.get_visible_devices("GPU"))
