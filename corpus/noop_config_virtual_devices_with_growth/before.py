import tensorflow as tf

from model import build_towers

gpu_options = tf.GPUOptions(
    allow_growth=True,
    experimental=tf.GPUOptions.Experimental(
        virtual_devices=[tf.GPUOptions.Experimental.VirtualDevices(memory_limit_mb=[2048, 2048])]),
)
config = tf.ConfigProto(gpu_options=gpu_options)

train_op = build_towers(num_gpus=2)
with tf.Session(config=config) as sess:
    sess.run(train_op)
