"""The vocabulary is a tensor built at import, before tf.app.run calls main."""
import tensorflow as tf

VOCABULARY = tf.constant(["<pad>", "<unk>", "the", "a"])


def main(_):
    config = tf.ConfigProto(intra_op_parallelism_threads=2)
    with tf.Session(config=config) as sess:
        print(sess.run(tf.size(VOCABULARY)))


if __name__ == "__main__":
    tf.app.run(main=main)
