"""model_fn forms of issue #11 beyond the corpus: thresholded metrics, log_loss, more
tf.metrics, features or one dict entry as the loss's labels, TRAIN-only noise and dropout.
Each is checked on the text the rewrite writes (the corpus cases execute them)."""

from __future__ import annotations

import textwrap

import pytest

from tests.support import rewrite

HEAD = '''\
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[0.1, 0.2]]}, [1.0])).repeat(2).batch(1)


def model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features["x"], 1)
'''
TAIL = '''
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn, params={"t": 0.3})
estimator.train(input_fn)
'''


def program(body: str, head: str = HEAD) -> str:
    return head + textwrap.indent(textwrap.dedent(body).strip(), "    ") + "\n" + TAIL


def compiled(src: str) -> str:
    new, _ = rewrite(src)
    assert new != src, "not rewritten"
    assert rewrite(new)[0] == new
    return new


@pytest.mark.parametrize("metric, keras", [
    ("tf.metrics.accuracy(labels, tf.cast(tf.sigmoid(logits) > params['t'], tf.int64))",
     "KerasModelSigmoidBinaryAccuracy(name=\"m\", threshold=params['t'])"),
    ("tf.metrics.precision(labels, tf.greater(tf.sigmoid(logits), 0.8))",
     "KerasModelSigmoidPrecision(name=\"m\", thresholds=0.8)"),
    ("tf.metrics.recall(labels, logits >= 0.25)", "tf2.keras.metrics.Recall(name=\"m\", thresholds=0.25)"),
    ("tf.metrics.accuracy(labels, tf.cast(logits > -1.0, tf.float32))",
     "tf2.keras.metrics.BinaryAccuracy(name=\"m\", threshold=-1.0)"),
    ("tf.metrics.false_positives(labels, logits > 0.0)", "tf2.keras.metrics.FalsePositives(name=\"m\", thresholds=0.0)"),
])
def test_thresholded_predictions_become_keras_threshold_metrics(metric: str, keras: str) -> None:
    new = compiled(program(f'''
        loss = tf.losses.sigmoid_cross_entropy(labels, logits)
        metrics = {{"m": {metric}}}
        '''))
    assert f"metrics=[{keras}]" in new


def test_the_sigmoid_metric_is_keras_own_fed_the_probabilities() -> None:
    new = compiled(program('''
        loss = tf.losses.sigmoid_cross_entropy(labels, logits)
        metrics = {"m": tf.metrics.precision(labels, tf.sigmoid(logits) > 0.8)}
        '''))
    assert "class KerasModelSigmoidPrecision(tf2.keras.metrics.Precision):" in new
    assert "return super().update_state(y_true, tf2.sigmoid(y_pred), sample_weight)" in new


def test_a_threshold_read_from_a_tensor_is_reported() -> None:
    src = program('''
        loss = tf.losses.sigmoid_cross_entropy(labels, logits)
        cut = tf.reduce_max(logits)
        metrics = {"m": tf.metrics.accuracy(labels, logits > cut)}
        ''')
    new, diags = rewrite(src)
    assert new == src and [d.code for d in diags] == ["TFM210"]


def test_log_loss_keeps_tf1_epsilon_inside_the_logs() -> None:
    new = compiled(program('''
        probabilities = tf.sigmoid(logits)
        loss = tf.losses.log_loss(labels, probabilities)
        metrics = {"auc": tf.metrics.auc(labels, probabilities)}
        '''))
    assert "loss=lambda y_true, y_pred: -y_true * tf2.math.log(y_pred + 1e-07) - (1.0 - y_true) * " \
           "tf2.math.log(1.0 - y_pred + 1e-07)," in new
    assert 'metrics=[tf2.keras.metrics.AUC(name="auc")]' in new


@pytest.mark.parametrize("extra", ["weights=features['w']", "reduction=tf.losses.Reduction.SUM"])
def test_log_loss_weighted_per_example_or_summed_is_reported(extra: str) -> None:
    src = program(f'''
        loss = tf.losses.log_loss(labels, tf.sigmoid(logits), {extra})
        metrics = {{}}
        ''')
    new, diags = rewrite(src)
    assert new == src and [d.code for d in diags] == ["TFM210"]


def test_mean_per_class_accuracy_is_a_metric_of_the_model_and_mean_iou_keras_own() -> None:
    new = compiled(program('''
        scores = tf.layers.dense(features["x"], 3)
        ids = tf.argmax(scores, 1)
        loss = tf.losses.sparse_softmax_cross_entropy(labels, scores)
        metrics = {"pc": tf.metrics.mean_per_class_accuracy(labels, ids, 3),
                   "iou": tf.metrics.mean_iou(labels, ids, 3)}
        '''))
    assert 'metrics=[KerasModelMeanPerClassAccuracy(3, name="pc"), ' \
           'tf2.keras.metrics.MeanIoU(num_classes=3, sparse_y_pred=False, name="iou")]' in new
    assert "class KerasModelMeanPerClassAccuracy(tf2.keras.metrics.Metric):" in new
    assert "tf2.reduce_mean(tf2.math.divide_no_nan(self.correct, self.total))" in new


def test_mean_relative_error_is_tf1_expression_in_a_mean_metric_wrapper() -> None:
    new = compiled(program('''
        loss = tf.losses.mean_squared_error(labels, logits)
        metrics = {"mre": tf.metrics.mean_relative_error(labels, logits, 2.0)}
        '''))
    assert "tf2.keras.metrics.MeanMetricWrapper(lambda y_true, y_pred: (lambda labels: tf2.where(tf2.equal(2.0, " \
           "0.0), tf2.zeros_like(labels), tf2.abs(labels - y_pred) / 2.0))(" in new


@pytest.mark.parametrize("target, keras_y", [('features["x"]', 'x["x"]'), ('labels["a"]', 'y["a"]')])
def test_a_loss_on_features_or_one_label_entry_hands_keras_that_target(target: str, keras_y: str) -> None:
    new = compiled(program(f'''
        out = tf.layers.dense(logits, 2)
        loss = tf.losses.mean_squared_error({target}, out)
        metrics = {{"mae": tf.metrics.mean_absolute_error({target}, out)}}
        '''))
    assert f"return super().compute_loss(x, {keras_y}, y_pred, sample_weight, training)" in new
    assert f"return super().compute_metrics(x, {keras_y}, y_pred, sample_weight)" in new


def test_train_only_noise_and_dropout_read_keras_training_flag() -> None:
    head = HEAD.replace('    logits = tf.layers.dense(features["x"], 1)\n', "")
    new = compiled(program('''
        net = features["x"]
        is_training = mode == tf.estimator.ModeKeys.TRAIN
        if is_training:
            net = tf.random.normal(tf.shape(net), stddev=0.2) + net
            net = tf.layers.dropout(net, rate=0.3, training=True)
            net = tf.layers.dropout(net, rate=0.9)
        logits = tf.layers.dense(net, 1)
        loss = tf.losses.mean_squared_error(labels, logits)
        metrics = {}
        ''', head))
    assert "self.gaussian_noise = tf2.keras.layers.GaussianNoise(stddev=0.2)" in new
    assert "self.dropout = tf2.keras.layers.Dropout(rate=0.3)" in new
    assert "net = self.gaussian_noise(net, training=training)\n        net = self.dropout(net, training=training)\n" \
           "        net = net\n" in new  # tf.layers.dropout without training= never dropped in TF1


def test_other_train_only_code_is_reported() -> None:
    src = program('''
        if mode == tf.estimator.ModeKeys.TRAIN:
            logits = logits + tf.random.normal(tf.shape(logits), mean=0.5)
        loss = tf.losses.mean_squared_error(labels, logits)
        metrics = {}
        ''')
    new, diags = rewrite(src)
    assert new == src and [d.code for d in diags] == ["TFM210"]


def test_weighted_head_losses_make_one_output_per_head_with_metrics_under_their_keys() -> None:
    head = HEAD.replace('    logits = tf.layers.dense(features["x"], 1)\n', "")
    new = compiled(program('''
        trunk = tf.layers.dense(features["x"], 4)
        kind = tf.layers.dense(trunk, 3)
        size = tf.squeeze(tf.layers.dense(trunk, 1), axis=1)
        loss = 2.0 * tf.losses.sparse_softmax_cross_entropy(labels["kind"], kind) + \\
            tf.losses.absolute_difference(labels["size"], size) * params["t"]
        metrics = {"accuracy": tf.metrics.accuracy(labels["kind"], tf.argmax(kind, 1))}
        ''', head))
    assert 'return {"kind": kind, "size": tf2.expand_dims(size, -1)}' in new
    assert 'return 2.0 * tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(y["kind"], y_pred["kind"])' \
           ' + params["t"] * tf2.keras.losses.MeanAbsoluteError()(y["size"], y_pred["size"])' in new
    assert 'self.metric_accuracy.update_state(y["kind"], y_pred["kind"])' in new
    assert "metrics=" not in new.split("def make_keras_model")[1]  # compiled metrics would be renamed kind_accuracy


TWO_STEPS = """\
    loss = tf.losses.mean_squared_error(labels, logits)
    optimizer = tf.train.AdamOptimizer(0.01)
    {gradients}
    train_op = optimizer.apply_gradients({pairs}, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
"""


def two_steps(gradients: str, pairs: str) -> str:
    head = HEAD.replace("def model_fn(features, labels, mode, params):", "def model_fn(features, labels, mode):")
    return head + TWO_STEPS.format(gradients=gradients, pairs=pairs)


@pytest.mark.parametrize("gradients, pairs", [
    ("grads_and_vars = optimizer.compute_gradients(loss)", "grads_and_vars"),
    ("grads, variables = zip(*optimizer.compute_gradients(loss))", "zip(grads, variables)"),
    ("grads_and_vars = optimizer.compute_gradients(loss, var_list=tf.trainable_variables())", "grads_and_vars"),
])
def test_compute_then_apply_gradients_is_minimize(gradients: str, pairs: str) -> None:
    new = compiled(two_steps(gradients, pairs))
    assert "optimizer=tf2.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08)" in new


@pytest.mark.parametrize("gradients, pairs", [
    ("grads_and_vars = [(g * 0.5, v) for g, v in optimizer.compute_gradients(loss)]", "grads_and_vars"),
    ("grads_and_vars = tf.train.AdamOptimizer(0.5).compute_gradients(loss)", "grads_and_vars"),
    ("grads_and_vars = optimizer.compute_gradients(loss, var_list=[tf.trainable_variables()[0]])", "grads_and_vars"),
])
def test_gradients_changed_or_from_another_optimizer_are_reported(gradients: str, pairs: str) -> None:
    src = two_steps(gradients, pairs)
    new, diagnostics = rewrite(src)
    assert new == src
    assert [d.code for d in diagnostics] == ["TFM210"]
