"""A small TF1 regression trained in a session: tfmigrate's config rule and the upgrade
script's renames in one run."""
import numpy as np
import tensorflow as tf

tf.set_random_seed(7)
xs = np.linspace(-1.0, 1.0, 32, dtype=np.float32).reshape(-1, 1)
ys = 3.0 * xs + 0.5

x = tf.placeholder(tf.float32, [None, 1], name="x")
y = tf.placeholder(tf.float32, [None, 1], name="y")
w = tf.get_variable("w", [1, 1], initializer=tf.zeros_initializer())
b = tf.get_variable("b", [1], initializer=tf.zeros_initializer())
prediction = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.squared_difference(prediction, y))
train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss)

config = tf.ConfigProto(allow_soft_placement=True)
config.gpu_options.allow_growth = True
with tf.Session(config=config) as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(40):
        _, value = sess.run([train_op, loss], feed_dict={x: xs, y: ys})
    print("FINAL", round(float(value), 6), np.round(sess.run(w).ravel(), 4).tolist())
