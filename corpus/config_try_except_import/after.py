try:
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()
except ImportError:  # TensorFlow 1.13 and older
    import tensorflow as tf

tf.config.threading.set_intra_op_parallelism_threads(1)
tf.config.threading.set_inter_op_parallelism_threads(1)

x = tf.placeholder(tf.float32, [None, 2])
norm = tf.norm(x, axis=1)

sess = tf.Session()
print(sess.run(norm, {x: [[3.0, 4.0]]}))
