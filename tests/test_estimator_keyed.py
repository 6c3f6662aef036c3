"""Estimators kept under keys (codemods/_estimator_keyed.py): the values of a dict written
with them, and `dict(pairs)[key]` on a list of (key, Estimator) pairs. A read by a written
key is that Estimator; a loop's name over written keys reaches each in turn."""

from __future__ import annotations

from tests.support import rewrite
# the same module of a model_fn with params={"rate": ...} and an input_fn
from tests.test_estimator_shared_drivers import HEAD, reports


def test_dict_values_are_built_above_it_under_their_keys() -> None:
    new, _ = rewrite(HEAD + '''\
models = {
    "slow": tf.estimator.Estimator(model_fn, params={"rate": 0.01}),
    "fast": tf.estimator.Estimator(model_fn, params={"rate": 0.1}),
}
models["slow"].train(input_fn, steps=3)
models["fast"].train(input_fn, steps=2)
''')
    assert 'slow_estimator = make_keras_model({"rate": 0.01})\n' in new
    assert '    "slow": slow_estimator,\n' in new and '    "fast": fast_estimator,\n' in new
    assert 'models["slow"].fit(input_fn(), steps_per_epoch=3)\n' in new
    assert 'models["fast"].fit(input_fn(), steps_per_epoch=2)\n' in new and "tf.estimator" not in new


def test_loop_name_over_written_keys_is_each_estimator_in_turn() -> None:
    new, _ = rewrite(HEAD + '''\
models = {
    "slow": tf.estimator.Estimator(model_fn, params={"rate": 0.01}),
    "fast": tf.estimator.Estimator(model_fn, params={"rate": 0.1}),
}
for name in sorted(models):
    models[name].train(input_fn, steps=3)
print(len(models), "slow" in models)
''')
    assert "    models[name].fit(input_fn(), steps_per_epoch=3)\n" in new
    assert 'print(len(models), "slow" in models)\n' in new and "tf.estimator" not in new


def test_a_read_picked_into_a_name_drives_under_that_name() -> None:
    new, _ = rewrite(HEAD + '''\
models = {"only": tf.estimator.Estimator(model_fn, params={"rate": 0.01})}
best = models["only"]
best.train(input_fn, steps=3)
''')
    assert 'best = models["only"]\nbest.fit(input_fn(), steps_per_epoch=3)\n' in new


def test_a_loop_over_pairs_and_a_pair_read_as_a_dict() -> None:
    new, _ = rewrite(HEAD + '''\
pairs = [
    ("slow", tf.estimator.Estimator(model_fn, params={"rate": 0.01})),
    ("fast", tf.estimator.Estimator(model_fn, params={"rate": 0.1})),
]
for _, model in pairs:
    model.train(input_fn, steps=3)
print(dict(pairs)["fast"].evaluate(input_fn))
''')
    assert "    model.fit(input_fn(), steps_per_epoch=3)\n" in new
    assert 'dict(pairs)["fast"].evaluate(input_fn(), return_dict=True)' in new and "tf.estimator" not in new


def test_items_loop_of_a_dict() -> None:
    new, _ = rewrite(HEAD + '''\
models = {
    "slow": tf.estimator.Estimator(model_fn, params={"rate": 0.01}),
    "fast": tf.estimator.Estimator(model_fn, params={"rate": 0.1}),
}
for name, model in models.items():
    model.train(input_fn, steps=3)
''')
    assert "    model.fit(input_fn(), steps_per_epoch=3)\n" in new and "tf.estimator" not in new


def test_a_key_given_again_leaves_every_estimator() -> None:
    messages = reports(HEAD + '''\
models = {"slow": tf.estimator.Estimator(model_fn, params={"rate": 0.01})}
models["slow"].train(input_fn, steps=3)
models["slow"] = None
''')
    assert any("is given a new value" in m for m in messages)


def test_values_read_otherwise_are_reported() -> None:
    messages = reports(HEAD + '''\
models = {"slow": tf.estimator.Estimator(model_fn, params={"rate": 0.01})}
first = list(models.values())[0]
first.train(input_fn, steps=3)
''')
    assert any("which holds the Estimators) is read in" in m for m in messages)


def test_a_loop_name_bound_again_in_the_loop_is_not_a_key() -> None:
    messages = reports(HEAD + '''\
models = {"slow": tf.estimator.Estimator(model_fn, params={"rate": 0.01})}
for name in ["slow"]:
    name = name.strip()
    models[name].train(input_fn, steps=3)
''')
    assert any("by a key tfmigrate cannot tell" in m for m in messages)


def test_a_pair_key_read_of_a_key_the_list_lacks_is_reported() -> None:
    messages = reports(HEAD + '''\
pairs = [("slow", tf.estimator.Estimator(model_fn, params={"rate": 0.01}))]
for _, model in pairs:
    model.train(input_fn, steps=3)
dict(pairs)["fast"].train(input_fn, steps=1)
''')
    assert any("reads a key the list of Estimators does not have" in m for m in messages)
