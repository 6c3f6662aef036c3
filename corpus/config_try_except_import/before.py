try:
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()
except ImportError:  # TensorFlow 1.13 and older
    import tensorflow as tf

config = tf.ConfigProto(intra_op_parallelism_threads=1,
                        inter_op_parallelism_threads=1)

x = tf.placeholder(tf.float32, [None, 2])
norm = tf.norm(x, axis=1)

sess = tf.Session(config=config)
print(sess.run(norm, {x: [[3.0, 4.0]]}))
