"""A small TF1 regression trained in a session: tfmigrate's config rule and the upgrade
script's renames in one run."""
import numpy as np
import tensorflow as tf

tf.compat.v1.set_random_seed(7)
xs = np.linspace(-1.0, 1.0, 32, dtype=np.float32).reshape(-1, 1)
ys = 3.0 * xs + 0.5

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
tf.config.set_soft_device_placement(True)

x = tf.compat.v1.placeholder(tf.float32, [None, 1], name="x")
y = tf.compat.v1.placeholder(tf.float32, [None, 1], name="y")
w = tf.compat.v1.get_variable("w", [1, 1], initializer=tf.compat.v1.zeros_initializer())
b = tf.compat.v1.get_variable("b", [1], initializer=tf.compat.v1.zeros_initializer())
prediction = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.math.squared_difference(prediction, y))
train_op = tf.compat.v1.train.GradientDescentOptimizer(0.5).minimize(loss)
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    for step in range(40):
        _, value = sess.run([train_op, loss], feed_dict={x: xs, y: ys})
    print("FINAL", round(float(value), 6), np.round(sess.run(w).ravel(), 4).tolist())
