"""codemods/_canned.py: the Keras model a canned Estimator call becomes (executed
equivalence is in tests/legacy/test_canned_equivalence.py)."""

from __future__ import annotations

import textwrap

import pytest

from tests.canned_programs.translate import Module, fill
from tests.support import rewrite
from tfmigrate.codemods._canned import translate_canned
from tfmigrate.codemods._canned_head import BINARY_EVAL, MULTI_PREDICT, REGRESSION_EVAL
from tfmigrate.codemods._estimator_keras import NotTranslatable

HEAD = "import tensorflow as tf\ncols = [tf.feature_column.numeric_column('x')]\n"


def translate(src: str):
    module = Module(HEAD + textwrap.dedent(src))
    calls = list(module.canned_calls())
    if not calls:
        return None
    (call, kind), = calls
    result = translate_canned(call, kind, module.name_of, module.code, module.binding, parent=module.parent)
    return result, fill(result.definitions), fill(result.build)


def test_dnn_classifier_v2_defaults() -> None:
    result, text, build = translate("est = tf.estimator.DNNClassifier([8, 4], cols)\n")
    assert build == "make_dnn_classifier_model()"
    assert 'tf.keras.layers.Dense(8, activation="relu", name="hiddenlayer_0")' in text
    assert 'self.logits_layer = tf.keras.layers.Dense(1, name="logits")' in text
    assert 'BinaryCrossentropy(from_logits=True, reduction="sum_over_batch_size")' in text
    assert "model.compile(optimizer=tf.keras.optimizers.Adagrad(learning_rate=0.001))" in text
    assert result.eval_keys == BINARY_EVAL and "logistic" in result.predict_keys
    compile(text, "generated", "exec")


def test_v1_classes_sum_reduction_and_tf1_learning_rate() -> None:
    _, text, _ = translate("est = tf.compat.v1.estimator.DNNClassifier([8], cols, n_classes=3)\n")
    assert 'SparseCategoricalCrossentropy(from_logits=True, reduction="sum")' in text
    assert "Adagrad(learning_rate=0.05, initial_accumulator_value=0.1, epsilon=0.0)" in text


def test_linear_optimizer_defaults_follow_the_source() -> None:
    _, text, _ = translate("est = tf.estimator.LinearRegressor(cols)\n")
    assert "Ftrl(learning_rate=0.2)" in text  # the default is the string 'Ftrl'
    keys = [str(i) for i in range(36)]
    _, text, _ = translate(f"est = tf.estimator.LinearRegressor(\n"
                           f"    [tf.feature_column.numeric_column(k) for k in {keys}], optimizer=None)\n")
    assert "Ftrl(0.16666666666666666)" in text  # only optimizer=None: min(0.2, 1/sqrt(36 columns))


def test_wide_and_deep_has_two_optimizers() -> None:
    result, text, _ = translate(
        "est = tf.estimator.DNNLinearCombinedRegressor(linear_feature_columns=cols, dnn_feature_columns=cols, "
        "dnn_hidden_units=[4], dnn_optimizer=tf.keras.optimizers.Adam(0.01))\n")
    assert "model.linear_optimizer = tf.keras.optimizers.Ftrl(learning_rate=0.005)" in text
    assert "model.compile(optimizer=tf.keras.optimizers.Adam(0.01))" in text
    assert "def train_step(self, data):" in text and result.eval_keys == REGRESSION_EVAL


def test_label_vocabulary_and_weight_column() -> None:
    result, text, _ = translate("est = tf.estimator.DNNClassifier([2], cols, n_classes=3, "
                                "label_vocabulary=['a', 'b', 'c'], weight_column='w')\n")
    assert "StringLookup(vocabulary=['a', 'b', 'c'], num_oov_indices=0, mask_token=None)" in text
    assert "return tf.reshape(tf.cast(features['w'], tf.float32), [-1, 1])" in text
    assert result.predict_keys == MULTI_PREDICT


def test_a_class_of_the_same_name_that_is_not_tensorflows_is_left_alone() -> None:
    assert translate("class DNNClassifier:\n    pass\nest = DNNClassifier([8], cols)\n") is None


@pytest.mark.parametrize("call, reason", [
    ("tf.compat.v1.estimator.DNNClassifier([8], cols, optimizer='RMSProp')", "RMSProp"),
    ("tf.estimator.DNNClassifier([8], cols, activation_fn=my_activation)", "activation_fn"),
    ("tf.estimator.DNNClassifier([8], cols, optimizer=make_optimizer())", "optimizer"),
    ("tf.estimator.LinearClassifier(cols, loss_reduction=tf.losses.Reduction.SUM_BY_NONZERO_WEIGHTS)",
     "loss_reduction"),
])
def test_arguments_without_a_faithful_form_are_reported(call, reason) -> None:
    with pytest.raises(NotTranslatable, match=reason):
        translate(f"est = {call}\n")


def test_keys_known_at_run_time_are_passed_where_the_estimator_is_built() -> None:
    result, text, build = translate("""
        def main(train_x):
            keys = sorted(train_x)
            deep = [tf.feature_column.numeric_column(k) for k in keys]
            wide = []
            for key in train_x.keys():
                wide.append(tf.feature_column.numeric_column(key=key))
            est = tf.estimator.DNNLinearCombinedRegressor(linear_feature_columns=wide, dnn_feature_columns=deep,
                                                          dnn_hidden_units=[4])
    """)
    assert build == "make_dnn_linear_combined_regressor_model(keys, train_x.keys())"
    assert result.reads == {"keys", "train_x"}
    assert "    def __init__(self, feature_keys, feature_keys_2):" in text
    assert "def make_dnn_linear_combined_regressor_model(feature_keys, feature_keys_2):" in text
    # min(0.005, 1/sqrt(number of linear columns)), counted at run time
    assert "Ftrl(learning_rate=min(0.005, 1.0 / math.sqrt(len(feature_keys_2))))" in text
    compile(text, "generated", "exec")


def test_keys_read_only_inside_a_helper_are_reported() -> None:
    with pytest.raises(NotTranslatable, match="not where the Estimator is built"):
        translate("""
            def columns():
                data = load()
                return [tf.feature_column.numeric_column(k) for k in data]
            est = tf.estimator.DNNRegressor([4], columns())
        """)


def test_models_build_from_one_replica_batch_under_a_strategy() -> None:
    _, text, _ = translate("est = tf.estimator.DNNLinearCombinedRegressor(linear_feature_columns=cols, "
                           "dnn_feature_columns=cols, dnn_hidden_units=[4])\n")
    assert "def _maybe_symbolic_build(self, iterator=None, data_batch=None):" in text
    assert "self.linear_optimizer.build(self.linear_model.trainable_variables)" in text
    # both optimizers are built outside the traced step, after the call that makes the variables
    step = text[text.index("def train_step"):text.index("def dnn_and_linear_variables")]
    assert step.index("self(x, training=True)") < step.index("self.build_optimizers()") \
        < step.index("self.dnn_and_linear_variables()")
    assert "    with tf.init_scope():\n            if not self.optimizer.built:" in text


def test_constructor_values_spelled_through_names_are_read() -> None:
    _, text, build = translate("""
        HP = {"hidden": [16, 8]}
        LABELS = ["a", "b", "c"]
        WARM, COLD = ["red"], ["blue"]
        color = tf.feature_column.categorical_column_with_vocabulary_list("color", WARM + COLD)
        est = tf.estimator.DNNClassifier(hidden_units=HP["hidden"], n_classes=len(LABELS),
                                         feature_columns=[tf.feature_column.indicator_column(color)])
    """)
    assert 'Dense(16, activation="relu", name="hiddenlayer_0"), tf.keras.layers.Dense(8, ' in text
    assert 'self.logits_layer = tf.keras.layers.Dense(3, name="logits")' in text
    assert "StringLookup(vocabulary=['red', 'blue'], num_oov_indices=1, mask_token=None)" in text
    assert build == "make_dnn_classifier_model()"


def test_a_value_changed_in_place_is_not_read_at_rewrite_time() -> None:
    with pytest.raises(NotTranslatable, match="not a literal"):
        translate("HP = {'hidden': [4]}\nHP['hidden'].append(2)\n"
                  "est = tf.estimator.DNNRegressor(hidden_units=HP['hidden'], feature_columns=cols, dropout=HP['p'])\n")


def test_hidden_units_changed_in_place_are_given_to_the_model_where_it_is_built() -> None:
    # The value the Estimator got is the one at its construction, after the append: the
    # make function is handed that expression there, not a value read at rewrite time.
    result, text, build = translate("HP = {'hidden': [4]}\nHP['hidden'].append(2)\n"
                                    "est = tf.estimator.DNNRegressor(hidden_units=HP['hidden'], feature_columns=cols)\n")
    assert build == "make_dnn_regressor_model(HP['hidden'])"
    assert "for i, units in enumerate(hidden_units)]" in text and "Dense(4," not in text


def test_values_known_only_at_run_time_are_read_from_the_tf1_columns() -> None:
    result, text, build = translate("""
        import numpy as np
        def scale(f):
            return lambda x: x / f
        def make_columns(frame):
            cols = []
            for key in ["sex", "deck"]:
                vocabulary = np.unique(frame[key])
                cols.append(tf.feature_column.categorical_column_with_vocabulary_list(key, vocabulary))
            stats = {"age": 30.0}
            return cols + [tf.feature_column.numeric_column(k, normalizer_fn=lambda x, k=k: x - stats[k])
                           for k in ["age"]] + [tf.feature_column.numeric_column("fare", normalizer_fn=scale(2.0))]
        def main(train):
            est = tf.estimator.LinearClassifier(feature_columns=make_columns(train))
    """)
    assert build == "make_linear_classifier_model(make_columns(train))"
    assert result.reads == {"make_columns", "train"}
    assert "    def __init__(self, feature_columns):" in text
    assert "        tf1_columns = {column.name: column for column in feature_columns}" in text
    assert "self.age_normalizer = tf.keras.layers.Lambda(tf1_columns['age'].normalizer_fn)" in text
    assert "self.fare_normalizer = tf.keras.layers.Lambda(tf1_columns['fare'].normalizer_fn)" in text
    assert ("self.deck_lookup = (tf.keras.layers.StringLookup if tf1_columns['deck'].dtype == tf.string else "
            "tf.keras.layers.IntegerLookup)(vocabulary=list(tf1_columns['deck'].vocabulary_list), ") in text
    assert "CategoryEncoding(num_tokens=tf1_columns['sex'].num_buckets, " in text
    compile(text, "generated", "exec")


def test_a_module_level_normalizer_over_module_names_is_copied() -> None:
    _, text, build = translate("""
        MEAN = 3.0
        est = tf.estimator.LinearRegressor(
            [tf.feature_column.numeric_column("x", dtype=tf.float64, normalizer_fn=lambda x: x - MEAN)])
    """)
    assert build == "make_linear_regressor_model()"
    assert "self.x_normalizer = tf.keras.layers.Lambda(lambda x: x - MEAN)" in text


def test_one_name_for_two_different_columns_in_the_two_parts_keeps_both() -> None:
    """bucketized_column(age, ...) in the linear part and in the DNN part, with other
    boundaries: TF1 computed each part's own; the first one used to serve both."""
    _, text, _ = translate("""
        age = tf.feature_column.numeric_column("age")
        est = tf.estimator.DNNLinearCombinedClassifier(
            linear_feature_columns=[tf.feature_column.bucketized_column(age, [30, 50])],
            dnn_feature_columns=[tf.feature_column.indicator_column(
                tf.feature_column.bucketized_column(age, [25, 35, 45, 55]))],
            dnn_hidden_units=[4])
    """)
    assert text.count("Discretization(") == 2
    assert "Discretization(bin_boundaries=[30.0, 50.0])" in text
    assert "Discretization(bin_boundaries=[25.0, 35.0, 45.0, 55.0])" in text
    assert 'CategoryEncoding(num_tokens=3, output_mode="count")' in text
    assert 'CategoryEncoding(num_tokens=5, output_mode="count")' in text
    compile(text, "generated", "exec")


def test_one_column_in_both_parts_is_computed_once() -> None:
    _, text, _ = translate("""
        buckets = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("age"), [30, 50])
        est = tf.estimator.DNNLinearCombinedClassifier(
            linear_feature_columns=[buckets], dnn_feature_columns=[tf.feature_column.indicator_column(buckets)],
            dnn_hidden_units=[4])
    """)
    assert text.count("Discretization(") == 1


@pytest.mark.parametrize("src, reason", [
    ("def main(cap):\n    w = tf.feature_column.numeric_column('w', normalizer_fn=lambda v: v * cap)\n"
     "    est = tf.estimator.LinearRegressor(cols, weight_column=w)\n", "weight_column"),
    ("import numpy as np\nv = tf.feature_column.categorical_column_with_vocabulary_list('c', np.unique(X))\n"
     "est = tf.estimator.LinearRegressor([tf.feature_column.crossed_column([tf.feature_column.crossed_column("
     "[v, 'k'], 5), 'j'], 9)])\n", "nests a cross"),
])
def test_run_time_values_without_a_faithful_place_are_reported(src, reason) -> None:
    with pytest.raises(NotTranslatable, match=reason):
        translate(src)


def test_a_tf1_schedule_in_an_optimizer_lambda_becomes_the_keras_schedule() -> None:
    _, text, _ = translate("""
        est = tf.estimator.DNNRegressor([4], cols, optimizer=lambda: tf.keras.optimizers.legacy.Adam(
            learning_rate=tf.compat.v1.train.exponential_decay(0.01, tf.compat.v1.train.get_global_step(), 100, 0.9,
                                                              staircase=True)))
    """)
    assert ("model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=tf.keras.optimizers.schedules."
            "ExponentialDecay(initial_learning_rate=0.01, decay_steps=100, decay_rate=0.9, staircase=True)))") in text
    _, text, _ = translate("""
        est = tf.compat.v1.estimator.LinearRegressor(cols, optimizer=lambda: tf.compat.v1.train.FtrlOptimizer(
            tf.compat.v1.train.piecewise_constant(tf.compat.v1.train.get_global_step(), [10], [0.1, 0.01])))
    """)
    assert ("Ftrl(learning_rate=tf.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=[10], "
            "values=[0.1, 0.01]))") in text


@pytest.mark.parametrize("rate, reason", [
    ("tf.compat.v1.train.exponential_decay(0.1, step, 10, 0.5)", "other than the global step"),
    ("tf.compat.v1.train.linear_cosine_decay(0.1, tf.compat.v1.train.get_global_step(), 10)", "no Keras schedule"),
])
def test_schedules_without_a_keras_form_are_reported(rate, reason) -> None:
    with pytest.raises(NotTranslatable, match=reason):
        translate(f"est = tf.estimator.DNNRegressor([4], cols, optimizer=lambda: "
                  f"tf.keras.optimizers.legacy.SGD(learning_rate={rate}))\n")


def test_an_optimizer_over_local_names_is_built_where_the_estimator_was() -> None:
    result, text, build = translate("""
        def main(lr):
            est = tf.estimator.LinearRegressor(cols, optimizer=tf.keras.optimizers.legacy.SGD(learning_rate=lr))
    """)
    assert build == "make_linear_regressor_model(tf.keras.optimizers.SGD(learning_rate=lr))"
    assert "def make_linear_regressor_model(optimizer):" in text
    assert "    model.compile(optimizer=optimizer)" in text
    assert "lr" in result.reads


def test_evaluate_loss_counts_each_batch_once_as_the_estimator_did() -> None:
    _, text, _ = translate("est = tf.estimator.LinearRegressor(cols)\n")
    step = text[text.index("    def test_step(self, data):"):text.index("return self.compute_metrics", text.index(
        "    def test_step(self, data):"))]
    # sum_over_batch_size: Keras divided the loss by the replicas; an empty last batch counts not
    assert "metric.update_state(loss * replicas, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))" in step
    _, text, _ = translate("est = tf.compat.v1.estimator.DNNLinearCombinedRegressor(linear_feature_columns=cols, "
                           "dnn_feature_columns=cols, dnn_hidden_units=[4])\n")
    # SUM: Keras does not divide it, so neither the evaluate nor the train loss metric multiplies
    assert "metric.update_state(loss, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))" in text
    assert "metric.update_state(loss, sample_weight=tf.shape(y_pred)[0])" in text
    assert "replicas" not in text


TF1_ONLY_PROGRAM = '''
import numpy as np
import {module} as tf

{spelling}
X = np.random.RandomState(0).rand(8, 2).astype("float32")
columns = [tf.feature_column.numeric_column("x", shape=[2])]
model = tf.estimator.LinearClassifier(feature_columns=columns)
model.train(lambda: tf.data.Dataset.from_tensor_slices(({{"x": X}}, X[:, 0] > 0.5)).batch(4), steps=2)
'''


@pytest.mark.parametrize("module, spelling, note, v1", [
    ("tensorflow", "tf.logging.set_verbosity(tf.logging.INFO)", True, True),  # TF 1.x only
    ("tensorflow", "tf.compat.v1.logging.set_verbosity(tf.compat.v1.logging.INFO)", False, False),  # TF 2 kept it
    ("tensorflow", "tf.random.set_seed(1)", False, False),
    # under compat.v1, tf.estimator.* is the V1 class on any TF: nothing to decide
    ("tensorflow.compat.v1", "tf.logging.set_verbosity(tf.logging.INFO)", False, True),
])
def test_a_name_only_tf1_had_reads_the_canned_class_as_v1(module: str, spelling: str, note: bool, v1: bool) -> None:
    source = TF1_ONLY_PROGRAM.format(module=module, spelling=spelling)
    new, found = rewrite(source)
    assert new != source
    assert any("read as TF 1.x's" in d.message for d in found) == note, found
    assert ('reduction="sum"' in new) == v1 and ('reduction="sum_over_batch_size"' in new) != v1
