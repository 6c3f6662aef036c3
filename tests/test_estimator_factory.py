"""Estimators built in a factory function, and input_fns that return a one-shot iterator's
next element (the `estimator` rule, TFM2xx).

* A factory (`def build_estimator(...): ... return tf.estimator.X(...)`, or `est = ...;
  return est`) called from one place, `model = build_estimator(...)`, is rewritten: each
  Estimator it returns becomes its own Keras model, built and compiled where the Estimator
  was, and the drivers on `model` are rewritten once, which needs them to come out the same
  for every alternative. The strategy is reached through `model.distribute_strategy` (the
  strategy the model was built under); a model_dir's checkpoint manager is returned beside
  the model. Anything else stays reported (TFM218 with the reason).
* `return make_one_shot_iterator(ds).get_next()` (and its spellings) becomes `return ds`.

The static tests check what is rewritten and what is reported. The executed test runs the
rewrites of this feature's transform corpus cases on this TF (>= 2.16, Keras 3) and
compares them with TF 2.15 references recorded with `.venv-tf215/bin/python before.py`
(TF 2.15.1 + tensorflow-estimator 2.15.0, in the case folder's copy, TMPDIR a fresh folder).
Set TFMIGRATE_TF215=/path/to/python (a TF 2.15 + estimator interpreter) to run the
originals again and compare them with the same references.
"""

from __future__ import annotations

import ast
import io
import math
import os
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from tests.support import rewrite

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
TWO_REPLICAS = ROOT / "tests" / "estimator_programs" / "realistic" / "two_replicas.py"
TIMEOUT = 300

# The census wide & deep layout: build_estimator() returns one of three canned Estimators.
# Kept here rather than in the corpus: its rewrite holds the canned model classes, whose
# exact text the canned rule owns; this test rewrites it when it runs.
CENSUS = "census_factory"
CENSUS_PROGRAM = '''\
"""Census-style wide & deep: build_estimator picks a canned Estimator by model_type."""
import sys
import tempfile

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(7)
AGE = RNG.uniform(0.18, 0.80, size=400).astype(np.float32)
HOURS = RNG.uniform(0.1, 0.6, size=400).astype(np.float32)
EDUCATION = RNG.choice(["hs", "college", "masters", "phd"], size=400)
LABEL = ((AGE / 0.8 + HOURS / 0.6 + (EDUCATION == "phd") * 0.5 + RNG.normal(0, 0.2, 400)) > 1.1).astype(np.int64)

age = tf.feature_column.numeric_column("age")
hours = tf.feature_column.numeric_column("hours")
education = tf.feature_column.categorical_column_with_vocabulary_list("education", ["hs", "college", "masters", "phd"])
wide_columns = [education, tf.feature_column.bucketized_column(age, boundaries=[0.25, 0.35, 0.5, 0.65])]
deep_columns = [age, hours, tf.feature_column.indicator_column(education)]


def input_fn(shuffle, epochs):
    features = {"age": AGE, "hours": HOURS, "education": EDUCATION}
    dataset = tf.data.Dataset.from_tensor_slices((features, LABEL))
    if shuffle:
        dataset = dataset.shuffle(400, seed=1)
    return dataset.repeat(epochs).batch(40)


def build_estimator(model_dir, model_type):
    run_config = tf.estimator.RunConfig(model_dir=model_dir, tf_random_seed=42)
    if model_type == "wide":
        return tf.estimator.LinearClassifier(feature_columns=wide_columns, config=run_config)
    elif model_type == "deep":
        return tf.estimator.DNNClassifier(hidden_units=[16, 8], feature_columns=deep_columns, config=run_config,
                                          optimizer=tf.keras.optimizers.legacy.Adagrad(learning_rate=0.3))
    return tf.estimator.DNNLinearCombinedClassifier(
        linear_feature_columns=wide_columns, dnn_feature_columns=deep_columns, dnn_hidden_units=[16, 8],
        dnn_optimizer=tf.keras.optimizers.legacy.Adagrad(learning_rate=0.3), config=run_config)


def main(model_type):
    model_dir = tempfile.mkdtemp()
    model = build_estimator(model_dir, model_type)
    model.train(input_fn=lambda: input_fn(True, 20), steps=150)
    results = model.evaluate(input_fn=lambda: input_fn(False, 1))
    predictions = list(model.predict(input_fn=lambda: input_fn(False, 1)))
    print("FINAL", model_type, {k: round(float(v), 4) for k, v in sorted(results.items())})
    print("PRED", model_type, len(predictions), sorted(predictions[0]))


if __name__ == "__main__":
    for name in sys.argv[1:] or ["wide", "deep", "wide_deep"]:
        main(name)
'''
PREDICTION_KEYS = ['all_class_ids', 'all_classes', 'class_ids', 'classes', 'logistic', 'logits', 'probabilities']
# `FINAL` and `PRED` lines of each before.py (and CENSUS_PROGRAM) on TF 2.15.1 +
# tensorflow-estimator 2.15.0.
REFERENCES: dict[str, list[str]] = {
    "estimator_one_shot_iterator": [
        "FINAL {'accuracy': 0.99, 'global_step': 30.0, 'loss': 0.1945}",
        "PRED 200 102",
    ],
    "estimator_factory_custom_mirrored_model_dir": [
        "FINAL {'global_step': 25.0, 'loss': 0.0757, 'rmse': 0.2751}",
        "PRED 160 25",
    ],
    "estimator_factory_shared_model_fn": [
        "FINAL small {'accuracy': 0.9, 'global_step': 200.0, 'loss': 0.2648}",
        "PRED small 40 ['class']",
        "FINAL large {'accuracy': 0.925, 'global_step': 200.0, 'loss': 0.228}",
        "PRED large 40 ['class']",
    ],
    CENSUS: [
        "FINAL wide {'accuracy': 0.7525, 'accuracy_baseline': 0.66, 'auc': 0.7968, 'auc_precision_recall': 0.8782, "
        "'average_loss': 0.5092, 'global_step': 150.0, 'label/mean': 0.66, 'loss': 0.5092, 'precision': 0.7855, "
        "'prediction/mean': 0.659, 'recall': 0.8598}",
        f"PRED wide 400 {PREDICTION_KEYS}",
        "FINAL deep {'accuracy': 0.8425, 'accuracy_baseline': 0.66, 'auc': 0.9202, 'auc_precision_recall': 0.9583, "
        "'average_loss': 0.3431, 'global_step': 150.0, 'label/mean': 0.66, 'loss': 0.3431, 'precision': 0.888, "
        "'prediction/mean': 0.6282, 'recall': 0.8712}",
        f"PRED deep 400 {PREDICTION_KEYS}",
        "FINAL wide_deep {'accuracy': 0.8425, 'accuracy_baseline': 0.66, 'auc': 0.9202, "
        "'auc_precision_recall': 0.9583, 'average_loss': 0.3435, 'global_step': 150.0, 'label/mean': 0.66, "
        "'loss': 0.3435, 'precision': 0.888, 'prediction/mean': 0.628, 'recall': 0.8712}",
        f"PRED wide_deep 400 {PREDICTION_KEYS}",
    ],
}
CASES = sorted(k for k in REFERENCES if k != CENSUS)


# -- static: what is rewritten ----------------------------------------------------------

MODEL_FN = '''\
def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


'''
INPUT_FN = '''\
def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0]]}, [[1.0], [2.0]])).batch(1)


'''
PRELUDE = "import tensorflow as tf\n\n\n" + INPUT_FN + MODEL_FN
ITERATOR_MODEL = "import tensorflow as tf\n\n\n" + MODEL_FN


def code_only(source: str) -> str:
    """The source's tokens without comments and strings."""
    skip = {tokenize.COMMENT, tokenize.STRING, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    return "".join(t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type not in skip)


def codes(diagnostics) -> list[str]:
    return [d.code for d in diagnostics]


def left_alone(src: str, code: str, words: str) -> None:
    new, diagnostics = rewrite(src)
    assert new == src
    found = [d for d in diagnostics if d.code == code]
    assert found, codes(diagnostics)
    assert any(words in d.message for d in found), [d.message for d in found]


def test_factory_with_one_return_builds_the_model_where_the_estimator_was() -> None:
    src = PRELUDE + '''\
def build_estimator(seed):
    config = tf.estimator.RunConfig(tf_random_seed=seed)
    return tf.estimator.Estimator(model_fn=model_fn, config=config)


def main():
    regressor = build_estimator(4)
    regressor.train(input_fn, steps=2)
    print(regressor.evaluate(input_fn)["loss"], regressor.get_variable_value("global_step"))
'''
    new, diagnostics = rewrite(src)
    assert diagnostics == []
    assert "def build_estimator(seed):\n    tf.keras.utils.set_random_seed(seed)\n    model = make_keras_model()\n" \
           "    return model\n" in new
    assert "    regressor.fit(input_fn(), steps_per_epoch=2)\n" in new
    assert 'regressor.evaluate(input_fn(), return_dict=True), "global_step": ' \
           "regressor.optimizer.iterations.numpy()}" in new
    assert "tf.estimator" not in new and "RunConfig" not in new and "tfmigrate" not in new


def test_model_dir_and_strategy_inside_the_factory() -> None:
    """The checkpoint manager is returned beside the model (the caller restores and saves
    through it); the strategy is the model's own, `regressor.distribute_strategy`."""
    src = PRELUDE + '''\
def build_estimator(model_dir):
    strategy = tf.distribute.MirroredStrategy()
    config = tf.estimator.RunConfig(model_dir=model_dir, train_distribute=strategy)
    estimator = tf.estimator.Estimator(model_fn, config=config)
    return estimator


regressor = build_estimator("/tmp/model")
regressor.train(input_fn, max_steps=4)
'''
    new, diagnostics = rewrite(src)
    assert diagnostics == []
    assert "    with strategy.scope():\n        estimator = make_keras_model()\n" in new
    assert "    checkpoints = tf.train.CheckpointManager(checkpoint, model_dir or tempfile.mkdtemp(), max_to_keep=5)\n" \
           "    # Keras has no model_dir" in new
    assert "    return estimator, checkpoints\n" in new
    assert 'regressor, checkpoints = build_estimator("/tmp/model")\n' in new
    assert "    checkpoints.checkpoint.restore(checkpoints.latest_checkpoint)" in new
    assert "regressor.distribute_strategy.distribute_datasets_from_function(lambda _: input_fn())" in new
    assert rewrite(new)[0] == new


def test_model_dir_from_the_caller_may_be_none() -> None:
    """Estimator(model_dir=None or "") used a temporary directory; so does the rewrite."""
    src = PRELUDE + '''\
def build_estimator(model_dir):
    return tf.estimator.Estimator(model_fn, model_dir=model_dir)


regressor = build_estimator(None)
regressor.train(input_fn, steps=1)
'''
    new, diagnostics = rewrite(src)
    assert diagnostics == []
    assert "import tempfile\n" in new
    assert "    # A model_dir of None or \"\" gave the Estimator a temporary directory.\n" in new
    assert "tf.train.CheckpointManager(checkpoint, model_dir or tempfile.mkdtemp(), max_to_keep=5)" in new
    assert "regressor, checkpoints = build_estimator(None)" in new


def test_several_alternatives_each_become_a_model() -> None:
    src = PRELUDE + '''\
def build_estimator(kind):
    config = tf.estimator.RunConfig(tf_random_seed=1)
    if kind == "linear":
        return tf.estimator.LinearRegressor([tf.feature_column.numeric_column("x")], config=config)
    return tf.estimator.Estimator(model_fn, config=config)


regressor = build_estimator("linear")
regressor.train(input_fn, steps=2)
'''
    new, diagnostics = rewrite(src)
    assert diagnostics == []
    assert "class LinearRegressorModel(tf.keras.Model):" in new and "class KerasModel(tf.keras.Model):" in new
    assert '    if kind == "linear":\n        tf.keras.utils.set_random_seed(1)\n' \
           "        model = make_linear_regressor_model()\n        return model\n" in new
    assert "    tf.keras.utils.set_random_seed(1)\n    model = make_keras_model()\n    return model\n" in new
    assert new.count("regressor.fit(input_fn(), steps_per_epoch=2)") == 1


# -- static: what stays reported --------------------------------------------------------

def test_factory_called_twice_is_reported() -> None:
    left_alone(PRELUDE + '''\
def build_estimator():
    return tf.estimator.Estimator(model_fn)


a = build_estimator()
a.train(input_fn, steps=1)
b = build_estimator()
b.train(input_fn, steps=1)
''', "TFM218", "used 2 times")


def test_factory_not_called_here_is_reported() -> None:
    left_alone(PRELUDE + '''\
def build_estimator():
    return tf.estimator.Estimator(model_fn)
''', "TFM218", "not called in this file")


def test_factory_value_not_bound_to_a_name_is_reported() -> None:
    left_alone(PRELUDE + '''\
def build_estimator():
    return tf.estimator.Estimator(model_fn)


build_estimator().train(input_fn, steps=1)
''', "TFM218", "not assigned to a name")


def test_decorated_factory_is_reported() -> None:
    left_alone(PRELUDE + '''\
import functools


@functools.lru_cache()
def build_estimator():
    return tf.estimator.Estimator(model_fn)


est = build_estimator()
est.train(input_fn, steps=1)
''', "TFM218", "decorated")


def test_factory_passed_around_is_reported() -> None:
    left_alone(PRELUDE + '''\
def build_estimator():
    return tf.estimator.Estimator(model_fn)


def run(factory):
    factory().train(input_fn, steps=1)


run(build_estimator)
''', "TFM218", "passed around")


def test_an_alternative_without_a_keras_form_leaves_the_factory() -> None:
    left_alone(PRELUDE + '''\
def build_estimator(warm):
    if warm:
        return tf.estimator.Estimator(model_fn, warm_start_from="/tmp/old")
    return tf.estimator.Estimator(model_fn)


est = build_estimator(False)
est.train(input_fn, steps=1)
''', "TFM218", "warm_start_from")


def test_alternatives_that_need_other_drivers_are_reported() -> None:
    left_alone(PRELUDE + '''\
def build_estimator(model_dir=None):
    if model_dir:
        return tf.estimator.Estimator(model_fn, model_dir=model_dir)
    return tf.estimator.Estimator(model_fn)


est = build_estimator()
est.train(input_fn, steps=1)
''', "TFM218", "no one Keras form")


# -- static: one-shot iterators ---------------------------------------------------------

def test_iterator_element_bound_to_a_name_returns_the_dataset() -> None:
    src = ITERATOR_MODEL + '''\
def input_fn():
    dataset = tf.data.Dataset.from_tensor_slices(({"x": [[1.0]]}, [[1.0]])).batch(1)
    iterator = dataset.make_one_shot_iterator()
    batch = iterator.get_next()
    return batch


est = tf.estimator.Estimator(model_fn)
est.train(input_fn, steps=1)
'''
    new, diagnostics = rewrite(src)
    assert diagnostics == []
    assert "    # Keras iterates the Dataset itself" in new and "    return dataset\n" in new
    assert "make_one_shot_iterator" not in new and "get_next" not in new


def test_iterator_in_a_lambda_feeds_the_dataset() -> None:
    src = ITERATOR_MODEL + '''\
def make_dataset():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0]]}, [[1.0]])).batch(1)


est = tf.estimator.Estimator(model_fn)
est.train(lambda: tf.compat.v1.data.make_one_shot_iterator(make_dataset()).get_next(), steps=1)
'''
    new, diagnostics = rewrite(src)
    assert diagnostics == []
    assert "est.fit(make_dataset(), steps_per_epoch=1)" in new


@pytest.mark.parametrize("body", [
    # the iterator is read twice
    "    it = tf.compat.v1.data.make_one_shot_iterator(ds)\n    first = it.get_next()\n    return it.get_next()\n",
    # an element, not a Dataset
    "    return tf.data.experimental.get_single_element(ds.take(1))\n",
    # an iterator that is not traced to a one-shot iterator over a Dataset
    "    return ITERATOR.get_next()\n",
])
def test_other_iterators_are_reported(body: str) -> None:
    src = ITERATOR_MODEL + "ITERATOR = None\n\n\ndef input_fn():\n" \
        '    ds = tf.data.Dataset.from_tensor_slices(({"x": [[1.0]]}, [[1.0]])).batch(1)\n' + body + '''

est = tf.estimator.Estimator(model_fn)
est.train(input_fn, steps=1)
'''
    left_alone(src, "TFM217", "input_fn")


def test_rule_does_not_import_tensorflow() -> None:
    code = ("import sys, tfmigrate.codemods.estimator as e; from tests.support import rewrite; "
            "rewrite(open(sys.argv[1]).read()); assert 'tensorflow' not in sys.modules, 'tensorflow imported'")
    proc = subprocess.run([sys.executable, "-c", code, str(CORPUS / CASES[-1] / "before.py")], cwd=ROOT,
                          capture_output=True, text=True, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr[-2000:]


# -- executed ---------------------------------------------------------------------------

def parse(stdout: str) -> list[tuple[str, str, object]]:
    """[(kind, label, value)] of the FINAL and PRED lines: `FINAL [label] {...}`, `PRED ...`."""
    out = []
    for line in stdout.splitlines():
        if line.startswith("FINAL "):
            head, _, data = line[len("FINAL "):].partition("{")
            out.append(("FINAL", head.strip(), ast.literal_eval("{" + data)))
        elif line.startswith("PRED "):
            out.append(("PRED", "", line))
    return out


def differences(reference: list[str], stdout: str) -> list[str]:
    """global_step and PRED lines exact, the same keys, every other value within
    0.05 + 10% of the reference."""
    want, got = parse("\n".join(reference)), parse(stdout)
    if [(k, l) for k, l, _ in want] != [(k, l) for k, l, _ in got]:
        return [f"lines differ: {[(k, l) for k, l, _ in got]} != {[(k, l) for k, l, _ in want]}"]
    reasons = []
    for (kind, label, ref), (_, _, new) in zip(want, got):
        if kind == "PRED":
            if ref != new:
                reasons.append(f"{new!r} != {ref!r}")
            continue
        if sorted(ref) != sorted(new):
            reasons.append(f"{label}: keys {sorted(new)} != {sorted(ref)}")
            continue
        for key, value in ref.items():
            value2 = float(new[key])
            limit = 0.0 if key == "global_step" else 0.05 + 0.1 * abs(value)
            if math.isnan(value2) or abs(value2 - value) > limit:
                reasons.append(f"{label} {key}: {value2} vs TF 2.15 {value} (allowed ±{limit:.3g})")
    return reasons


def test_differences() -> None:
    ref = ["FINAL a {'loss': 0.5, 'global_step': 10.0}", "PRED 3 x"]
    assert differences(ref, "noise\nFINAL a {'loss': 0.58, 'global_step': 10}\nPRED 3 x\n") == []
    for bad in ("FINAL a {'loss': 0.7, 'global_step': 10}\nPRED 3 x", "FINAL a {'loss': 0.5, 'global_step': 11}\n"
                "PRED 3 x", "FINAL b {'loss': 0.5, 'global_step': 10}\nPRED 3 x", "FINAL a {'loss': 0.5}\nPRED 3 x",
                "FINAL a {'loss': 0.5, 'global_step': 10}\nPRED 4 x", "FINAL a {'loss': 0.5, 'global_step': 10}"):
        assert differences(ref, bad), bad


def start(program: Path, python: str, *wrapper: str) -> subprocess.Popen:
    tmp = program.parent / f"tmp-{program.stem}-{len(wrapper)}"
    tmp.mkdir()
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": "", "TMPDIR": str(tmp),
           "PYTHONHASHSEED": "0"}
    return subprocess.Popen([python, *wrapper, str(program)], cwd=program.parent, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, tuple[int, str, str]]:
    """Every rewrite run at once (they are small; the machine may have few cores)."""
    tf = pytest.importorskip("tensorflow")
    if hasattr(tf, "estimator"):
        pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)")
    procs = {}
    folder = tmp_path_factory.mktemp(CENSUS)
    (folder / "census.py").write_text(CENSUS_PROGRAM)
    rewritten = subprocess.run([sys.executable, "-m", "tfmigrate", "rewrite", str(folder / "census.py")],
                               capture_output=True, text=True, timeout=TIMEOUT)
    assert rewritten.returncode in (0, 1), rewritten.stderr
    procs[CENSUS] = start(folder / "census.py", sys.executable)
    for case in CASES:
        folder = tmp_path_factory.mktemp(case)
        shutil.copyfile(CORPUS / case / "after.py", folder / "after.py")
        procs[case] = start(folder / "after.py", sys.executable)
        if "mirrored" in case:
            procs[case + "@2"] = start(folder / "after.py", sys.executable, str(TWO_REPLICAS))
    tf215 = os.environ.get("TFMIGRATE_TF215")
    if tf215:
        for case in [*CASES, CENSUS]:
            folder = tmp_path_factory.mktemp(case + "-tf215")
            source = CENSUS_PROGRAM if case == CENSUS else (CORPUS / case / "before.py").read_text()
            (folder / "before.py").write_text(source)
            procs[case + "@tf215"] = start(folder / "before.py", tf215)
    out = {}
    for name, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=TIMEOUT)
        out[name] = (proc.returncode, stdout, stderr)
    return out


@pytest.mark.parametrize("case", CASES)
def test_rewrite_runs_and_matches_tf215(case: str, runs) -> None:
    code, stdout, stderr = runs[case]
    assert code == 0, f"{case}/after.py failed:\n{stderr[-4000:]}"
    reasons = differences(REFERENCES[case], stdout)
    assert not reasons, f"{case}/after.py differs from TF 2.15:\n" + "\n".join(reasons)
    code = code_only((CORPUS / case / "after.py").read_text())
    for spelling in ("tf.estimator", "RunConfig", "EstimatorSpec", "tfmigrate"):
        assert spelling not in code, f"{case}/after.py still has {spelling}"


def test_factory_strategy_runs_on_two_replicas(runs) -> None:
    """Each replica takes a whole batch, as the Estimator's did: 20 batches of input_fn(2)
    are 10 steps on 2 replicas, so the two train(max_steps=15/25) calls stop at 10 and 20."""
    code, stdout, stderr = runs["estimator_factory_custom_mirrored_model_dir@2"]
    assert code == 0, stderr[-4000:]
    assert "two_replicas: strategies [2]" in stderr
    (_, _, final), (_, _, pred) = parse(stdout)
    assert final["global_step"] == 20 and pred == "PRED 160 20"
    assert 0 < final["rmse"] < 1


def test_census_factory_is_rewritten_and_matches_tf215(runs, tmp_path_factory) -> None:
    """Each of the three canned alternatives runs, with the evaluate() and predict() keys of
    TF 2.15 and metrics within tolerance (its rewrite is checked for leftovers below)."""
    code, stdout, stderr = runs[CENSUS]
    assert code == 0, f"the census rewrite failed:\n{stderr[-4000:]}"
    reasons = differences(REFERENCES[CENSUS], stdout)
    assert not reasons, "the census rewrite differs from TF 2.15:\n" + "\n".join(reasons)


def test_census_factory_rewrite() -> None:
    new, diagnostics = rewrite(CENSUS_PROGRAM)
    assert diagnostics == []
    code = code_only(new)
    for spelling in ("tf.estimator", "RunConfig", "EstimatorSpec", "tfmigrate"):
        assert spelling not in code
    body = new.split("def build_estimator(model_dir, model_type):\n")[1].split("\n\n\ndef main")[0]
    assert body.count("tf.keras.utils.set_random_seed(42)") == 3
    assert body.count("return model, checkpoints") == 3
    assert "model, checkpoints = build_estimator(model_dir, model_type)" in new
    assert rewrite(new)[0] == new


@pytest.mark.parametrize("case", [*CASES, CENSUS])
def test_original_matches_its_reference_on_tf215(case: str, runs) -> None:
    if not os.environ.get("TFMIGRATE_TF215"):
        pytest.skip("set TFMIGRATE_TF215 to a TF 2.15 + tensorflow-estimator python to run the originals")
    code, stdout, stderr = runs[case + "@tf215"]
    assert code == 0, stderr[-4000:]
    assert differences(REFERENCES[case], stdout) == []


RUN_CONFIG_PARAMETER = PRELUDE + '''\
SEED = 3


def build_estimator(width, config):
    return tf.estimator.Estimator(model_fn=model_fn, config=config)


def main():
    {bind}estimator = build_estimator({args})
    estimator.train(input_fn, steps=2)
'''


def run_config_program(bind: str, args: str) -> str:
    return RUN_CONFIG_PARAMETER.replace("{bind}", bind).replace("{args}", args)


@pytest.mark.parametrize("bind, args, call", [
    ("run_config = tf.estimator.RunConfig(tf_random_seed=SEED)\n    ", "4, run_config", "build_estimator(4)"),
    ("", "4, config=tf.estimator.RunConfig(tf_random_seed=SEED)", "build_estimator(4)"),
    ("run_config = tf.estimator.RunConfig(tf_random_seed=SEED)\n    ", "config=run_config, width=4",
     "build_estimator(width=4)"),
])
def test_a_run_config_passed_to_the_factory_is_the_estimators(bind: str, args: str, call: str) -> None:
    new, diagnostics = rewrite(run_config_program(bind, args))
    assert diagnostics == []
    assert "def build_estimator(width):\n    tf.keras.utils.set_random_seed(SEED)\n" in new
    assert f"    estimator = {call}\n" in new
    assert "RunConfig" not in new and "config" not in code_only(new).replace("compile", "")


def test_a_run_config_parameter_given_by_position_before_others_leaves_them_by_keyword() -> None:
    src = run_config_program("", "4, tf.estimator.RunConfig()").replace(
        "def build_estimator(width, config):", "def build_estimator(config, width):").replace(
        "build_estimator(4, tf.estimator.RunConfig())", "build_estimator(tf.estimator.RunConfig(), 4)")
    new, diagnostics = rewrite(src)
    assert "estimator = build_estimator(width=4)" in new and "def build_estimator(width):" in new


@pytest.mark.parametrize("bind, args, words", [
    ("seed = 3\n    run_config = tf.estimator.RunConfig(tf_random_seed=seed)\n    ", "4, run_config",
     "read only literals and module-level names"),
    ("strategy = tf.distribute.MirroredStrategy()\n    "
     "run_config = tf.estimator.RunConfig(train_distribute=strategy)\n    ", "4, run_config", "no train_distribute"),
    ("", "4, **{'config': None}", "parameter `config`"),
])
def test_run_config_parameters_it_cannot_follow_are_reported(bind: str, args: str, words: str) -> None:
    left_alone(run_config_program(bind, args), "TFM215", words)
