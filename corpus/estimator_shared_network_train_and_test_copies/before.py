"""Tile patterns classified by a small network written once as a helper and built twice
in the model_fn: a training copy and an inference copy sharing its weights (reuse=True),
the layout of many Estimator examples. The loss reads the training copy, the metrics and
predictions the inference copy."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(21)
TILES = rng.uniform(size=(160, 36)).astype(np.float32)
KINDS = (TILES[:, :18].mean(axis=1) > TILES[:, 18:].mean(axis=1)).astype(np.int32)
FILTERS_INIT = np.cos(np.arange(36)).reshape(3, 3, 1, 4).astype(np.float32) * 0.3
DENSE_INIT = np.sin(np.arange(64 * 2)).reshape(64, 2).astype(np.float32) * 0.1

learning_rate = 0.02
drop_rate = 0.0  # no dropout: the numbers can be compared exactly


def tile_net(x_dict, n_classes, dropout, reuse, is_training):
    with tf.compat.v1.variable_scope("TileNet", reuse=reuse):
        x = tf.reshape(x_dict["tiles"], shape=[-1, 6, 6, 1])
        conv = tf.compat.v1.layers.conv2d(x, 4, 3, activation=tf.nn.relu,
                                          kernel_initializer=tf.constant_initializer(FILTERS_INIT))
        flat = tf.compat.v1.layers.flatten(conv)
        flat = tf.compat.v1.layers.dropout(flat, rate=dropout, training=is_training)
        out = tf.compat.v1.layers.dense(flat, n_classes, kernel_initializer=tf.constant_initializer(DENSE_INIT))
    return out


def model_fn(features, labels, mode):
    logits_train = tile_net(features, 2, drop_rate, reuse=False, is_training=True)
    logits_test = tile_net(features, 2, drop_rate, reuse=True, is_training=False)
    pred_classes = tf.argmax(logits_test, axis=1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions=pred_classes)
    loss_op = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
        logits=logits_train, labels=tf.cast(labels, dtype=tf.int32)))
    optimizer = tf.compat.v1.train.AdamOptimizer(learning_rate=learning_rate)
    train_op = optimizer.minimize(loss_op, global_step=tf.compat.v1.train.get_global_step())
    acc_op = tf.compat.v1.metrics.accuracy(labels=labels, predictions=pred_classes)
    return tf.estimator.EstimatorSpec(mode=mode, predictions=pred_classes, loss=loss_op, train_op=train_op,
                                      eval_metric_ops={"accuracy": acc_op})


model = tf.estimator.Estimator(model_fn)
train_input = tf.compat.v1.estimator.inputs.numpy_input_fn(
    x={"tiles": TILES}, y=KINDS, batch_size=16, num_epochs=3, shuffle=False)
model.train(train_input)
test_input = tf.compat.v1.estimator.inputs.numpy_input_fn(x={"tiles": TILES}, y=KINDS, batch_size=40, shuffle=False)
print("eval", model.evaluate(test_input))
print("classes", list(model.predict(test_input))[:8])
