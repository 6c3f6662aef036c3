import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

# Two CPU devices so the tower code below can be exercised without GPUs.
session_config = tf.ConfigProto(device_count={"CPU": 2},
                                inter_op_parallelism_threads=2)

towers = []
for i in range(2):
    with tf.device("/cpu:%d" % i):
        towers.append(tf.reduce_sum(tf.ones([16, 16]) * float(i + 1)))
total = tf.add_n(towers)

sess = tf.Session(config=session_config)
print(sess.run(total))
