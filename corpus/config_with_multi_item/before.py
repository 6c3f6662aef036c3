import json
import sys

import tensorflow as tf

from export import build_inference_graph


def dump_predictions(checkpoint, out_path):
    config = tf.ConfigProto(allow_soft_placement=True)
    config.gpu_options.allow_growth = True
    inputs, outputs = build_inference_graph()
    saver = tf.train.Saver()
    with tf.Session(config=config) as sess, open(out_path, "w") as out:
        saver.restore(sess, checkpoint)
        json.dump(sess.run(outputs, {inputs: [[0.0] * 4]}).tolist(), out)


if __name__ == "__main__":
    dump_predictions(sys.argv[1], sys.argv[2])
