"""A RunConfig made by a helper of the module per model, and model_dirs under one new
temporary root (codemods/_estimator_config_helper.py)."""

from __future__ import annotations

from tests.support import check_noop, rewrite

HEAD = '''\
import os
import tempfile

import tensorflow as tf

ROOT = tempfile.mkdtemp()


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0]]}, [[2.0], [4.0]])).batch(2)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


'''


def reports(src: str) -> list[str]:
    return [d.message for d in check_noop(src)]


def test_helper_values_are_read_with_the_call_arguments_and_the_helper_goes() -> None:
    new, diagnostics = rewrite(HEAD + '''\
def run_config(name, seed=3):
    return tf.estimator.RunConfig(model_dir=os.path.join("/tmp/keep", name), tf_random_seed=seed)


first = tf.estimator.Estimator(model_fn, config=run_config("first"))
first.train(input_fn, steps=3)
second = tf.estimator.Estimator(model_fn, config=run_config("second", seed=4))
second.train(input_fn, steps=3)
''')
    assert "def run_config" not in new and "tf.estimator" not in new
    assert 'os.path.join("/tmp/keep", "first")' in new and 'os.path.join("/tmp/keep", "second")' in new
    assert "tf.keras.utils.set_random_seed(3)" in new and "tf.keras.utils.set_random_seed(4)" in new


def test_directories_of_their_own_under_a_new_root_are_dropped() -> None:
    new, diagnostics = rewrite(HEAD + '''\
def main():
    first = tf.estimator.Estimator(model_fn, model_dir=os.path.join(ROOT, "first"))
    first.train(input_fn, steps=3)
    second = tf.estimator.Estimator(model_fn, model_dir=os.path.join(ROOT, "second"))
    second.train(input_fn, steps=3)


main()
''')
    assert "CheckpointManager" not in new and "tf.estimator" not in new
    assert sum("under a new temporary directory" in d.message for d in diagnostics) == 2


def test_one_directory_under_the_root_for_two_estimators_keeps_checkpoints() -> None:
    """The second Estimator restored what the first one wrote there."""
    new, _ = rewrite(HEAD + '''\
first = tf.estimator.Estimator(model_fn, model_dir=os.path.join(ROOT, "same"))
first.train(input_fn, steps=3)
second = tf.estimator.Estimator(model_fn, model_dir=os.path.join(ROOT, "same"))
second.train(input_fn, steps=3)
''')
    assert new.count("CheckpointManager(") == 2


def test_a_directory_under_the_root_built_in_a_loop_keeps_checkpoints() -> None:
    new, _ = rewrite(HEAD + '''\
for rate in [0.1, 0.2]:
    model = tf.estimator.Estimator(model_fn, model_dir=os.path.join(ROOT, "model"))
    model.train(input_fn, steps=3)
''')
    assert "CheckpointManager(checkpoint, os.path.join(ROOT, \"model\")" in new


def test_a_root_read_elsewhere_keeps_checkpoints() -> None:
    new, _ = rewrite(HEAD + '''\
model = tf.estimator.Estimator(model_fn, model_dir=os.path.join(ROOT, "model"))
model.train(input_fn, steps=3)
print(os.listdir(ROOT))
''')
    assert "CheckpointManager(" in new


def test_a_function_called_twice_keeps_checkpoints() -> None:
    new, _ = rewrite(HEAD + '''\
def experiment():
    model = tf.estimator.Estimator(model_fn, model_dir=os.path.join(ROOT, "model"))
    model.train(input_fn, steps=3)


experiment()
experiment()
''')
    assert "CheckpointManager(" in new


def test_a_nested_helper_reads_the_enclosing_functions_root() -> None:
    new, _ = rewrite(HEAD + '''\
def main():
    root = tempfile.mkdtemp()

    def config(name):
        return tf.estimator.RunConfig(model_dir=os.path.join(root, name))

    first = tf.estimator.Estimator(model_fn, config=config("first"))
    first.train(input_fn, steps=3)


main()
''')
    assert "def config" not in new and "CheckpointManager" not in new and "tf.estimator" not in new


def test_helper_with_session_config_is_reported() -> None:
    messages = reports(HEAD + '''\
def run_config():
    return tf.estimator.RunConfig(session_config=tf.compat.v1.ConfigProto(allow_soft_placement=True))


model = tf.estimator.Estimator(model_fn, config=run_config())
model.train(input_fn, steps=3)
''')
    assert any("session_config in a RunConfig helper" in m for m in messages)


def test_helper_that_does_more_than_return_a_run_config_is_not_followed() -> None:
    messages = reports(HEAD + '''\
def run_config(name):
    print("config for", name)
    return tf.estimator.RunConfig(model_dir=os.path.join(ROOT, name))


model = tf.estimator.Estimator(model_fn, config=run_config("a"))
model.train(input_fn, steps=3)
''')
    assert any("is not a RunConfig(...) tfmigrate can follow" in m for m in messages)


def test_a_name_bound_to_a_new_temporary_path_is_dropped() -> None:
    new, diagnostics = rewrite(HEAD + '''\
def main():
    model_dir = os.path.join(tempfile.mkdtemp(), "plan_model")
    model = tf.estimator.Estimator(model_fn, config=tf.estimator.RunConfig(model_dir=model_dir))
    model.train(input_fn, steps=3)


main()
''')
    assert "CheckpointManager" not in new and "tf.estimator" not in new
    assert any("model_dir `model_dir` dropped: a new temporary directory" in d.message for d in diagnostics)


def test_a_temporary_path_two_estimators_read_keeps_checkpoints() -> None:
    new, _ = rewrite(HEAD + '''\
model_dir = tempfile.mkdtemp()
first = tf.estimator.Estimator(model_fn, model_dir=model_dir)
first.train(input_fn, steps=3)
second = tf.estimator.Estimator(model_fn, model_dir=model_dir)
second.train(input_fn, steps=3)
''')
    assert new.count("CheckpointManager(") == 2


def test_a_temporary_path_made_before_a_loop_that_builds_the_estimator_keeps_checkpoints() -> None:
    new, _ = rewrite(HEAD + '''\
model_dir = tempfile.mkdtemp()
for steps in [2, 3]:
    model = tf.estimator.Estimator(model_fn, model_dir=model_dir)
    model.train(input_fn, steps=steps)
''')
    assert "tf.train.CheckpointManager(checkpoint, model_dir" in new
