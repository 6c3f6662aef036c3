import tensorflow as tf

if tf.__version__.startswith("2."):
    tf = tf.compat.v1
    tf.disable_v2_behavior()

config = tf.ConfigProto(log_device_placement=True, inter_op_parallelism_threads=2)

x = tf.placeholder(tf.float32, [None])
squares = tf.square(x)

sess = tf.Session(config=config)
print(sess.run(squares, {x: [1.0, 2.0, 3.0]}))
