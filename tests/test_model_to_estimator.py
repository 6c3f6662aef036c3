"""model_to_estimator (codemods/_estimator_keras_model.py): the Keras model trained
directly, and each case where that would not be what the Estimator did."""

from __future__ import annotations

import textwrap

from tests.support import check_noop, check_transformed, rewrite
from tfmigrate.codemods._estimator_keras_model import _bound_and_read

import libcst as cst

DATA = '''
def data():
    x = tf.random.uniform((8, 2))
    return tf.data.Dataset.from_tensor_slices((x, x[:, :1])).batch(4)
'''


def test_a_named_model_is_trained_itself() -> None:
    check_transformed(
        "import tensorflow as tf\n" + DATA + '''
net = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
net.compile(optimizer="sgd", loss="mse")
est = tf.keras.estimator.model_to_estimator(keras_model=net)
est.train(data, steps=2)
''',
        "import tensorflow as tf\n" + DATA + '''
net = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
net.compile(optimizer="sgd", loss="mse")
est = net
est.fit(data(), steps_per_epoch=2)
''')


def test_under_a_strategy_the_building_lines_move_past_unrelated_ones() -> None:
    before = "import tensorflow as tf\n" + DATA + '''
inputs = tf.keras.Input(shape=(2,))
width = 3
outputs = tf.keras.layers.Dense(1)(inputs)
strategy = tf.distribute.MirroredStrategy()
net = tf.keras.Model(inputs, outputs)
net.compile(optimizer="sgd", loss="mse")
est = tf.keras.estimator.model_to_estimator(net, config=tf.estimator.RunConfig(train_distribute=strategy))
est.train(data, steps=2)
'''
    new, _ = rewrite(before)
    body = new.split("with strategy.scope():\n", 1)[1]
    # the constant stays where it was; the layers' lines go under the scope, in order
    assert "width = 3\nstrategy = tf.distribute.MirroredStrategy()\n" in new
    assert body.startswith("    inputs = tf.keras.Input(shape=(2,))\n    outputs = tf.keras.layers.Dense(1)(inputs)\n"
                           "    net = tf.keras.Model(inputs, outputs)\n    net.compile(")
    assert "    est = net\n" in body and "steps_taken" in body
    check_transformed(before, new)


def test_a_line_between_that_reads_a_layer_keeps_everything() -> None:
    diags = check_noop("import tensorflow as tf\n" + DATA + '''
inputs = tf.keras.Input(shape=(2,))
outputs = tf.keras.layers.Dense(1)(inputs)
size = outputs.shape[-1]
strategy = tf.distribute.MirroredStrategy()
net = tf.keras.Model(inputs, outputs)
net.compile(optimizer="sgd", loss="mse")
est = tf.keras.estimator.model_to_estimator(net, config=tf.estimator.RunConfig(train_distribute=strategy))
est.train(data, steps=2)
''')
    assert [d.code for d in diags] == ["TFM214", "TFM214"]
    assert "outputs" in diags[0].message


def test_the_model_read_after_the_call_is_reported() -> None:
    for later in ("net.save('w.keras')", "print(net.weights)", "def later():\n    return net.predict(data())"):
        diags = check_noop("import tensorflow as tf\n" + DATA + f'''
net = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
net.compile(optimizer="sgd", loss="mse")
est = tf.keras.estimator.model_to_estimator(keras_model=net)
est.train(data, steps=2)
{later}
''')
        assert {d.code for d in diags} == {"TFM214"}, later


def test_a_name_bound_twice_is_reported() -> None:
    diags = check_noop("import tensorflow as tf\n" + DATA + '''
net = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
net.compile(optimizer="sgd", loss="mse")
net = tf.keras.estimator.model_to_estimator(keras_model=net)
net.train(data, steps=2)
''')
    assert {d.code for d in diags} == {"TFM214"}


def test_arguments_without_a_keras_form_are_reported() -> None:
    for extra in ("metric_names_map={'acc': 'accuracy'}", "export_outputs={'out': None}",
                  "custom_objects={'Act': object}"):
        diags = check_noop("import tensorflow as tf\n" + DATA + f'''
est = tf.keras.estimator.model_to_estimator(keras_model=tf.keras.models.Sequential(), {extra})
est.train(data, steps=2)
''')
        assert [d.code for d in diags] == ["TFM214"], extra


def test_names_bound_and_read() -> None:
    def of(src: str):
        return _bound_and_read(cst.parse_module(textwrap.dedent(src)).body[0])

    assert of("x = layer(y)\n") == ({"x"}, {"layer", "y"})
    assert of("model.trainable = False\n") == (set(), {"model", "False"})
    assert of("a, b = f(c)\n") == ({"a", "b"}, {"f", "c"})
    assert of("for u in units:\n    x = Dense(u)(x)\n") == ({"u", "x"}, {"units", "Dense", "u", "x"})
    assert of("import numpy as np\n") == ({"np"}, {"numpy"})
    assert of("h = Dense(units=8)(x.shape)\n") == ({"h"}, {"Dense", "x"})
