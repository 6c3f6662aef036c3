import tensorflow as tf


def classifier(images, keep_prob, num_classes=10):
    net = tf.layers.flatten(images)
    net = tf.layers.dense(net, 64, activation=tf.nn.relu)
    net = tf.nn.dropout(net, rate=1 - (keep_prob))
    logits = tf.layers.dense(net, num_classes)
    labels_float = tf.cast(tf.argmax(logits, axis=1), dtype=tf.float32)
    return logits, labels_float
