"""`est = tf.estimator.add_metrics(est, metric_fn)` on a canned Estimator
(codemods/_canned_added_metrics.py): the metrics become the Keras model's own, under the
same keys, or the pipeline is reported with the reason.

The executed check: estimator_canned_add_metrics_linear trains linear models, which start
from zeros in TF1 and in Keras, so its rewrite on this TF prints what TF 2.15 +
tensorflow-estimator printed, added metrics included."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from tests.support import rewrite

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
REFERENCE = [  # `.venv-tf215/bin/python corpus/estimator_canned_add_metrics_linear/before.py`
    "regressor {'average_loss': 0.14777842, 'label/mean': 2.3519323, 'loss': 0.14777844, 'mae': 0.32096225, "
    "'mean_price': 2.2523224, 'prediction/mean': 2.2523224, 'rmse': 0.3844196, 'global_step': 30}",
    "classifier {'accuracy': 0.835, 'accuracy_baseline': 0.5, 'auc': 0.93115, 'auc_precision_recall': 0.93545973, "
    "'average_loss': 0.4064214, 'hit_rate': 0.87, 'label/mean': 0.5, 'loss': 0.40642142, 'pr_auc': 0.93545973, "
    "'precision': 0.8130841, 'prediction/mean': 0.5208101, 'recall': 0.87, 'roc_auc': 0.93115, 'global_step': 30}",
]


def test_rewrite_prints_what_tf1_printed(tmp_path) -> None:
    tf = pytest.importorskip("tensorflow")
    if hasattr(tf, "estimator"):
        pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)")
    from tests.test_estimator_driver import differences, run

    stdout = run(CORPUS / "estimator_canned_add_metrics_linear" / "after.py", sys.executable, tmp_path)
    assert differences(REFERENCE, stdout) == []


HEAD = '''\
import tensorflow as tf

COLUMNS = [tf.feature_column.numeric_column("x")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [0.5, 1.5, 2.5, 3.5]}, [0, 1, 0, 1])).batch(2)


'''


def program(metric_fn: str, canned: str = "DNNClassifier([4], COLUMNS, n_classes=3)") -> str:
    return HEAD + textwrap.dedent(metric_fn).strip() + f'''


model = tf.estimator.{canned}
model = tf.estimator.add_metrics(model, extra)
model.train(input_fn)
print(model.evaluate(input_fn))
'''


def test_predictions_of_a_multi_class_head_are_computed_from_its_logits() -> None:
    new, _ = rewrite(program('''
        def extra(labels, predictions):
            ids = predictions["class_ids"]
            return {"exact": tf.compat.v1.metrics.accuracy(labels, ids),
                    "mean_first": tf.compat.v1.metrics.mean(predictions["probabilities"][:, 0])}
        '''))
    assert 'self.added_exact = tf.keras.metrics.Accuracy(name="exact")' in new
    assert "self.added_exact.update_state(labels, tf.cast(tf.argmax(y_pred, axis=-1)[:, None], labels.dtype))" in new
    assert "self.added_mean_first.update_state(tf.nn.softmax(y_pred)[:, 0])" in new
    assert "tf.estimator.add_metrics(" not in new  # the call is gone
    assert rewrite(new)[0] == new


def test_a_metric_fn_that_takes_config_without_reading_it_is_followed() -> None:
    new, _ = rewrite(program('''
        def extra(labels, predictions, config):
            return {"ok": tf.compat.v1.metrics.accuracy(labels, predictions["class_ids"])}
        '''))
    assert "self.added_ok.update_state(labels, tf.cast(tf.argmax(y_pred, axis=-1)[:, None], labels.dtype))" in new


@pytest.mark.parametrize("metric_fn, reason", [
    ('''
        def extra(labels, predictions):
            return {"top": tf.compat.v1.metrics.recall_at_k(labels, predictions["logits"], 2)}
        ''', "not a Keras metric it updates or a tf.metrics call tfmigrate maps"),
    ('''
        def extra(labels, predictions):
            return {"odd": tf.compat.v1.metrics.accuracy(labels, predictions["logistic"])}
        ''', "reads predictions['logistic'], which tfmigrate does not compute for this head"),
    ('''
        def extra(labels, predictions):
            metrics = {}
            metrics["ok"] = tf.compat.v1.metrics.accuracy(labels, predictions["class_ids"])
            return metrics
        ''', "which tfmigrate does not follow"),
    ('''
        def extra(labels, predictions):
            m = tf.keras.metrics.Accuracy()
            return {"ok": m}
        ''', "not a Keras metric it updates"),
])
def test_a_metric_fn_tfmigrate_cannot_read_is_reported(metric_fn: str, reason: str) -> None:
    src = program(metric_fn)
    new, diagnostics = rewrite(src)
    assert new == src
    assert any(reason in d.message for d in diagnostics), [d.message for d in diagnostics]


def test_add_metrics_into_another_name_is_reported() -> None:
    src = program('''
        def extra(labels, predictions):
            return {"ok": tf.compat.v1.metrics.accuracy(labels, predictions["class_ids"])}
        ''').replace("model = tf.estimator.add_metrics(model, extra)\nmodel.train",
                     "scored = tf.estimator.add_metrics(model, extra)\nscored.train")
    new, diagnostics = rewrite(src)
    assert new == src
    assert any("is not `model = add_metrics(model, metric_fn)`" in d.message for d in diagnostics)
