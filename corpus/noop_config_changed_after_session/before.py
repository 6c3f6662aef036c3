import tensorflow as tf

from model import build_eval, build_train

config = tf.ConfigProto(intra_op_parallelism_threads=2)
train_sess = tf.Session(config=config)
train_sess.run(build_train())

# Only the evaluation session logs placement: the session copied the config already.
config.log_device_placement = True
eval_sess = tf.Session(config=config)
eval_sess.run(build_eval())
