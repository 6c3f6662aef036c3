"""The model_fn's helpers that build layers (codemods/_model_fn_helpers.py): written out at
each call with layers of their own, or reported with the reason they were not."""

from __future__ import annotations

import textwrap

import pytest

from tests.support import rewrite

HEAD = '''\
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.1, 0.2], [0.3, 0.4]], [0, 1])).repeat(2).batch(2)


'''
TAIL = '''
    logits = tf.layers.dense(net, 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"hidden": [4, 4]})
estimator.train(input_fn)
'''


def program(helper: str, body: str) -> str:
    return HEAD + textwrap.dedent(helper).strip() + "\n\n\ndef model_fn(features, labels, mode, params):\n" + \
        textwrap.indent(textwrap.dedent(body).strip(), "    ") + TAIL


def test_each_call_gets_its_own_layers_in_init_and_a_loop_one_per_pass() -> None:
    src = program('''
        def block(x, units, scale=1.0):
            with tf.name_scope("block"):
                y = tf.layers.dense(x, units, activation=tf.nn.relu)
                return y * scale
        ''', '''
        net = features
        for units in params["hidden"]:
            net = block(net, units)
        net = block(net, units=3, scale=params["scale"])
        ''')
    new, diags = rewrite(src)
    assert "self.dense = []\n        for units in params[\"hidden\"]:\n" \
           "            self.dense.append(tf2.keras.layers.Dense(units=units, activation=\"relu\"))" in new
    assert "self.dense_1 = tf2.keras.layers.Dense(units=3, activation=\"relu\")" in new
    # The parameters read the call's arguments; the helper's locals are renamed per call.
    assert "block1_y = dense_layer(net)\n            net = block1_y * 1.0" in new
    assert "block2_y = self.dense_1(net)\n        net = block2_y * params[\"scale\"]" in new
    assert [d.code for d in diags] == ["TFM220"]
    assert rewrite(new)[0] == new


def test_an_argument_computed_at_the_call_is_bound_once() -> None:
    src = program('''
        def block(x, units):
            y = tf.layers.dense(x, units)
            return tf.nn.relu(y) + tf.nn.relu(x)
        ''', '''
        net = block(tf.reshape(features, [-1, 2]), 4)
        ''')
    new, _ = rewrite(src)
    assert "block1_x = tf.reshape(features, [-1, 2])\n        block1_y = self.dense(block1_x)" in new
    assert "net = tf.nn.relu(block1_y) + tf.nn.relu(block1_x)" in new


@pytest.mark.parametrize("helper, body, reason", [
    ('''
     def block(x):
         with tf.variable_scope("shared", reuse=tf.AUTO_REUSE):
             return tf.layers.dense(x, 4)
     ''', "net = block(features) + block(features * 2.0)", "not assigned to a name"),
    ('''
     def block(x):
         with tf.variable_scope("shared", reuse=tf.AUTO_REUSE):
             return tf.layers.dense(x, 4)
     ''', "net = block(features)", "reuse"),
    ('''
     def block(x, n):
         if n == 0:
             return x
         return block(tf.layers.dense(x, 4), n - 1)
     ''', "net = block(features, 2)", "not straight-line"),
    ('''
     def block(x):
         return block(tf.layers.dense(x, 4))
     ''', "net = block(features)", "recursion"),
    ('''
     def block(x):
         y = tf.layers.dense(x, 4)
         tf.add_to_collection("outputs", y)
         return y
     ''', "net = block(features)", "for its effect"),
    ('''
     def block(x):
         y = tf.layers.dense(x, units)
         return y
     ''', "units = 4\nnet = block(features)", "a name the model_fn binds"),
    ('''
     def block(x, *rest):
         return tf.layers.dense(x, 4)
     ''', "net = block(features)", "*args"),
])
def test_what_cannot_be_written_out_is_reported_with_the_reason(helper: str, body: str, reason: str) -> None:
    src = program(helper, body)
    new, diags = rewrite(src)
    assert new == src
    messages = [d.message for d in diags if d.code == "TFM210"]
    assert len(messages) == 1 and reason in messages[0], messages


# -- helpers that make the train_op --------------------------------------------------------------

TRAIN_OP_REFERENCES = {  # TF 2.15 + tensorflow-estimator 2.15 printed these (`.venv-tf215/bin/python before.py`)
    "estimator_train_op_from_helper": ["eval {'accuracy': 0.90625, 'loss': 0.32921693, 'global_step': 24}"],
    "estimator_train_op_helper_clips_gradients": ["eval {'loss': 0.048268527, 'global_step': 16}"],
    # Both arms of the helper's choice run: one Estimator per hyperparameter set.
    "estimator_optimizer_chosen_by_hyperparameter": ["adam {'loss': 0.6538534, 'global_step': 12}",
                                                     "momentum {'loss': 0.46507537, 'global_step': 12}"],
}


def test_a_train_op_helper_called_in_the_spec_runs_on_the_line_before() -> None:
    src = HEAD + textwrap.dedent('''
        def train_op_for(loss, rate):
            optimizer = tf.train.RMSPropOptimizer(rate)
            return optimizer.minimize(loss, global_step=tf.train.get_global_step())


        def model_fn(features, labels, mode):
            logits = tf.layers.dense(features, 2)
            loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
            return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op_for(loss, 0.01))


        estimator = tf.estimator.Estimator(model_fn)
        estimator.train(input_fn)
        ''').lstrip()
    new, diagnostics = rewrite(src)
    assert "optimizer=KerasModelRMSprop(learning_rate=0.01, epsilon=1e-10)" in new  # TF1 RMSProp's defaults
    assert any("made the optimizer or the train_op" in d.message for d in diagnostics)


@pytest.mark.parametrize("case", sorted(TRAIN_OP_REFERENCES))
def test_rewrite_with_a_train_op_helper_prints_what_tf1_printed(case: str, tmp_path) -> None:
    tf = pytest.importorskip("tensorflow")
    if hasattr(tf, "estimator"):
        pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)")
    from pathlib import Path
    import sys

    from tests.test_estimator_driver import differences, run

    corpus = Path(__file__).resolve().parent.parent / "corpus"
    stdout = run(corpus / case / "after.py", sys.executable, tmp_path)
    assert differences(TRAIN_OP_REFERENCES[case], stdout) == []


def test_an_optimizer_helper_is_written_out_at_its_call() -> None:
    src = HEAD + textwrap.dedent('''
        def get_optimizer(params):
            rate = tf.train.exponential_decay(params["lr"], tf.train.get_global_step(), 10, 0.5)
            return tf.train.GradientDescentOptimizer(rate)


        def model_fn(features, labels, mode, params):
            logits = tf.layers.dense(features, 2)
            loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
            optimizer = get_optimizer(params)
            train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
            return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


        estimator = tf.estimator.Estimator(model_fn, params={"lr": 0.1})
        estimator.train(input_fn)
        ''').lstrip()
    new, diagnostics = rewrite(src)
    assert "ExponentialDecay(initial_learning_rate=params[\"lr\"], decay_steps=10, decay_rate=0.5)" in new, new
    assert rewrite(new)[0] == new


CHOICE_HEAD = HEAD + '''def model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features, 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
'''
CHOICE_TAIL = '''
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"optimizer": "adam", "lr": 0.1, "decay": True})
estimator.train(input_fn)
'''


def chosen(body: str) -> tuple[str, list]:
    src = CHOICE_HEAD + textwrap.indent(textwrap.dedent(body).strip(), "    ") + "\n" + CHOICE_TAIL
    new, diagnostics = rewrite(src)
    assert rewrite(new)[0] == new
    return new if new != src else "", diagnostics


def test_an_optimizer_chosen_by_a_hyperparameter_is_chosen_by_the_same_test() -> None:
    new, _ = chosen('''
        if params["optimizer"] == "adam":
            optimizer = tf.train.AdamOptimizer(params["lr"])
        else:
            optimizer = tf.train.GradientDescentOptimizer(params["lr"])
        train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
        ''')
    assert 'optimizer=(tf2.keras.optimizers.Adam(learning_rate=params["lr"], epsilon=1e-08) ' \
           'if params["optimizer"] == "adam" else tf2.keras.optimizers.SGD(learning_rate=params["lr"])),' in new


def test_a_rate_chosen_by_a_hyperparameter_and_clipping_apply_to_every_arm() -> None:
    new, _ = chosen('''
        if params["decay"]:
            rate = tf.train.exponential_decay(params["lr"], tf.train.get_global_step(), 100, 0.5)
        else:
            rate = params["lr"]
        if params["optimizer"] == "adam":
            optimizer = tf.train.AdamOptimizer(rate)
        elif params["optimizer"] == "adagrad":
            optimizer = tf.train.AdagradOptimizer(rate)
        else:
            optimizer = tf.train.GradientDescentOptimizer(rate)
        grads, variables = zip(*optimizer.compute_gradients(loss))
        grads, _ = tf.clip_by_global_norm(grads, 5.0)
        train_op = optimizer.apply_gradients(zip(grads, variables), global_step=tf.train.get_global_step())
        ''')
    rate = ('(tf2.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=params["lr"], decay_steps=100, '
            'decay_rate=0.5) if params["decay"] else params["lr"])')
    line = next(line for line in new.splitlines() if line.strip().startswith("optimizer="))
    assert line.count(f"learning_rate={rate}") == 3, line
    assert line.count("global_clipnorm=5.0") == 3, line
    assert 'if params["optimizer"] == "adam" else (' in line and 'if params["optimizer"] == "adagrad" else' in line


@pytest.mark.parametrize("body, reason", [
    ('''
        if tf.reduce_mean(loss) > 1.0:
            optimizer = tf.train.AdamOptimizer(0.1)
        else:
            optimizer = tf.train.GradientDescentOptimizer(0.1)
        train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
        ''', "which is not the mode"),  # a tensor's test, not a hyperparameter's
    ('''
        optimizer = tf.train.GradientDescentOptimizer(0.1)
        if params["optimizer"] == "adam":
            optimizer = tf.train.AdamOptimizer(0.1)
        train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
        ''', "is bound in a way tfmigrate cannot follow"),  # no else: read as a rebinding, not as a choice
    ('''
        if params["optimizer"] == "adam":
            optimizer = tf.train.AdamOptimizer(0.1)
            optimizer = tf.train.AdamOptimizer(0.2)
        else:
            optimizer = tf.train.GradientDescentOptimizer(0.1)
        train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
        ''', "is bound in a way tfmigrate cannot follow"),
])
def test_a_choice_that_is_not_one_value_per_arm_is_reported(body: str, reason: str) -> None:
    new, diagnostics = chosen(body)
    assert new == ""
    assert any(reason in d.message for d in diagnostics), [d.message for d in diagnostics]


def test_an_optimizer_looked_up_in_a_helpers_dict_of_lambdas_is_looked_up_the_same_way() -> None:
    src = HEAD + textwrap.dedent('''
        def get_optimizer(name, rate):
            optimizers = {
                "sgd": lambda: tf.train.GradientDescentOptimizer(rate),
                "adam": lambda: tf.train.AdamOptimizer(rate),
            }
            return optimizers[name]()


        def model_fn(features, labels, mode, params):
            logits = tf.layers.dense(features, 2)
            loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
            optimizer = get_optimizer(params["optimizer"], params["lr"])
            train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
            return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


        estimator = tf.estimator.Estimator(model_fn, params={"optimizer": "adam", "lr": 0.1})
        estimator.train(input_fn)
        ''').lstrip()
    new, _ = rewrite(src)
    assert ('optimizer={"sgd": lambda: tf2.keras.optimizers.SGD(learning_rate=params["lr"]), "adam": lambda: '
            'tf2.keras.optimizers.Adam(learning_rate=params["lr"], epsilon=1e-08)}[params["optimizer"]](),') in new
    assert rewrite(new)[0] == new


@pytest.mark.parametrize("table, reason", [
    ('{"sgd": lambda rate: tf.train.GradientDescentOptimizer(rate)}', "a lambda with parameters"),
    ('{OPTIMIZER_NAME: tf.train.GradientDescentOptimizer}', "keys that are not strings"),
    ('{"sgd": tf.train.GradientDescentOptimizer, **EXTRA}', "keys that are not strings"),
])
def test_an_optimizer_table_tfmigrate_cannot_read_is_reported(table: str, reason: str) -> None:
    src = HEAD + f'''OPTIMIZER_NAME = "sgd"
EXTRA = {{}}
TABLE = {table}


def model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features, 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    optimizer = TABLE[params["optimizer"]](0.1)
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={{"optimizer": "sgd"}})
estimator.train(input_fn)
'''
    new, diagnostics = rewrite(src)
    assert new == src
    assert any(reason in d.message for d in diagnostics), [d.message for d in diagnostics]


def test_a_conditional_expression_is_branched_only_around_a_helper_written_out() -> None:
    """`train_op = create_train_op(...) if is_training else None` is read as an if/else so the
    helper is written out in its arm; a helper that only computes a number stays the
    expression it was."""
    src = HEAD + textwrap.dedent('''
        def pick_rate(params):
            return params["rate"] * 2


        def create_train_op(loss, rate):
            return tf.train.GradientDescentOptimizer(rate).minimize(loss, global_step=tf.train.get_global_step())


        def model_fn(features, labels, mode, params):
            logits = tf.layers.dense(features, 2)
            loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
            rate = pick_rate(params) if params["fast"] else params["rate"]
            train_op = create_train_op(loss, rate) if mode == tf.estimator.ModeKeys.TRAIN else None
            return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


        estimator = tf.estimator.Estimator(model_fn, params={"fast": True, "rate": 0.1})
        estimator.train(input_fn)
        ''').lstrip()
    new, diagnostics = rewrite(src)
    assert 'optimizer=tf2.keras.optimizers.SGD(learning_rate=(pick_rate(params) if params["fast"] else ' \
           'params["rate"])),' in new
    assert "pick_rate1_" not in new  # not written out: it builds nothing
    assert any("`create_train_op` made the optimizer" in d.message for d in diagnostics)
    assert rewrite(new)[0] == new


def test_a_refusal_inside_a_helper_of_a_helper_points_at_the_model_fns_call() -> None:
    # The inner helper is written out inside the outer one's copy: its report must reach a line
    # of the source (it once pointed at a node of the copy, which has none, and the rewrite died).
    src = program('''
        def l2(scale):
            def regularizer(weights):
                return scale * tf.nn.l2_loss(weights)
            return regularizer


        def layer(x, units):
            weights = tf.get_variable("w", [2, units], regularizer=l2(0.1))
            return tf.matmul(x, weights)


        def tower(x, sizes):
            net = x
            for size in sizes:
                net = layer(net, size)
            return net
    ''', '''
        net = tower(features, params["hidden"])
    ''')
    new, diags = rewrite(src)
    assert new == src
    assert [d.code for d in diags] == ["TFM210"] and diags[0].line == src.splitlines().index(
        "    net = tower(features, params[\"hidden\"])") + 1
    assert "in `layer(...)`" in diags[0].message
