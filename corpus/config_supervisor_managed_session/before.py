import tensorflow as tf

from model import build_model

train_op, global_step = build_model()
config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False)
config.gpu_options.allow_growth = True

sv = tf.train.Supervisor(logdir="/tmp/train", global_step=global_step)
with sv.managed_session(config=config) as sess:
    while not sv.should_stop():
        sess.run(train_op)
