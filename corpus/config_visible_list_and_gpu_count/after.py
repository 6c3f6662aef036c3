import tensorflow as tf

from model import build_towers, load_dataset


def main():
    dataset = load_dataset("/data/imagenet")
    # Card 1 is reserved for the evaluator; of the rest, use at most two.
    gpus = tf.config.list_physical_devices("GPU")
    if gpus:
        tf.config.set_visible_devices([gpus[0], gpus[2]], "GPU")
    train_op = build_towers(dataset, num_towers=2)
    with tf.compat.v1.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(train_op)


if __name__ == "__main__":
    main()
