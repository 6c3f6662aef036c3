import tensorflow as tf

config = tf.ConfigProto(log_device_placement=True, intra_op_parallelism_threads=2)

train_graph = tf.Graph()
with train_graph.as_default():
    counter = tf.constant(41) + 1

eval_graph = tf.Graph()
with eval_graph.as_default():
    check = tf.constant("ok")

train_sess = tf.Session(graph=train_graph, config=config)
eval_sess = tf.Session(graph=eval_graph, config=config)
print(train_sess.run(counter), eval_sess.run(check))
