import tensorflow as tf

tf.config.threading.set_intra_op_parallelism_threads(2)
tf.debugging.set_log_device_placement(True)

train_graph = tf.Graph()
with train_graph.as_default():
    counter = tf.constant(41) + 1

eval_graph = tf.Graph()
with eval_graph.as_default():
    check = tf.constant("ok")

train_sess = tf.compat.v1.Session(graph=train_graph)
eval_sess = tf.compat.v1.Session(graph=eval_graph)
print(train_sess.run(counter), eval_sess.run(check))
