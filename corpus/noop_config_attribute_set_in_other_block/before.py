import tensorflow as tf

from model import build_model

config = tf.ConfigProto(allow_soft_placement=True)


def main():
    config.gpu_options.allow_growth = True
    train_op = build_model()
    with tf.Session(config=config) as sess:
        sess.run(train_op)


if __name__ == "__main__":
    main()
