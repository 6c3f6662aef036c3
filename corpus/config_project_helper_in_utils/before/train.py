import tensorflow as tf

import utils
from model import build_model

if __name__ == "__main__":
    train_op = build_model()
    with tf.Session(config=utils.get_session_config()) as sess:
        sess.run(train_op)
