"""Generates the TF1 boilerplate for old notebooks.

Example of what it writes::

    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    sess = tf.Session(config=config)
"""
import textwrap

# We used to call K.set_session(tf.Session(config=tf.ConfigProto(...))) here.
TEMPLATE = textwrap.dedent("""
    import tensorflow as tf
    config = tf.ConfigProto(allow_soft_placement={soft})
    config.gpu_options.per_process_gpu_memory_fraction = {fraction}
    sess = tf.Session(config=config)
""")


def render(soft=True, fraction=0.5):
    return TEMPLATE.format(soft=soft, fraction=fraction)


print(render())
