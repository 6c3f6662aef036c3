import tensorflow as tf

from folds import load_fold, train_fold

for fold in range(5):
    config = tf.ConfigProto(allow_soft_placement=True)
    if fold == 0:
        config.log_device_placement = True  # only show placement once
    data = load_fold(fold)
    with tf.Session(config=config) as sess:
        train_fold(sess, data)
