import os

import tensorflow as tf

os.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "0")

gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_logical_device_configuration(gpus[0], [tf.config.LogicalDeviceConfiguration(memory_limit=2048)])
logical = tf.config.list_logical_devices("GPU")
with tf.device(logical[0].name if logical else "/cpu:0"):
    x = tf.ones([2, 2])
with tf.device("/gpu:0"):
    y = x + 1
print(len(gpus), len(logical), y)
