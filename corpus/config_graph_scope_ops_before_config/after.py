import tensorflow as tf

graph = tf.Graph()
with graph.as_default():
    # TF1 builds the whole graph first: in TF2 these ops only join `graph`, they run nothing.
    features = tf.constant([[1.0, 2.0]])
    weights = tf.Variable([[0.5], [0.25]])
    logits = tf.matmul(features, weights)

    tf.config.threading.set_intra_op_parallelism_threads(2)
    tf.config.threading.set_inter_op_parallelism_threads(1)
    tf.debugging.set_log_device_placement(True)
    sess = tf.compat.v1.Session(graph=graph)
    sess.run(tf.compat.v1.global_variables_initializer())
    print(sess.run(logits))
