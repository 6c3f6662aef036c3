#!/usr/bin/env python
"""Data-parallel training of a small image classifier on several GPUs.

One model replica ("tower") per GPU shares its variables, kept on the CPU; each tower
computes gradients on its own slice of the batch, the gradients are averaged on the
CPU and applied once. Input comes from queue runners over binary record files.
"""

from __future__ import absolute_import, division, print_function

import argparse
import os.path
import re
import time
from datetime import datetime

import numpy as np
from six.moves import xrange  # pylint: disable=redefined-builtin
import tensorflow as tf

TOWER_NAME = 'tower'
MOVING_AVERAGE_DECAY = 0.9999
NUM_EPOCHS_PER_DECAY = 350.0
LEARNING_RATE_DECAY_FACTOR = 0.1
INITIAL_LEARNING_RATE = 0.1
IMAGE_SIZE = 24
NUM_CLASSES = 10
NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN = 50000

parser = argparse.ArgumentParser()
parser.add_argument('--train_dir', default='/tmp/multi_gpu_train')
parser.add_argument('--data_dir', default='/tmp/records')
parser.add_argument('--max_steps', type=int, default=1000000)
parser.add_argument('--num_gpus', type=int, default=2)
parser.add_argument('--batch_size', type=int, default=128)
parser.add_argument('--log_device_placement', action='store_true')
parser.add_argument('--visible_gpus', default='')
ARGS = None


def _activation_summary(x):
    tensor_name = re.sub('%s_[0-9]*/' % TOWER_NAME, '', x.op.name)
    tf.summary.histogram(tensor_name + '/activations', x)
    tf.summary.scalar(tensor_name + '/sparsity', tf.nn.zero_fraction(x))


def _variable_on_cpu(name, shape, initializer):
    with tf.device('/cpu:0'):
        var = tf.get_variable(name, shape, initializer=initializer, dtype=tf.float32)
    return var


def _variable_with_weight_decay(name, shape, stddev, wd):
    var = _variable_on_cpu(name, shape, tf.truncated_normal_initializer(stddev=stddev, dtype=tf.float32))
    if wd is not None:
        weight_decay = tf.multiply(tf.nn.l2_loss(var), wd, name='weight_loss')
        tf.add_to_collection('losses', weight_decay)
    return var


def read_record(filename_queue):
    label_bytes, height, width, depth = 1, 32, 32, 3
    image_bytes = height * width * depth
    reader = tf.FixedLengthRecordReader(record_bytes=label_bytes + image_bytes)
    key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.uint8)
    label = tf.cast(tf.strided_slice(record, [0], [label_bytes]), tf.int32)
    depth_major = tf.reshape(tf.strided_slice(record, [label_bytes], [label_bytes + image_bytes]),
                             [depth, height, width])
    image = tf.transpose(depth_major, [1, 2, 0])
    return tf.cast(image, tf.float32), label


def distorted_inputs(data_dir, batch_size):
    filenames = [os.path.join(data_dir, 'data_batch_%d.bin' % i) for i in xrange(1, 6)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)
    filename_queue = tf.train.string_input_producer(filenames)
    with tf.name_scope('data_augmentation'):
        image, label = read_record(filename_queue)
        distorted = tf.random_crop(image, [IMAGE_SIZE, IMAGE_SIZE, 3])
        distorted = tf.image.random_flip_left_right(distorted)
        distorted = tf.image.random_brightness(distorted, max_delta=63)
        distorted = tf.image.random_contrast(distorted, lower=0.2, upper=1.8)
        float_image = tf.image.per_image_standardization(distorted)
        float_image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 3])
        label.set_shape([1])
        min_queue_examples = int(NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN * 0.4)
    images, label_batch = tf.train.shuffle_batch(
        [float_image, label], batch_size=batch_size, num_threads=16,
        capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples)
    tf.summary.image('images', images)
    return images, tf.reshape(label_batch, [batch_size])


def inference(images):
    with tf.variable_scope('conv1') as scope:
        kernel = _variable_with_weight_decay('weights', shape=[5, 5, 3, 64], stddev=5e-2, wd=None)
        conv = tf.nn.conv2d(images, kernel, [1, 1, 1, 1], padding='SAME')
        biases = _variable_on_cpu('biases', [64], tf.constant_initializer(0.0))
        conv1 = tf.nn.relu(tf.nn.bias_add(conv, biases), name=scope.name)
        _activation_summary(conv1)
    pool1 = tf.nn.max_pool(conv1, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding='SAME', name='pool1')
    norm1 = tf.nn.lrn(pool1, 4, bias=1.0, alpha=0.001 / 9.0, beta=0.75, name='norm1')
    with tf.variable_scope('conv2') as scope:
        kernel = _variable_with_weight_decay('weights', shape=[5, 5, 64, 64], stddev=5e-2, wd=None)
        conv = tf.nn.conv2d(norm1, kernel, [1, 1, 1, 1], padding='SAME')
        biases = _variable_on_cpu('biases', [64], tf.constant_initializer(0.1))
        conv2 = tf.nn.relu(tf.nn.bias_add(conv, biases), name=scope.name)
        _activation_summary(conv2)
    norm2 = tf.nn.lrn(conv2, 4, bias=1.0, alpha=0.001 / 9.0, beta=0.75, name='norm2')
    pool2 = tf.nn.max_pool(norm2, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding='SAME', name='pool2')
    with tf.variable_scope('local3') as scope:
        reshape = tf.reshape(pool2, [images.get_shape().as_list()[0], -1])
        dim = reshape.get_shape()[1].value
        weights = _variable_with_weight_decay('weights', shape=[dim, 384], stddev=0.04, wd=0.004)
        biases = _variable_on_cpu('biases', [384], tf.constant_initializer(0.1))
        local3 = tf.nn.relu(tf.matmul(reshape, weights) + biases, name=scope.name)
        _activation_summary(local3)
    with tf.variable_scope('local4') as scope:
        weights = _variable_with_weight_decay('weights', shape=[384, 192], stddev=0.04, wd=0.004)
        biases = _variable_on_cpu('biases', [192], tf.constant_initializer(0.1))
        local4 = tf.nn.relu(tf.matmul(local3, weights) + biases, name=scope.name)
        _activation_summary(local4)
    with tf.variable_scope('softmax_linear') as scope:
        weights = _variable_with_weight_decay('weights', [192, NUM_CLASSES], stddev=1 / 192.0, wd=None)
        biases = _variable_on_cpu('biases', [NUM_CLASSES], tf.constant_initializer(0.0))
        softmax_linear = tf.add(tf.matmul(local4, weights), biases, name=scope.name)
        _activation_summary(softmax_linear)
    return softmax_linear


def loss(logits, labels):
    labels = tf.cast(labels, tf.int64)
    cross_entropy = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits,
                                                                   name='cross_entropy_per_example')
    cross_entropy_mean = tf.reduce_mean(cross_entropy, name='cross_entropy')
    tf.add_to_collection('losses', cross_entropy_mean)
    return tf.add_n(tf.get_collection('losses'), name='total_loss')


def tower_loss(scope, images, labels):
    """Total loss of one tower; summaries only from the first one."""
    logits = inference(images)
    _ = loss(logits, labels)
    losses = tf.get_collection('losses', scope)
    total_loss = tf.add_n(losses, name='total_loss')
    for l in losses + [total_loss]:
        loss_name = re.sub('%s_[0-9]*/' % TOWER_NAME, '', l.op.name)
        tf.summary.scalar(loss_name, l)
    return total_loss


def average_gradients(tower_grads):
    """Average each shared variable's gradient over the towers."""
    average_grads = []
    for grad_and_vars in zip(*tower_grads):
        grads = []
        for g, _ in grad_and_vars:
            grads.append(tf.expand_dims(g, 0))
        grad = tf.reduce_mean(tf.concat(axis=0, values=grads), 0)
        v = grad_and_vars[0][1]
        average_grads.append((grad, v))
    return average_grads


def train():
    with tf.Graph().as_default(), tf.device('/cpu:0'):
        global_step = tf.get_variable('global_step', [], initializer=tf.constant_initializer(0), trainable=False)
        num_batches_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN / ARGS.batch_size
        decay_steps = int(num_batches_per_epoch * NUM_EPOCHS_PER_DECAY)
        lr = tf.train.exponential_decay(INITIAL_LEARNING_RATE, global_step, decay_steps,
                                        LEARNING_RATE_DECAY_FACTOR, staircase=True)
        opt = tf.train.GradientDescentOptimizer(lr)
        images, labels = distorted_inputs(ARGS.data_dir, ARGS.batch_size)
        batch_queue = tf.contrib.slim.prefetch_queue.prefetch_queue([images, labels], capacity=2 * ARGS.num_gpus)
        tower_grads = []
        with tf.variable_scope(tf.get_variable_scope()):
            for i in xrange(ARGS.num_gpus):
                with tf.device('/gpu:%d' % i):
                    with tf.name_scope('%s_%d' % (TOWER_NAME, i)) as scope:
                        image_batch, label_batch = batch_queue.dequeue()
                        tower = tower_loss(scope, image_batch, label_batch)
                        tf.get_variable_scope().reuse_variables()
                        summaries = tf.get_collection(tf.GraphKeys.SUMMARIES, scope)
                        grads = opt.compute_gradients(tower)
                        tower_grads.append(grads)
        grads = average_gradients(tower_grads)
        summaries.append(tf.summary.scalar('learning_rate', lr))
        # @optional
        for grad, var in grads:
            if grad is not None:
                summaries.append(tf.summary.histogram(var.op.name + '/gradients', grad))
        for var in tf.trainable_variables():
            summaries.append(tf.summary.histogram(var.op.name, var))
        # @end
        apply_gradient_op = opt.apply_gradients(grads, global_step=global_step)
        variable_averages = tf.train.ExponentialMovingAverage(MOVING_AVERAGE_DECAY, global_step)
        variables_averages_op = variable_averages.apply(tf.trainable_variables())
        train_op = tf.group(apply_gradient_op, variables_averages_op)
        saver = tf.train.Saver(tf.global_variables())
        summary_op = tf.summary.merge(summaries)
        init = tf.global_variables_initializer()

        sess = tf.Session(config=tf.ConfigProto(
            allow_soft_placement=True,
            log_device_placement=ARGS.log_device_placement,
            gpu_options=tf.GPUOptions(allow_growth=True)))
        sess.run(init)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        summary_writer = tf.summary.FileWriter(ARGS.train_dir, sess.graph)
        try:
            for step in xrange(ARGS.max_steps):
                start_time = time.time()
                _, loss_value = sess.run([train_op, tower])
                duration = time.time() - start_time
                assert not np.isnan(loss_value), 'Model diverged with loss = NaN'
                if step % 10 == 0:
                    num_examples_per_step = ARGS.batch_size * ARGS.num_gpus
                    examples_per_sec = num_examples_per_step / duration
                    sec_per_batch = duration / ARGS.num_gpus
                    print('%s: step %d, loss = %.2f (%.1f examples/sec; %.3f sec/batch)' % (
                        datetime.now(), step, loss_value, examples_per_sec, sec_per_batch))
                if step % 100 == 0:
                    summary_writer.add_summary(sess.run(summary_op), step)
                if step % 1000 == 0 or (step + 1) == ARGS.max_steps:
                    saver.save(sess, os.path.join(ARGS.train_dir, 'model.ckpt'), global_step=step)
        except tf.errors.OutOfRangeError:
            print('input exhausted')
        finally:
            coord.request_stop()
            coord.join(threads)
            sess.close()


def main():
    global ARGS
    ARGS = parser.parse_args()
    if ARGS.visible_gpus:
        os.environ['CUDA_VISIBLE_DEVICES'] = ARGS.visible_gpus
    if tf.gfile.Exists(ARGS.train_dir):
        tf.gfile.DeleteRecursively(ARGS.train_dir)
    tf.gfile.MakeDirs(ARGS.train_dir)
    train()


if __name__ == '__main__':
    main()
