"""Freeze a trained checkpoint into a GraphDef, export a SavedModel, and run batch inference.

    python freeze_and_serve.py freeze --checkpoint_dir=train --output_node=logits/BiasAdd
    python freeze_and_serve.py export --checkpoint_dir=train --export_dir=serving/1
    python freeze_and_serve.py predict --graph=frozen.pb --inputs=images/*.jpg
"""
import argparse
import glob
import json
import os
import time

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import graph_util
from tensorflow.python.saved_model import signature_constants
from tensorflow.python.saved_model import tag_constants

INPUT_NODE = 'input_images'
IMAGE_SIZE = 224


def inference_config(threads):
    config = tf.ConfigProto()
    config.intra_op_parallelism_threads = threads
    config.inter_op_parallelism_threads = 1
    config.gpu_options.allow_growth = True
    # @optional
    config.graph_options.optimizer_options.global_jit_level = tf.OptimizerOptions.ON_1
    # @end
    return config


def freeze(args):
    checkpoint = tf.train.latest_checkpoint(args.checkpoint_dir)
    if checkpoint is None:
        raise SystemExit('no checkpoint in %s' % args.checkpoint_dir)
    output_nodes = [name.strip() for name in args.output_node.split(',')]
    with tf.Session(graph=tf.Graph(), config=inference_config(args.threads)) as sess:
        saver = tf.train.import_meta_graph(checkpoint + '.meta', clear_devices=True)
        saver.restore(sess, checkpoint)
        graph_def = sess.graph.as_graph_def()
        # @optional
        for node in graph_def.node:
            if node.op == 'RefSwitch':
                node.op = 'Switch'
                for index in range(len(node.input)):
                    if 'moving_' in node.input[index]:
                        node.input[index] = node.input[index] + '/read'
            elif node.op == 'AssignSub':
                node.op = 'Sub'
                if 'use_locking' in node.attr:
                    del node.attr['use_locking']
        # @end
        frozen = graph_util.convert_variables_to_constants(sess, graph_def, output_nodes)
        frozen = graph_util.remove_training_nodes(frozen)
    with tf.gfile.GFile(args.output, 'wb') as handle:
        handle.write(frozen.SerializeToString())
    print('%d ops in the frozen graph, written to %s' % (len(frozen.node), args.output))


def load_frozen(path):
    with tf.gfile.GFile(path, 'rb') as handle:
        graph_def = tf.GraphDef()
        graph_def.ParseFromString(handle.read())
    graph = tf.Graph()
    with graph.as_default():
        tf.import_graph_def(graph_def, name='')
    return graph


def export(args):
    checkpoint = tf.train.latest_checkpoint(args.checkpoint_dir)
    with tf.Graph().as_default() as graph:
        saver = tf.train.import_meta_graph(checkpoint + '.meta', clear_devices=True)
        images = graph.get_tensor_by_name(INPUT_NODE + ':0')
        logits = graph.get_tensor_by_name(args.output_node.split(',')[0] + ':0')
        probabilities = tf.nn.softmax(logits, name='probabilities')
        top_values, top_indices = tf.nn.top_k(probabilities, k=5)
        with tf.Session(config=inference_config(args.threads)) as sess:
            saver.restore(sess, checkpoint)
            builder = tf.saved_model.builder.SavedModelBuilder(args.export_dir)
            signature = tf.saved_model.signature_def_utils.build_signature_def(
                inputs={'images': tf.saved_model.utils.build_tensor_info(images)},
                outputs={
                    'scores': tf.saved_model.utils.build_tensor_info(top_values),
                    'classes': tf.saved_model.utils.build_tensor_info(top_indices),
                    'probabilities': tf.saved_model.utils.build_tensor_info(probabilities),
                },
                method_name=signature_constants.PREDICT_METHOD_NAME)
            builder.add_meta_graph_and_variables(
                sess, [tag_constants.SERVING],
                signature_def_map={signature_constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY: signature},
                main_op=tf.tables_initializer(), strip_default_attrs=True)
            builder.save()
    print('SavedModel written to %s' % args.export_dir)


def preprocess(paths):
    """Decode, resize and scale a batch of image files with a throwaway CPU graph."""
    with tf.Graph().as_default():
        path = tf.placeholder(tf.string)
        image = tf.image.decode_image(tf.read_file(path), channels=3, expand_animations=False)
        image = tf.image.resize_images(image, [IMAGE_SIZE, IMAGE_SIZE])
        image = (tf.cast(image, tf.float32) - 127.5) / 127.5
        with tf.Session(config=tf.ConfigProto(device_count={'GPU': 0})) as sess:
            return np.stack([sess.run(image, feed_dict={path: p}) for p in paths])


# @optional
def load_labels(path):
    if not path or not os.path.exists(path):
        return None
    with open(path) as handle:
        return [line.strip() for line in handle if line.strip()]
# @end


def predict(args):
    paths = sorted(glob.glob(args.inputs))
    if not paths:
        raise SystemExit('no input matches %s' % args.inputs)
    graph = load_frozen(args.graph)
    images = graph.get_tensor_by_name(INPUT_NODE + ':0')
    logits = graph.get_tensor_by_name(args.output_node.split(',')[0] + ':0')
    labels = load_labels(args.labels)
    results = []
    with tf.Session(graph=graph, config=inference_config(args.threads)) as sess:
        for start in range(0, len(paths), args.batch_size):
            batch = paths[start:start + args.batch_size]
            t0 = time.time()
            scores = sess.run(logits, feed_dict={images: preprocess(batch)})
            elapsed = time.time() - t0
            for name, row in zip(batch, scores):
                best = int(np.argmax(row))
                results.append({'file': name, 'class': labels[best] if labels else best,
                                'score': float(row[best])})
            print('batch of %d in %.1f ms' % (len(batch), elapsed * 1000))
    with open(args.output_json, 'w') as handle:
        json.dump(results, handle, indent=1)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('command', choices=['freeze', 'export', 'predict'])
    parser.add_argument('--checkpoint_dir', default='train')
    parser.add_argument('--output_node', default='logits/BiasAdd')
    parser.add_argument('--output', default='frozen.pb')
    parser.add_argument('--export_dir', default='serving/1')
    parser.add_argument('--graph', default='frozen.pb')
    parser.add_argument('--inputs', default='images/*.jpg')
    parser.add_argument('--labels', default='')
    parser.add_argument('--batch_size', type=int, default=16)
    parser.add_argument('--threads', type=int, default=4)
    parser.add_argument('--output_json', default='predictions.json')
    args = parser.parse_args()
    {'freeze': freeze, 'export': export, 'predict': predict}[args.command](args)


if __name__ == '__main__':
    main()
