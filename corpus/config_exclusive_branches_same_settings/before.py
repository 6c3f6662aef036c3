import sys

import tensorflow as tf

graph = tf.Graph()
with graph.as_default():
    metric = tf.reduce_mean(tf.constant([0.25, 0.75]))

if "--train" in sys.argv:
    train_config = tf.ConfigProto(intra_op_parallelism_threads=4)
    sess = tf.Session(graph=graph, config=train_config)
else:
    eval_config = tf.ConfigProto(intra_op_parallelism_threads=4, log_device_placement=True)
    sess = tf.Session(graph=graph, config=eval_config)

print(sess.run(metric))
