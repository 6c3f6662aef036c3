import copy

import tensorflow as tf

from model import build_eval, build_train

train_config = tf.ConfigProto(intra_op_parallelism_threads=8)
eval_config = copy.deepcopy(train_config)
eval_config.intra_op_parallelism_threads = 1

with tf.Session(config=train_config) as sess:
    sess.run(build_train())
with tf.Session(config=eval_config) as sess:
    sess.run(build_eval())
