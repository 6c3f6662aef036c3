"""A model_fn that is a method of an object (#15): the object is handed to a function that
makes the Keras model (codemods/_estimator_method.py). The corpus cases execute it
(estimator_model_fn_method, estimator_model_fn_method_of_self); these pin the forms."""

from __future__ import annotations

import pytest

from tests.support import check_noop, diagnostics, rewrite

from tfmigrate.codemods._estimator_method import _snake, bound_by_generated_code

CLASS = '''\
import tensorflow as tf


class Net{bases}:
    {extra}def __init__(self, width):
        self.width = width

    def model_fn(self, features, labels, mode):
        output = tf.compat.v1.layers.dense(features, {units})
        loss = tf.compat.v1.losses.mean_squared_error(labels, output)
        step = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss, tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=step)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1)


{driver}
'''
DRIVER = '''net = Net(3)
estimator = tf.estimator.Estimator(model_fn=net.model_fn)
estimator.train(input_fn, steps=1)'''


def program(units: str = "self.width", driver: str = DRIVER, bases: str = "", extra: str = "") -> str:
    return CLASS.format(units=units, driver=driver, bases=bases, extra=extra)


def codes(src: str) -> set[str]:
    return {code for code, _ in diagnostics(src)}


def test_the_method_becomes_a_function_of_its_object_after_the_class() -> None:
    new, _ = rewrite(program())
    assert "def model_fn" not in new
    head, _, tail = new.partition("def make_net_model_for(net):")
    assert tail, new
    assert "class Net:" in head and "self.width = width" in head
    assert "tf.keras.layers.Dense(units=net.width)" in tail
    assert "estimator = make_net_model_for(net)()" in new
    assert rewrite(new)[0] == new


def test_the_object_gets_the_class_name_in_snake_case() -> None:
    assert _snake("TwoLayerRegressor") == "two_layer_regressor"
    assert _snake("MNISTModel") == "mnist_model"
    assert _snake("Net") == "net"


def test_a_class_left_empty_keeps_a_pass() -> None:
    src = program(bases="(Base)").replace("    def __init__(self, width):\n        self.width = width\n\n", "")
    new, _ = rewrite(src.replace("import tensorflow as tf\n", "import tensorflow as tf\nfrom nets import Base\n"))
    assert "class Net(Base):\n    pass\n" in new


def test_a_method_that_never_reads_its_object_is_rewritten_too() -> None:
    new, _ = rewrite(program(units="1"))
    assert "def make_net_model_for(net):" in new and "def model_fn" not in new


@pytest.mark.parametrize("driver, why", [
    (DRIVER + "\nnet.width = 5\nestimator.train(input_fn, steps=1)", "is set outside `Net.__init__`"),
    (DRIVER + "\nprint(net.model_fn)", "reads the method too"),
    ("net = build()\nestimator = tf.estimator.Estimator(model_fn=net.model_fn)\nestimator.train(input_fn)",
     "could not tell the class of `net`"),
    ("nets = [Net(3)]\nestimator = tf.estimator.Estimator(model_fn=nets[0].model_fn)\nestimator.train(input_fn)",
     "where `obj` is a name"),
])
def test_objects_that_change_or_are_unknown_are_reported(driver: str, why: str) -> None:
    found = check_noop(program(driver=driver))
    assert any(why in f.message and f.code == "TFM210" for f in found), [f.message for f in found]


def test_a_method_that_calls_its_object_or_is_overridden_is_reported() -> None:
    assert "TFM210" in codes(program(units="self.units()"))
    sub = program(driver="class Wide(Net):\n    pass\n\n\n" + DRIVER)
    assert any("subclasses" in f.message for f in check_noop(sub))


def test_a_partial_binding_a_name_the_keras_code_binds_is_reported() -> None:
    src = '''\
import functools

import tensorflow as tf


def model_fn(features, labels, mode, data=4):
    output = tf.compat.v1.layers.dense(features, data)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    step = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=step)


estimator = tf.estimator.Estimator(functools.partial(model_fn, data=3))
estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)
'''
    found = check_noop(src)
    assert any("binds `data` for itself" in f.message for f in found), [f.message for f in found]
    assert bound_by_generated_code("def f(data):\n    x, y = data\n", {"data", "y", "z"}) == {"data", "y"}


def test_a_local_bound_from_itself_is_reported_not_followed_forever() -> None:
    src = program(units="width").replace("        output =", "        width = width * 2\n        output =")
    assert "TFM210" in codes(src)


PARTIAL = '''\
import functools

import tensorflow as tf


def model_fn(features, labels, mode, width=4):
    output = tf.compat.v1.layers.dense(features, width)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    step = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=step)


size = 3
network = functools.partial(model_fn, width=size)
{between}estimator = tf.estimator.Estimator(model_fn=network)
estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)
'''


def test_a_partial_bound_to_a_name_is_read_in_its_place() -> None:
    new, _ = rewrite(PARTIAL.format(between=""))
    assert "network" not in new and "functools" not in new
    assert new.startswith("import tensorflow as tf\n")  # no blank line where `import functools` was
    assert "estimator = make_keras_model_for(width=size)()" in new


def test_a_partial_whose_argument_is_bound_again_before_the_estimator_is_reported() -> None:
    found = check_noop(PARTIAL.format(between="size = 5\n"))
    assert any(f.code == "TFM210" for f in found), [f.message for f in found]


def test_the_function_follows_the_class_when_the_next_statement_goes() -> None:
    src = program(driver=DRIVER.replace("tf.estimator.Estimator(model_fn=net.model_fn)",
                                        "tf.estimator.Estimator(model_fn=net.model_fn, config=run_config)"))
    src = src.replace("\n\ndef input_fn():", "\n\nrun_config = tf.estimator.RunConfig(tf_random_seed=3)\n\n\ndef input_fn():")
    new, _ = rewrite(src)
    assert "        self.width = width\n\n\ndef make_net_model_for(net):\n" in new
    assert "RunConfig" not in new


def test_a_partial_bound_under_a_condition_is_reported() -> None:
    src = PARTIAL.format(between="").replace("network = functools.partial(model_fn, width=size)",
                                             "if size:\n    network = functools.partial(model_fn, width=size)")
    found = check_noop(src)
    assert any(f.code == "TFM210" for f in found), [f.message for f in found]
