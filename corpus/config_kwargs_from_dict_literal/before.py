import tensorflow as tf

from model import build

session_kwargs = {
    "allow_soft_placement": True,  # some ops have no GPU kernel
    "log_device_placement": False,
    "gpu_options": tf.GPUOptions(allow_growth=True),
}
config = tf.ConfigProto(**session_kwargs)

train_op = build()
with tf.Session(config=config) as sess:
    sess.run(train_op)
