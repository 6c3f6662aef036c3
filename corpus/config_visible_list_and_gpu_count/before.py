import tensorflow as tf

from model import build_towers, load_dataset


def main():
    dataset = load_dataset("/data/imagenet")
    # Card 1 is reserved for the evaluator; of the rest, use at most two.
    config = tf.ConfigProto(
        gpu_options=tf.GPUOptions(visible_device_list="0,2,3"),
        device_count={"GPU": 2},
    )
    train_op = build_towers(dataset, num_towers=2)
    with tf.Session(config=config) as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(train_op)


if __name__ == "__main__":
    main()
