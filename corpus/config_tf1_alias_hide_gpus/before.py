# Evaluation must not touch the GPUs: the trainer owns them.
import tensorflow as tf

tf1 = tf.compat.v1
tf1.disable_eager_execution()

eval_config = tf1.ConfigProto(device_count={'GPU': 0}, allow_soft_placement=False)

labels = tf.constant([1, 0, 1, 1])
predictions = tf.constant([1, 0, 0, 1])
accuracy = tf.reduce_mean(tf.cast(tf.equal(labels, predictions), tf.float32))

sess = tf1.Session(config=eval_config)
print("accuracy = %.2f" % sess.run(accuracy))
