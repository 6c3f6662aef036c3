import tensorflow as tf

from data import load_batches  # project-local input pipeline

LEARNING_RATE = 1e-3

gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=0.45)
config = tf.ConfigProto(gpu_options=gpu_options, allow_soft_placement=True)

images = tf.placeholder(tf.float32, [None, 28 * 28])
labels = tf.placeholder(tf.int64, [None])
logits = tf.layers.dense(images, 10)
loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
train_op = tf.train.AdamOptimizer(LEARNING_RATE).minimize(loss)

with tf.Session(config=config) as sess:
    sess.run(tf.global_variables_initializer())
    for batch_images, batch_labels in load_batches("train"):
        _, value = sess.run([train_op, loss], {images: batch_images, labels: batch_labels})
    print("final loss", value)
