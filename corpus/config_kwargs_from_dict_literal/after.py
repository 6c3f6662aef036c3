import tensorflow as tf

from model import build

# some ops have no GPU kernel
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
tf.config.set_soft_device_placement(True)
tf.debugging.set_log_device_placement(False)

train_op = build()
with tf.compat.v1.Session() as sess:
    sess.run(train_op)
