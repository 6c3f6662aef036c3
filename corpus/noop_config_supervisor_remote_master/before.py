import tensorflow as tf

FLAGS = tf.app.flags.FLAGS

config = tf.ConfigProto(allow_soft_placement=True)
sv = tf.train.Supervisor(is_chief=(FLAGS.task_index == 0), logdir=FLAGS.logdir)
# The master is another process: it keeps its own configuration.
with sv.managed_session(FLAGS.master, config=config) as sess:
    sess.run(train_op)
