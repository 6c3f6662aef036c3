import tensorflow as tf

cluster = tf.train.ClusterSpec({"worker": ["localhost:2222"]})
server = tf.train.Server(cluster, job_name="worker", task_index=0)

config = tf.ConfigProto(log_device_placement=True)
config.gpu_options.allow_growth = True

with tf.Session(server.target, config=config) as sess:
    print(sess.run(tf.constant("connected")))
