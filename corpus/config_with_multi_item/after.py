import json
import sys

import tensorflow as tf

from export import build_inference_graph


def dump_predictions(checkpoint, out_path):
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
    tf.config.set_soft_device_placement(True)
    inputs, outputs = build_inference_graph()
    saver = tf.train.Saver()
    with tf.compat.v1.Session() as sess, open(out_path, "w") as out:
        saver.restore(sess, checkpoint)
        json.dump(sess.run(outputs, {inputs: [[0.0] * 4]}).tolist(), out)


if __name__ == "__main__":
    dump_predictions(sys.argv[1], sys.argv[2])
