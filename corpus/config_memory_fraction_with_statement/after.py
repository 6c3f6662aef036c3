import tensorflow as tf

from data import load_batches  # project-local input pipeline
from tfmigrate.runtime import total_memory_mib

LEARNING_RATE = 1e-3

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.set_logical_device_configuration(
        gpu,
        [tf.config.LogicalDeviceConfiguration(memory_limit=int(0.45 * total_memory_mib(gpu)))],
    )
tf.config.set_soft_device_placement(True)

images = tf.placeholder(tf.float32, [None, 28 * 28])
labels = tf.placeholder(tf.int64, [None])
logits = tf.layers.dense(images, 10)
loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
train_op = tf.train.AdamOptimizer(LEARNING_RATE).minimize(loss)

with tf.compat.v1.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for batch_images, batch_labels in load_batches("train"):
        _, value = sess.run([train_op, loss], {images: batch_images, labels: batch_labels})
    print("final loss", value)
