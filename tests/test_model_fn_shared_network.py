"""A training and an inference copy of one network (codemods/_model_fn_shared_network.py):
the pair that shares its weights through `reuse=True` becomes one network run with Keras's
training flag, or is reported with the reason it cannot be."""

from __future__ import annotations

import textwrap

from tests.support import check_noop, rewrite

HEAD = '''\
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[0.1, 0.2], [0.3, 0.4]]}, [0, 1])).repeat(2).batch(2)


def net(x_dict, rate, reuse, is_training):
    with tf.variable_scope("Net", reuse=reuse):
        hidden = tf.layers.dense(x_dict["x"], 8, activation=tf.nn.relu)
        {extra}hidden = tf.layers.dropout(hidden, rate=rate, training=is_training)
        return tf.layers.dense(hidden, 2)


def model_fn(features, labels, mode):
'''
TAIL = '''
    train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, predictions=classes, loss=loss, train_op=train_op,
                                      eval_metric_ops={"accuracy": tf.metrics.accuracy(labels, classes)})


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
'''


def program(body: str, extra: str = "") -> str:
    return HEAD.replace("{extra}", extra) + textwrap.indent(textwrap.dedent(body).strip(), "    ") + "\n" + TAIL


PAIR = '''
    logits_train = net(features, 0.5, reuse=False, is_training=True)
    logits_test = net(features, 0.5, reuse=True, is_training=False)
    classes = tf.argmax(logits_test, axis=1)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits_train)
'''


def test_the_pair_is_one_network_with_keras_training_flag() -> None:
    new, diags = rewrite(program(PAIR))
    assert new.count("tf2.keras.layers.Dropout(") == 1 and new.count("tf2.keras.layers.Dense(") == 2
    assert "self.dropout(net1_hidden, training=training)" in new
    # evaluate's loss reads the training copy, as TF1's EVAL loss did; the metrics the inference output
    assert "loss = self.compute_loss(x, y, self(x, training=True), sample_weight, training=False)" in new
    assert "return self.compute_metrics(x, y, y_pred, sample_weight)" in new
    assert [d.code for d in diags] == ["TFM220"] and "written out in the Keras model once" in diags[0].message


def test_the_inference_copy_may_come_first() -> None:
    new, _ = rewrite(program('''
        logits_test = net(features, 0.5, reuse=False, is_training=False)
        logits_train = net(features, 0.5, reuse=True, is_training=True)
        classes = tf.argmax(logits_test, axis=1)
        loss = tf.losses.sparse_softmax_cross_entropy(labels, logits_train)
    '''))
    assert new.count("tf2.keras.layers.Dropout(") == 1
    assert "self(x, training=True)" in new  # the loss still read the training copy


def test_a_loss_on_the_inference_copy_keeps_keras_evaluate_loss() -> None:
    new, _ = rewrite(program(PAIR.replace("sparse_softmax_cross_entropy(labels, logits_train)",
                                          "sparse_softmax_cross_entropy(labels, logits_test)")))
    assert "tf2.keras.layers.Dropout(" in new and "self(x, training=True)" not in new


def test_batch_normalization_in_the_helper_is_reported() -> None:
    src = program(PAIR, extra="hidden = tf.layers.batch_normalization(hidden, training=is_training)\n        ")
    check_noop(src)
    _, diags = rewrite(src)
    assert [d.code for d in diags] == ["TFM210"] and "batch normalization" in diags[0].message


def test_a_metric_on_the_training_copy_is_reported() -> None:
    src = program(PAIR.replace("classes = tf.argmax(logits_test, axis=1)", "classes = tf.argmax(logits_train, axis=1)"))
    check_noop(src)
    _, diags = rewrite(src)
    assert [d.code for d in diags] == ["TFM210"] and "read by more than the loss" in diags[0].message


def test_calls_that_differ_in_more_than_the_flag_are_not_one_network() -> None:
    src = program(PAIR.replace("logits_test = net(features, 0.5,", "logits_test = net(features, 0.2,"))
    check_noop(src)
    assert [d.code for d in rewrite(src)[1]] == ["TFM210"]


def test_a_second_call_without_reuse_is_a_second_network() -> None:
    # reuse=False in both: TF1 made a second set of variables, which training never changed;
    # the metrics read that untrained copy, which no one Keras model is
    src = program(PAIR.replace("reuse=True", "reuse=False"))
    check_noop(src)
    assert [d.code for d in rewrite(src)[1]] == ["TFM210"]
