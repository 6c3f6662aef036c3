"""Quick smoke test of the graph on whatever device the runner has."""
import tensorflow as tf


def make_session_config():
    """Grow GPU memory on demand and tolerate ops without GPU kernels."""
    config = tf.ConfigProto(allow_soft_placement=True)
    config.gpu_options.allow_growth = True
    return config


graph = tf.Graph()
with graph.as_default():
    step = tf.constant(3) * tf.constant(7)

sess = tf.Session(graph=graph, config=make_session_config())
print("step", sess.run(step))
