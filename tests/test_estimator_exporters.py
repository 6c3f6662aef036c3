"""EvalSpec(exporters=...) of train_and_evaluate (codemods/_estimator_export.py): a
LatestExporter's newest and a FinalExporter's only export are the ones after training, which
the Keras model writes with the receiver's serving signature; other exporters are reported."""

from __future__ import annotations

from tests.support import check_noop, rewrite

HEAD = '''\
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0]]}, [[2.0], [4.0]])).batch(2)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": output})
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_fn():
    x = tf.compat.v1.placeholder(tf.float32, [None, 1])
    return tf.estimator.export.ServingInputReceiver({"x": x}, {"x": x})


'''


def reports(src: str) -> list[str]:
    return [d.message for d in check_noop(src)]


def test_two_exporters_write_one_export_each_and_the_value_lists_both() -> None:
    new, _ = rewrite(HEAD + '''\
estimator = tf.estimator.Estimator(model_fn, model_dir="/tmp/run")
latest = tf.estimator.LatestExporter("latest", serving_input_fn, exports_to_keep=2)
result = tf.estimator.train_and_evaluate(
    estimator, tf.estimator.TrainSpec(input_fn, max_steps=4),
    tf.estimator.EvalSpec(input_fn, exporters=[latest, tf.estimator.FinalExporter("final", serving_input_fn)]))
''')
    assert 'os.path.join(tf.compat.as_str("/tmp/run"), "export", "latest")' in new
    assert 'os.path.join(tf.compat.as_str("/tmp/run"), "export", "final")' in new
    assert "[tf.compat.as_bytes(export_path_1), tf.compat.as_bytes(export_path_2)])" in new
    assert "tf.estimator" not in new and "def serving_input_fn" not in new


def test_without_model_dir_the_export_goes_under_a_new_temporary_directory() -> None:
    new, _ = rewrite(HEAD + '''\
estimator = tf.estimator.Estimator(model_fn)
tf.estimator.train_and_evaluate(estimator, tf.estimator.TrainSpec(input_fn, max_steps=4),
                                tf.estimator.EvalSpec(input_fn, exporters=tf.estimator.FinalExporter("m", serving_input_fn)))
''')
    assert 'os.path.join(tf.compat.as_str(tempfile.mkdtemp()), "export", "m")' in new and "import tempfile" in new


def test_a_best_exporter_is_reported() -> None:
    messages = reports(HEAD + '''\
estimator = tf.estimator.Estimator(model_fn)
tf.estimator.train_and_evaluate(estimator, tf.estimator.TrainSpec(input_fn, max_steps=4),
                                tf.estimator.EvalSpec(input_fn, exporters=tf.estimator.BestExporter("b", serving_input_fn)))
''')
    assert any("other than LatestExporter and FinalExporter" in m for m in messages)


def test_an_exporter_read_elsewhere_is_reported() -> None:
    messages = reports(HEAD + '''\
estimator = tf.estimator.Estimator(model_fn)
exporter = tf.estimator.LatestExporter("e", serving_input_fn)
print(exporter.name)
tf.estimator.train_and_evaluate(estimator, tf.estimator.TrainSpec(input_fn, max_steps=4),
                                tf.estimator.EvalSpec(input_fn, exporters=exporter))
''')
    assert any("is not one exporter or list of them used only here" in m for m in messages)


def test_a_canned_estimators_exporter_over_placeholders_writes_predict_alone() -> None:
    new, _ = rewrite('''\
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [1.0, 2.0]}, [2.0, 4.0])).batch(2)


def serving_input_fn():
    x = tf.compat.v1.placeholder(tf.float32, [None])
    return tf.estimator.export.ServingInputReceiver({"x": x}, {"x": x})


regressor = tf.estimator.LinearRegressor([tf.feature_column.numeric_column("x")])
tf.estimator.train_and_evaluate(regressor, tf.estimator.TrainSpec(input_fn, max_steps=4),
                                tf.estimator.EvalSpec(input_fn, exporters=tf.estimator.LatestExporter("e", serving_input_fn)))
''')
    assert 'add_endpoint(name="predict"' in new and new.count("add_endpoint(") == 1
    assert "def serving_input_fn" not in new



CANNED = '''\
import os

import tensorflow as tf

COLUMNS = [tf.feature_column.numeric_column("size")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"size": [1.0, 2.0, 3.0]}, [2.0, 4.0, 6.0])).batch(3)


'''


def test_a_canned_regressor_exports_the_regression_and_predict_signatures() -> None:
    new, _ = rewrite(CANNED + '''\
regressor = tf.estimator.LinearRegressor(feature_columns=COLUMNS)
spec = tf.feature_column.make_parse_example_spec(COLUMNS)
tf.estimator.train_and_evaluate(
    regressor, tf.estimator.TrainSpec(input_fn, max_steps=4),
    tf.estimator.EvalSpec(input_fn, exporters=tf.estimator.FinalExporter(
        "sizes", tf.estimator.export.build_parsing_serving_input_receiver_fn(spec))))
''')
    for name in ("serving_default", "regression", "predict"):
        assert f'add_endpoint(name="{name}"' in new
    assert 'add_endpoint(name="classification"' not in new
    assert 'tf.io.parse_example(examples, spec)' in new and "tf.estimator.export" not in new


def test_a_canned_classifier_exports_the_classification_signatures() -> None:
    new, _ = rewrite(CANNED + '''\
classifier = tf.estimator.DNNClassifier([3], feature_columns=COLUMNS, n_classes=3)
classifier.train(input_fn, steps=4)
receiver = tf.estimator.export.build_parsing_serving_input_receiver_fn(
    tf.feature_column.make_parse_example_spec(COLUMNS))
classifier.export_saved_model("/tmp/exported", receiver)
''')
    assert 'add_endpoint(name="classification"' in new and 'add_endpoint(name="regression"' not in new
    assert '{"classes": outputs["all_classes"], "scores": outputs["probabilities"]}' in new
    assert "receiver = " not in new  # the receiver went with the export that alone read it


def test_a_canned_export_with_one_string_receiver_is_reported() -> None:
    messages = reports(CANNED + '''\
def serving_input_fn():
    kind = tf.compat.v1.placeholder(tf.string, [None])
    return tf.estimator.export.ServingInputReceiver({"kind": kind}, {"kind": kind})


regressor = tf.estimator.LinearRegressor(feature_columns=[
    tf.feature_column.indicator_column(tf.feature_column.categorical_column_with_vocabulary_list("kind", ["a", "b"]))])
regressor.train(input_fn, steps=4)
regressor.export_saved_model("/tmp/exported", serving_input_fn)
''')
    assert any("receiver of one string tensor" in m for m in messages)
