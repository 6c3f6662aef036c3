import tensorflow as tf

if tf.__version__.startswith("2."):
    tf = tf.compat.v1
    tf.disable_v2_behavior()

tf.config.threading.set_inter_op_parallelism_threads(2)
tf.debugging.set_log_device_placement(True)

x = tf.placeholder(tf.float32, [None])
squares = tf.square(x)

sess = tf.Session()
print(sess.run(squares, {x: [1.0, 2.0, 3.0]}))
