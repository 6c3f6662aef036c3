"""DCGAN on 64x64 face crops.

Generator and discriminator in separate variable scopes, batch normalization through
tf.contrib.layers, one Adam optimizer per network restricted to its own variables,
sample grids written as PNG files every few hundred steps.
"""
import glob
import math
import os
import pprint
import time

import numpy as np
import scipy.misc
import tensorflow as tf
import tensorflow.contrib.layers as tcl

flags = tf.app.flags
flags.DEFINE_integer("epoch", 25, "Epochs to train")
flags.DEFINE_float("learning_rate", 0.0002, "Learning rate of Adam")
flags.DEFINE_float("beta1", 0.5, "Momentum term of Adam")
flags.DEFINE_integer("batch_size", 64, "Images per batch")
flags.DEFINE_integer("output_size", 64, "Size of the generated images")
flags.DEFINE_integer("z_dim", 100, "Dimension of the noise vector")
flags.DEFINE_integer("gf_dim", 64, "Generator filters in the first conv layer")
flags.DEFINE_integer("df_dim", 64, "Discriminator filters in the first conv layer")
flags.DEFINE_string("dataset", "celeba", "Folder name under data/")
flags.DEFINE_string("checkpoint_dir", "checkpoint", "Where checkpoints go")
flags.DEFINE_string("sample_dir", "samples", "Where sample grids go")
flags.DEFINE_float("gpu_memory_fraction", 0.45, "Share of the GPU this job may take")
flags.DEFINE_boolean("train", True, "Train, or only sample from the last checkpoint")
FLAGS = flags.FLAGS


def lrelu(x, leak=0.2, name="lrelu"):
    return tf.maximum(x, leak * x, name=name)


def batch_norm(x, is_training, name):
    return tcl.batch_norm(x, decay=0.9, updates_collections=None, epsilon=1e-5, scale=True,
                          is_training=is_training, scope=name)


def conv2d(x, output_dim, name, k=5, stride=2, stddev=0.02):
    with tf.variable_scope(name):
        w = tf.get_variable("w", [k, k, x.get_shape()[-1], output_dim],
                            initializer=tf.truncated_normal_initializer(stddev=stddev))
        conv = tf.nn.conv2d(x, w, strides=[1, stride, stride, 1], padding="SAME")
        biases = tf.get_variable("biases", [output_dim], initializer=tf.constant_initializer(0.0))
        return tf.nn.bias_add(conv, biases)


def deconv2d(x, output_shape, name, k=5, stride=2, stddev=0.02):
    with tf.variable_scope(name):
        w = tf.get_variable("w", [k, k, output_shape[-1], x.get_shape()[-1]],
                            initializer=tf.random_normal_initializer(stddev=stddev))
        deconv = tf.nn.conv2d_transpose(x, w, output_shape=output_shape, strides=[1, stride, stride, 1])
        biases = tf.get_variable("biases", [output_shape[-1]], initializer=tf.constant_initializer(0.0))
        return tf.reshape(tf.nn.bias_add(deconv, biases), deconv.get_shape())


def linear(x, output_size, name, stddev=0.02):
    shape = x.get_shape().as_list()
    with tf.variable_scope(name):
        matrix = tf.get_variable("Matrix", [shape[1], output_size], tf.float32,
                                 tf.random_normal_initializer(stddev=stddev))
        bias = tf.get_variable("bias", [output_size], initializer=tf.constant_initializer(0.0))
        return tf.matmul(x, matrix) + bias


class DCGAN(object):
    def __init__(self, sess, batch_size, output_size, z_dim, gf_dim, df_dim, c_dim=3):
        self.sess = sess
        self.batch_size = batch_size
        self.output_size = output_size
        self.z_dim = z_dim
        self.gf_dim = gf_dim
        self.df_dim = df_dim
        self.c_dim = c_dim
        self.build_model()

    def generator(self, z, is_training=True, reuse=False):
        s = self.output_size
        s2, s4, s8, s16 = int(s / 2), int(s / 4), int(s / 8), int(s / 16)
        with tf.variable_scope("generator", reuse=reuse):
            h0 = tf.reshape(linear(z, self.gf_dim * 8 * s16 * s16, "g_h0_lin"), [-1, s16, s16, self.gf_dim * 8])
            h0 = tf.nn.relu(batch_norm(h0, is_training, "g_bn0"))
            h1 = deconv2d(h0, [self.batch_size, s8, s8, self.gf_dim * 4], "g_h1")
            h1 = tf.nn.relu(batch_norm(h1, is_training, "g_bn1"))
            h2 = deconv2d(h1, [self.batch_size, s4, s4, self.gf_dim * 2], "g_h2")
            h2 = tf.nn.relu(batch_norm(h2, is_training, "g_bn2"))
            h3 = deconv2d(h2, [self.batch_size, s2, s2, self.gf_dim], "g_h3")
            h3 = tf.nn.relu(batch_norm(h3, is_training, "g_bn3"))
            h4 = deconv2d(h3, [self.batch_size, s, s, self.c_dim], "g_h4")
            return tf.nn.tanh(h4)

    def discriminator(self, image, reuse=False):
        with tf.variable_scope("discriminator", reuse=reuse):
            h0 = lrelu(conv2d(image, self.df_dim, "d_h0_conv"))
            h1 = lrelu(batch_norm(conv2d(h0, self.df_dim * 2, "d_h1_conv"), True, "d_bn1"))
            h2 = lrelu(batch_norm(conv2d(h1, self.df_dim * 4, "d_h2_conv"), True, "d_bn2"))
            h3 = lrelu(batch_norm(conv2d(h2, self.df_dim * 8, "d_h3_conv"), True, "d_bn3"))
            h4 = linear(tf.reshape(h3, [self.batch_size, -1]), 1, "d_h3_lin")
            return tf.nn.sigmoid(h4), h4

    def build_model(self):
        image_dims = [self.output_size, self.output_size, self.c_dim]
        self.inputs = tf.placeholder(tf.float32, [self.batch_size] + image_dims, name="real_images")
        self.z = tf.placeholder(tf.float32, [None, self.z_dim], name="z")
        self.z_sum = tf.summary.histogram("z", self.z)

        self.G = self.generator(self.z)
        self.D, self.D_logits = self.discriminator(self.inputs)
        self.sampler = self.generator(self.z, is_training=False, reuse=True)
        self.D_, self.D_logits_ = self.discriminator(self.G, reuse=True)

        def sigmoid_cross_entropy(logits, labels):
            return tf.nn.sigmoid_cross_entropy_with_logits(logits=logits, labels=labels)

        self.d_loss_real = tf.reduce_mean(sigmoid_cross_entropy(self.D_logits, tf.ones_like(self.D)))
        self.d_loss_fake = tf.reduce_mean(sigmoid_cross_entropy(self.D_logits_, tf.zeros_like(self.D_)))
        self.g_loss = tf.reduce_mean(sigmoid_cross_entropy(self.D_logits_, tf.ones_like(self.D_)))
        self.d_loss = self.d_loss_real + self.d_loss_fake

        self.g_sum = tf.summary.merge([
            self.z_sum, tf.summary.histogram("d_", self.D_), tf.summary.image("G", self.G),
            tf.summary.scalar("d_loss_fake", self.d_loss_fake), tf.summary.scalar("g_loss", self.g_loss)])
        self.d_sum = tf.summary.merge([
            self.z_sum, tf.summary.histogram("d", self.D),
            tf.summary.scalar("d_loss_real", self.d_loss_real), tf.summary.scalar("d_loss", self.d_loss)])

        t_vars = tf.trainable_variables()
        self.d_vars = [var for var in t_vars if "d_" in var.name]
        self.g_vars = [var for var in t_vars if "g_" in var.name]
        self.saver = tf.train.Saver(max_to_keep=2)

    def train(self, config):
        data = sorted(glob.glob(os.path.join("./data", config.dataset, "*.jpg")))
        d_optim = tf.train.AdamOptimizer(config.learning_rate, beta1=config.beta1).minimize(
            self.d_loss, var_list=self.d_vars)
        g_optim = tf.train.AdamOptimizer(config.learning_rate, beta1=config.beta1).minimize(
            self.g_loss, var_list=self.g_vars)
        tf.global_variables_initializer().run(session=self.sess)
        writer = tf.summary.FileWriter("./logs", self.sess.graph)
        sample_z = np.random.uniform(-1, 1, size=(self.batch_size, self.z_dim)).astype(np.float32)
        sample_images = np.array([load_image(f, self.output_size) for f in data[:self.batch_size]], dtype=np.float32)
        counter = 1
        start_time = time.time()
        could_load, checkpoint_counter = self.load(config.checkpoint_dir)
        if could_load:
            counter = checkpoint_counter
            print(" [*] Load SUCCESS")
        for epoch in range(config.epoch):
            batch_idxs = len(data) // self.batch_size
            for idx in range(batch_idxs):
                batch_files = data[idx * self.batch_size:(idx + 1) * self.batch_size]
                batch_images = np.array([load_image(f, self.output_size) for f in batch_files], dtype=np.float32)
                batch_z = np.random.uniform(-1, 1, [self.batch_size, self.z_dim]).astype(np.float32)
                _, summary_str = self.sess.run([d_optim, self.d_sum],
                                               feed_dict={self.inputs: batch_images, self.z: batch_z})
                writer.add_summary(summary_str, counter)
                # Two generator updates per discriminator update keep d_loss from reaching zero.
                for _ in range(2):
                    _, summary_str = self.sess.run([g_optim, self.g_sum], feed_dict={self.z: batch_z})
                    writer.add_summary(summary_str, counter)
                err_d_fake = self.d_loss_fake.eval({self.z: batch_z}, session=self.sess)
                err_d_real = self.d_loss_real.eval({self.inputs: batch_images}, session=self.sess)
                err_g = self.g_loss.eval({self.z: batch_z}, session=self.sess)
                counter += 1
                print("Epoch: [%2d] [%4d/%4d] time: %4.4f, d_loss: %.8f, g_loss: %.8f" % (
                    epoch, idx, batch_idxs, time.time() - start_time, err_d_fake + err_d_real, err_g))
                # @optional
                if counter % 300 == 1:
                    samples, d_loss, g_loss = self.sess.run(
                        [self.sampler, self.d_loss, self.g_loss],
                        feed_dict={self.z: sample_z, self.inputs: sample_images})
                    save_grid(samples, os.path.join(config.sample_dir, "train_%02d_%04d.png" % (epoch, idx)))
                    print("[Sample] d_loss: %.8f, g_loss: %.8f" % (d_loss, g_loss))
                # @end
                if counter % 500 == 2:
                    self.save(config.checkpoint_dir, counter)

    def save(self, checkpoint_dir, step):
        if not os.path.exists(checkpoint_dir):
            os.makedirs(checkpoint_dir)
        self.saver.save(self.sess, os.path.join(checkpoint_dir, "DCGAN.model"), global_step=step)

    def load(self, checkpoint_dir):
        ckpt = tf.train.get_checkpoint_state(checkpoint_dir)
        if ckpt and ckpt.model_checkpoint_path:
            name = os.path.basename(ckpt.model_checkpoint_path)
            self.saver.restore(self.sess, os.path.join(checkpoint_dir, name))
            return True, int(name.split("-")[-1])
        return False, 0


def load_image(path, size):
    image = scipy.misc.imread(path).astype(np.float32)
    h, w = image.shape[:2]
    top, left = int(round((h - 108) / 2.0)), int(round((w - 108) / 2.0))
    crop = image[top:top + 108, left:left + 108]
    return scipy.misc.imresize(crop, [size, size]) / 127.5 - 1.0


def save_grid(images, path):
    n = int(math.ceil(math.sqrt(images.shape[0])))
    h, w = images.shape[1], images.shape[2]
    grid = np.zeros((h * n, w * n, 3))
    for index, image in enumerate(images):
        i, j = index % n, index // n
        grid[j * h:j * h + h, i * w:i * w + w, :] = image
    scipy.misc.imsave(path, (grid + 1.0) / 2.0)


def main(_):
    pprint.PrettyPrinter().pprint(FLAGS.__flags)
    for folder in (FLAGS.checkpoint_dir, FLAGS.sample_dir):
        if not os.path.exists(folder):
            os.makedirs(folder)
    gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=FLAGS.gpu_memory_fraction)
    run_config = tf.ConfigProto(gpu_options=gpu_options)
    # @optional
    run_config.allow_soft_placement = True
    # @end
    with tf.Session(config=run_config) as sess:
        dcgan = DCGAN(sess, batch_size=FLAGS.batch_size, output_size=FLAGS.output_size, z_dim=FLAGS.z_dim,
                      gf_dim=FLAGS.gf_dim, df_dim=FLAGS.df_dim)
        if FLAGS.train:
            dcgan.train(FLAGS)
        elif not dcgan.load(FLAGS.checkpoint_dir)[0]:
            raise Exception("[!] Train a model first, then run test mode")
        z = np.random.uniform(-1, 1, size=(FLAGS.batch_size, FLAGS.z_dim))
        samples = sess.run(dcgan.sampler, feed_dict={dcgan.z: z})
        save_grid(samples, os.path.join(FLAGS.sample_dir, "final.png"))


if __name__ == "__main__":
    tf.app.run()
