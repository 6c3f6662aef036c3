"""Check the GPU, then make a session that grows its memory as needed."""
import tensorflow as tf

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)

if tf.config.list_physical_devices("GPU"):
    print("GPU found:", "/device:GPU:0" if tf.config.list_physical_devices("GPU") else "")
sess = tf.compat.v1.Session()
print(sess.run(tf.constant(1)))
