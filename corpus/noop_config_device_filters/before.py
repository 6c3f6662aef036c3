import tensorflow as tf

from cluster import CLUSTER_SPEC, TASK_INDEX

# Only talk to the parameter servers and to ourselves.
config = tf.ConfigProto(device_filters=["/job:ps", "/job:worker/task:%d" % TASK_INDEX],
                        allow_soft_placement=True)
server = tf.train.Server(CLUSTER_SPEC, job_name="worker", task_index=TASK_INDEX, config=config)
server.join()
