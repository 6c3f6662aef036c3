import tensorflow as tf

from model import build_model

train_op, global_step = build_model()
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
tf.config.set_soft_device_placement(True)
tf.debugging.set_log_device_placement(False)

sv = tf.train.Supervisor(logdir="/tmp/train", global_step=global_step)
with sv.managed_session() as sess:
    while not sv.should_stop():
        sess.run(train_op)
