"""Pretend one 8 GB card is two 3.5 GB cards to test the multi-tower code path."""
import tensorflow as tf

config = tf.ConfigProto(
    gpu_options=tf.GPUOptions(
        experimental=tf.GPUOptions.Experimental(
            virtual_devices=[tf.GPUOptions.Experimental.VirtualDevices(memory_limit_mb=[3584, 3584])]
        )
    )
)

with tf.device("/gpu:1"):
    result = tf.reduce_sum(tf.ones([1024, 1024]))

sess = tf.Session(config=config)
print(sess.run(result))
