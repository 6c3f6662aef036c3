import tensorflow as tf

from data import folds

config = tf.ConfigProto(log_device_placement=True)
for i, fold in enumerate(folds()):
    if i == 0:
        sess = tf.Session(config=config)  # only the first fold logs placement
    else:
        sess = tf.Session()
    fold.run(sess)
