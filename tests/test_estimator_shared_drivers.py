"""Several Estimators driven by one helper or one loop, and a trainer that returns its
Estimator (codemods/_estimator_shared_drivers.py): the shared calls are written once, for
the name they read, or every Estimator that reaches them is reported."""

from __future__ import annotations

from tests.support import check_noop, rewrite

HEAD = '''\
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0]]}, [[2.0], [4.0]])).batch(2)


def model_fn(features, labels, mode, params):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(params["rate"]).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


'''


def reports(src: str) -> list[str]:
    return [d.message for d in check_noop(src)]


def test_helper_calls_are_written_once_for_its_parameter() -> None:
    new, _ = rewrite(HEAD + '''\
def fit(estimator):
    estimator.train(input_fn, steps=3)


slow = tf.estimator.Estimator(model_fn, params={"rate": 0.01})
fast = tf.estimator.Estimator(model_fn, params={"rate": 0.1})
fit(slow)
fit(fast)
''')
    assert "    estimator.fit(input_fn(), steps_per_epoch=3)\n" in new
    assert new.count("estimator.fit(") == 1 and "tf.estimator" not in new


def test_loop_over_a_list_bound_to_a_name_is_followed() -> None:
    new, _ = rewrite(HEAD + '''\
slow = tf.estimator.Estimator(model_fn, params={"rate": 0.01})
fast = tf.estimator.Estimator(model_fn, params={"rate": 0.1})
models = [slow, fast]
for model in models:
    model.train(input_fn, steps=3)
''')
    assert "    model.fit(input_fn(), steps_per_epoch=3)\n" in new and "tf.estimator" not in new


def test_a_helper_given_a_model_dir_estimator_leaves_both_estimators() -> None:
    messages = reports(HEAD + '''\
def fit(estimator):
    estimator.train(input_fn, steps=3)


kept = tf.estimator.Estimator(model_fn, model_dir="/tmp/kept", params={"rate": 0.01})
fresh = tf.estimator.Estimator(model_fn, params={"rate": 0.1})
fit(kept)
fit(fresh)
''')
    assert any("with a model_dir" in m for m in messages)
    assert len(messages) == 2  # the other Estimator is reported too, and nothing changed


def test_the_loop_name_read_after_the_loop_is_reported() -> None:
    messages = reports(HEAD + '''\
slow = tf.estimator.Estimator(model_fn, params={"rate": 0.01})
fast = tf.estimator.Estimator(model_fn, params={"rate": 0.1})
for model in [slow, fast]:
    model.train(input_fn, steps=3)
model.train(input_fn, steps=1)
''')
    assert messages, "the last Estimator trained again after the loop has no rewrite here"


def test_a_helper_that_keeps_the_estimator_elsewhere_is_reported() -> None:
    messages = reports(HEAD + '''\
TRAINED = []


def fit(estimator):
    estimator.train(input_fn, steps=3)
    TRAINED.append(estimator)


fit(tf.estimator.Estimator(model_fn, params={"rate": 0.01}))
''')
    assert messages


def test_trainer_result_bound_by_tuple_unpacking_is_driven() -> None:
    new, _ = rewrite(HEAD + '''\
def train_model(rate):
    estimator = tf.estimator.Estimator(model_fn, params={"rate": rate})
    estimator.train(input_fn, steps=2)
    return estimator, rate


trained, used_rate = train_model(0.05)
print(trained.evaluate(input_fn))
''')
    assert "trained.evaluate(input_fn(), return_dict=True)" in new and "tf.estimator" not in new


def test_trainer_result_passed_on_to_other_code_is_reported() -> None:
    messages = reports(HEAD + '''\
def train_model(rate):
    estimator = tf.estimator.Estimator(model_fn, params={"rate": rate})
    estimator.train(input_fn, steps=2)
    return estimator


print(type(train_model(0.05)))
''')
    assert any("returns the Estimator" in m for m in messages)
