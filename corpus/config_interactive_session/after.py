# Notebook export: poke at a few tensors interactively.
import tensorflow as tf

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
sess = tf.compat.v1.InteractiveSession()

m = tf.random_normal([3, 3], seed=1)
print(m.eval())
print(tf.matrix_determinant(m).eval())
sess.close()
