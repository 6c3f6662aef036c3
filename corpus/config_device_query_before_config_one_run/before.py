"""Check the GPU, then make a session that grows its memory as needed."""
import tensorflow as tf

if tf.test.gpu_device_name():
    print("GPU found:", tf.test.gpu_device_name())

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
sess = tf.Session(config=config)
print(sess.run(tf.constant(1)))
