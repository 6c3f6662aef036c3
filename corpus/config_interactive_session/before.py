# Notebook export: poke at a few tensors interactively.
import tensorflow as tf

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
sess = tf.InteractiveSession(config=config)

m = tf.random_normal([3, 3], seed=1)
print(m.eval())
print(tf.matrix_determinant(m).eval())
sess.close()
