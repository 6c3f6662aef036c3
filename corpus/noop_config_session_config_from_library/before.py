"""The cluster library builds the session config; this file cannot see what it sets."""
import tensorflow as tf
from cluster_tools import session_config_for

sess = tf.Session(config=session_config_for("worker", gpus=2))
print(sess.run(tf.constant(1)))
