"""Train a small convolutional classifier on image shards stored as TFRecords.

Graph-mode TF1 training loop: flags, a tf.data input pipeline, tf.layers, summaries,
a Saver with periodic checkpoints and a separate evaluation pass.

Usage:
    python train_cnn.py --data_dir=/data/digits --train_dir=/tmp/cnn --max_steps=20000
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import sys
import time

import numpy as np
import tensorflow as tf

flags = tf.app.flags
FLAGS = flags.FLAGS

flags.DEFINE_string('data_dir', '/tmp/data', 'Directory with train-*.tfrecord and eval-*.tfrecord.')
flags.DEFINE_string('train_dir', '/tmp/cnn_train', 'Where checkpoints and summaries are written.')
flags.DEFINE_integer('batch_size', 128, 'Examples per training step.')
flags.DEFINE_integer('max_steps', 20000, 'Number of training steps.')
flags.DEFINE_integer('image_size', 28, 'Height and width of the input images.')
flags.DEFINE_integer('num_classes', 10, 'Number of labels.')
flags.DEFINE_float('learning_rate', 0.01, 'Initial learning rate.')
flags.DEFINE_float('decay_rate', 0.95, 'Learning rate decay per decay_steps.')
flags.DEFINE_integer('decay_steps', 1000, 'Steps between two learning rate decays.')
flags.DEFINE_float('dropout', 0.4, 'Dropout rate of the dense layer.')
flags.DEFINE_float('weight_decay', 5e-4, 'L2 penalty on the weights.')
flags.DEFINE_integer('log_every', 100, 'Steps between two log lines.')
flags.DEFINE_integer('save_every', 2000, 'Steps between two checkpoints.')
flags.DEFINE_boolean('allow_growth', True, 'Let GPU memory grow instead of taking it all.')
flags.DEFINE_float('gpu_fraction', 0.0, 'Fraction of GPU memory to use; 0 means all of it.')
flags.DEFINE_boolean('log_device_placement', False, 'Log where each op runs.')


def _parse_example(serialized):
    """Decode one serialized tf.train.Example into an image tensor and a label."""
    features = tf.parse_single_example(
        serialized,
        features={
            'image_raw': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64),
            'height': tf.FixedLenFeature([], tf.int64),
            'width': tf.FixedLenFeature([], tf.int64),
        })
    image = tf.decode_raw(features['image_raw'], tf.uint8)
    image = tf.reshape(image, [FLAGS.image_size, FLAGS.image_size, 1])
    image = tf.cast(image, tf.float32) * (1.0 / 255.0) - 0.5
    label = tf.cast(features['label'], tf.int32)
    return image, label


def _augment(image, label):
    """Random shifts and brightness changes, training only."""
    padded = tf.image.pad_to_bounding_box(image, 2, 2, FLAGS.image_size + 4, FLAGS.image_size + 4)
    image = tf.random_crop(padded, [FLAGS.image_size, FLAGS.image_size, 1])
    image = tf.image.random_brightness(image, max_delta=0.1)
    return image, label


def input_pipeline(pattern, training):
    files = tf.gfile.Glob(os.path.join(FLAGS.data_dir, pattern))
    if not files:
        raise ValueError('no input files match %s in %s' % (pattern, FLAGS.data_dir))
    dataset = tf.data.TFRecordDataset(files)
    dataset = dataset.map(_parse_example, num_parallel_calls=4)
    if training:
        dataset = dataset.map(_augment, num_parallel_calls=4)
        dataset = dataset.shuffle(buffer_size=10000)
        dataset = dataset.repeat()
    dataset = dataset.batch(FLAGS.batch_size)
    dataset = dataset.prefetch(2)
    return dataset


# @optional
def variable_summaries(var, name):
    """Mean, stddev, extremes and a histogram of one variable, for TensorBoard."""
    with tf.name_scope('summaries_' + name):
        mean = tf.reduce_mean(var)
        tf.summary.scalar('mean', mean)
        stddev = tf.sqrt(tf.reduce_mean(tf.square(var - mean)))
        tf.summary.scalar('stddev', stddev)
        tf.summary.scalar('max', tf.reduce_max(var))
        tf.summary.scalar('min', tf.reduce_min(var))
        tf.summary.histogram('histogram', var)
# @end


def inference(images, training):
    """The network: two conv/pool stages, a dense layer with dropout, and logits."""
    regularizer = tf.contrib.layers.l2_regularizer(scale=FLAGS.weight_decay)
    with tf.variable_scope('conv1'):
        net = tf.layers.conv2d(images, filters=32, kernel_size=5, padding='same',
                               activation=tf.nn.relu, kernel_regularizer=regularizer)
        net = tf.layers.max_pooling2d(net, pool_size=2, strides=2)
    with tf.variable_scope('conv2'):
        net = tf.layers.conv2d(net, filters=64, kernel_size=5, padding='same',
                               activation=tf.nn.relu, kernel_regularizer=regularizer)
        net = tf.layers.max_pooling2d(net, pool_size=2, strides=2)
    # @optional
    with tf.variable_scope('conv3'):
        net = tf.layers.conv2d(net, filters=128, kernel_size=3, padding='same',
                               activation=tf.nn.relu, kernel_regularizer=regularizer)
        net = tf.layers.batch_normalization(net, training=training)
    # @end
    with tf.variable_scope('dense'):
        net = tf.layers.flatten(net)
        net = tf.layers.dense(net, units=1024, activation=tf.nn.relu, kernel_regularizer=regularizer)
        net = tf.layers.dropout(net, rate=FLAGS.dropout, training=training)
    with tf.variable_scope('logits'):
        logits = tf.layers.dense(net, units=FLAGS.num_classes, kernel_regularizer=regularizer)
    return logits


def loss_fn(logits, labels):
    cross_entropy = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    regularization = tf.add_n(tf.get_collection(tf.GraphKeys.REGULARIZATION_LOSSES) or [tf.constant(0.0)])
    total = cross_entropy + regularization
    tf.summary.scalar('cross_entropy', cross_entropy)
    tf.summary.scalar('regularization', regularization)
    tf.summary.scalar('total_loss', total)
    return total


def train_op_fn(total_loss, global_step):
    learning_rate = tf.train.exponential_decay(FLAGS.learning_rate, global_step, FLAGS.decay_steps,
                                               FLAGS.decay_rate, staircase=True)
    tf.summary.scalar('learning_rate', learning_rate)
    optimizer = tf.train.MomentumOptimizer(learning_rate, momentum=0.9)
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        grads_and_vars = optimizer.compute_gradients(total_loss)
        # @optional
        for grad, var in grads_and_vars:
            if grad is not None:
                tf.summary.histogram(var.op.name + '/gradients', grad)
        # @end
        train_op = optimizer.apply_gradients(grads_and_vars, global_step=global_step)
    return train_op


def session_config():
    config = tf.ConfigProto(allow_soft_placement=True,
                            log_device_placement=FLAGS.log_device_placement)
    config.gpu_options.allow_growth = FLAGS.allow_growth
    if FLAGS.gpu_fraction > 0:
        config.gpu_options.per_process_gpu_memory_fraction = FLAGS.gpu_fraction
    return config


def evaluate(checkpoint_path):
    """Accuracy of one checkpoint on the evaluation shards, in a graph of its own."""
    with tf.Graph().as_default():
        dataset = input_pipeline('eval-*.tfrecord', training=False)
        iterator = dataset.make_one_shot_iterator()
        images, labels = iterator.get_next()
        logits = inference(images, training=False)
        predictions = tf.argmax(logits, axis=1, output_type=tf.int32)
        correct = tf.reduce_sum(tf.cast(tf.equal(predictions, labels), tf.int32))
        saver = tf.train.Saver()
        total, right = 0, 0
        with tf.Session(config=session_config()) as sess:
            saver.restore(sess, checkpoint_path)
            while True:
                try:
                    batch_right, batch_labels = sess.run([correct, labels])
                except tf.errors.OutOfRangeError:
                    break
                right += batch_right
                total += len(batch_labels)
        accuracy = float(right) / max(total, 1)
        tf.logging.info('eval accuracy of %s: %.4f on %d examples', checkpoint_path, accuracy, total)
        return accuracy


class StepTimer(object):
    """Examples per second over the last logging window."""

    def __init__(self, batch_size):
        self.batch_size = batch_size
        self.start = time.time()
        self.steps = 0

    def tick(self):
        self.steps += 1

    def rate(self):
        elapsed = time.time() - self.start
        rate = self.steps * self.batch_size / max(elapsed, 1e-6)
        self.start, self.steps = time.time(), 0
        return rate


def train():
    tf.gfile.MakeDirs(FLAGS.train_dir)
    with tf.Graph().as_default():
        global_step = tf.train.get_or_create_global_step()
        dataset = input_pipeline('train-*.tfrecord', training=True)
        iterator = dataset.make_one_shot_iterator()
        images, labels = iterator.get_next()
        tf.summary.image('inputs', images, max_outputs=4)
        logits = inference(images, training=True)
        total_loss = loss_fn(logits, labels)
        train_op = train_op_fn(total_loss, global_step)
        accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1, output_type=tf.int32), labels), tf.float32))
        tf.summary.scalar('train_accuracy', accuracy)
        # @optional
        for var in tf.trainable_variables():
            variable_summaries(var, var.op.name.replace('/', '_'))
        # @end
        summary_op = tf.summary.merge_all()
        saver = tf.train.Saver(max_to_keep=5)
        init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())

        sess = tf.Session(config=session_config())
        writer = tf.summary.FileWriter(FLAGS.train_dir, sess.graph)
        latest = tf.train.latest_checkpoint(FLAGS.train_dir)
        if latest:
            saver.restore(sess, latest)
            tf.logging.info('resumed from %s', latest)
        else:
            sess.run(init)
        timer = StepTimer(FLAGS.batch_size)
        step = sess.run(global_step)
        while step < FLAGS.max_steps:
            if step % FLAGS.log_every == 0:
                _, loss_value, acc_value, summary, step = sess.run(
                    [train_op, total_loss, accuracy, summary_op, global_step])
                writer.add_summary(summary, step)
                if np.isnan(loss_value):
                    tf.logging.error('loss is NaN at step %d', step)
                    return 1
                tf.logging.info('step %d: loss %.4f, accuracy %.3f, %.1f examples/s',
                                step, loss_value, acc_value, timer.rate())
            else:
                _, step = sess.run([train_op, global_step])
            timer.tick()
            if step % FLAGS.save_every == 0 or step == FLAGS.max_steps:
                path = saver.save(sess, os.path.join(FLAGS.train_dir, 'model.ckpt'), global_step=step)
                # @optional
                evaluate(path)
                # @end
        writer.close()
        sess.close()
    return 0


def main(argv):
    del argv
    tf.logging.set_verbosity(tf.logging.INFO)
    if FLAGS.batch_size <= 0:
        raise ValueError('batch_size must be positive')
    return train()


if __name__ == '__main__':
    tf.app.run(main=main, argv=sys.argv)
