"""Written against the compat.v1 module: the upgrade script moves the import to
`tensorflow` and spells each TF1 name from tf.compat.v1, which means the same."""
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
x = tf.placeholder(tf.float32, [None, 4])
w = tf.Variable(tf.zeros([4, 1]))
output = tf.matmul(x, w)
