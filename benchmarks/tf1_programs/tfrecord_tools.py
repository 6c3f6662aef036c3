"""Convert an image folder into sharded TFRecord files, and check what was written.

    python tfrecord_tools.py build --image_dir=photos --output_dir=records --shards=16
    python tfrecord_tools.py verify --output_dir=records

JPEG decoding and resizing run in a small TF1 graph on the CPU only (the GPU stays free
for training jobs on the same machine), several worker threads in one session.
"""
from __future__ import print_function

import argparse
import os
import random
import sys
import threading
from datetime import datetime

import numpy as np
import tensorflow as tf


def _int64_feature(value):
    if not isinstance(value, list):
        value = [value]
    return tf.train.Feature(int64_list=tf.train.Int64List(value=value))


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def _float_feature(values):
    return tf.train.Feature(float_list=tf.train.FloatList(value=values))


def convert_to_example(filename, image_buffer, label, text, height, width):
    colorspace, channels, image_format = b'RGB', 3, b'JPEG'
    return tf.train.Example(features=tf.train.Features(feature={
        'image/height': _int64_feature(height),
        'image/width': _int64_feature(width),
        'image/colorspace': _bytes_feature(colorspace),
        'image/channels': _int64_feature(channels),
        'image/class/label': _int64_feature(label),
        'image/class/text': _bytes_feature(text.encode('utf8')),
        'image/format': _bytes_feature(image_format),
        'image/filename': _bytes_feature(os.path.basename(filename).encode('utf8')),
        'image/encoded': _bytes_feature(image_buffer),
    }))


class ImageCoder(object):
    """Decodes and re-encodes images in one TF1 session, CPU only."""

    def __init__(self, num_threads):
        config = tf.ConfigProto(device_count={'GPU': 0},
                                intra_op_parallelism_threads=num_threads,
                                inter_op_parallelism_threads=num_threads)
        self._sess = tf.Session(config=config)
        self._png_data = tf.placeholder(dtype=tf.string)
        image = tf.image.decode_png(self._png_data, channels=3)
        self._png_to_jpeg = tf.image.encode_jpeg(image, format='rgb', quality=95)
        self._decode_jpeg_data = tf.placeholder(dtype=tf.string)
        self._decode_jpeg = tf.image.decode_jpeg(self._decode_jpeg_data, channels=3)
        # @optional
        self._resize_size = tf.placeholder(dtype=tf.int32, shape=[2])
        resized = tf.image.resize_images(tf.cast(self._decode_jpeg, tf.float32), self._resize_size)
        self._resize_jpeg = tf.image.encode_jpeg(tf.cast(resized, tf.uint8), format='rgb', quality=95)
        # @end

    def png_to_jpeg(self, image_data):
        return self._sess.run(self._png_to_jpeg, feed_dict={self._png_data: image_data})

    def decode_jpeg(self, image_data):
        image = self._sess.run(self._decode_jpeg, feed_dict={self._decode_jpeg_data: image_data})
        assert len(image.shape) == 3 and image.shape[2] == 3
        return image

    def close(self):
        self._sess.close()


def process_image(filename, coder):
    with tf.gfile.FastGFile(filename, 'rb') as handle:
        image_data = handle.read()
    if filename.lower().endswith('.png'):
        image_data = coder.png_to_jpeg(image_data)
    image = coder.decode_jpeg(image_data)
    return image_data, image.shape[0], image.shape[1]


def process_batch(coder, thread_index, ranges, name, filenames, texts, labels, num_shards, output_dir):
    num_threads = len(ranges)
    shards_per_thread = num_shards // num_threads
    shard_ranges = np.linspace(ranges[thread_index][0], ranges[thread_index][1], shards_per_thread + 1).astype(int)
    counter = 0
    for s in range(shards_per_thread):
        shard = thread_index * shards_per_thread + s
        output_file = os.path.join(output_dir, '%s-%.5d-of-%.5d' % (name, shard, num_shards))
        writer = tf.python_io.TFRecordWriter(output_file)
        shard_counter = 0
        for i in np.arange(shard_ranges[s], shard_ranges[s + 1], dtype=int):
            try:
                image_buffer, height, width = process_image(filenames[i], coder)
            except tf.errors.InvalidArgumentError:
                print('skipping unreadable file %s' % filenames[i])
                continue
            example = convert_to_example(filenames[i], image_buffer, labels[i], texts[i], height, width)
            writer.write(example.SerializeToString())
            shard_counter += 1
            counter += 1
        writer.close()
        print('%s [thread %d]: wrote %d images to %s' % (datetime.now(), thread_index, shard_counter, output_file))
        sys.stdout.flush()


def find_image_files(image_dir):
    labels, filenames, texts = [], [], []
    classes = sorted(d for d in tf.gfile.ListDirectory(image_dir) if tf.gfile.IsDirectory(os.path.join(image_dir, d)))
    for label_index, text in enumerate(classes, start=1):
        for pattern in ('*.jpg', '*.jpeg', '*.png'):
            matching = tf.gfile.Glob(os.path.join(image_dir, text, pattern))
            filenames.extend(matching)
            labels.extend([label_index] * len(matching))
            texts.extend([text] * len(matching))
    order = list(range(len(filenames)))
    random.seed(12345)
    random.shuffle(order)
    return [filenames[i] for i in order], [texts[i] for i in order], [labels[i] for i in order]


def build(args):
    filenames, texts, labels = find_image_files(args.image_dir)
    spacing = np.linspace(0, len(filenames), args.threads + 1).astype(int)
    ranges = [[spacing[i], spacing[i + 1]] for i in range(len(spacing) - 1)]
    coord = tf.train.Coordinator()
    coder = ImageCoder(args.threads)
    threads = []
    for thread_index in range(len(ranges)):
        worker = threading.Thread(target=process_batch, args=(coder, thread_index, ranges, args.name, filenames,
                                                              texts, labels, args.shards, args.output_dir))
        worker.start()
        threads.append(worker)
    coord.join(threads)
    coder.close()
    print('%s: wrote all %d images' % (datetime.now(), len(filenames)))


def verify(args):
    """Count the examples of every shard and decode the first of each."""
    total = 0
    with tf.Graph().as_default():
        serialized = tf.placeholder(tf.string)
        parsed = tf.parse_single_example(serialized, {
            'image/encoded': tf.FixedLenFeature([], tf.string),
            'image/class/label': tf.FixedLenFeature([], tf.int64),
        })
        decoded = tf.image.decode_jpeg(parsed['image/encoded'], channels=3)
        with tf.Session(config=tf.ConfigProto(device_count={'GPU': 0})) as sess:
            for path in sorted(tf.gfile.Glob(os.path.join(args.output_dir, '%s-*' % args.name))):
                count = 0
                for record in tf.python_io.tf_record_iterator(path):
                    if count == 0:
                        image, label = sess.run([decoded, parsed['image/class/label']],
                                                feed_dict={serialized: record})
                        print('%s: first image %s, label %d' % (os.path.basename(path), image.shape, label))
                    count += 1
                total += count
    print('%d examples in total' % total)
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('command', choices=['build', 'verify'])
    parser.add_argument('--image_dir', default='images')
    parser.add_argument('--output_dir', default='records')
    parser.add_argument('--name', default='train')
    parser.add_argument('--shards', type=int, default=16)
    parser.add_argument('--threads', type=int, default=4)
    args = parser.parse_args()
    if args.shards % args.threads:
        parser.error('--shards must be a multiple of --threads')
    if not tf.gfile.Exists(args.output_dir):
        tf.gfile.MakeDirs(args.output_dir)
    if args.command == 'build':
        build(args)
    else:
        verify(args)


if __name__ == '__main__':
    main()
