import tensorflow as tf

import utils
from model import build_model

if __name__ == "__main__":
    train_op = build_model()
    utils.get_session_config()
    with tf.compat.v1.Session() as sess:
        sess.run(train_op)
