"""Quick smoke test of the graph on whatever device the runner has."""
import tensorflow as tf


def make_session_config():
    """Grow GPU memory on demand and tolerate ops without GPU kernels."""
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
    tf.config.set_soft_device_placement(True)


graph = tf.Graph()
with graph.as_default():
    step = tf.constant(3) * tf.constant(7)

make_session_config()
sess = tf.compat.v1.Session(graph=graph)
print("step", sess.run(step))
