"""Weight decay written by hand over every trainable variable (codemods/_model_fn_weight_decay.py):
`loss += s * tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables() if ...])` becomes
`L2(0.5 * s)` on each weight TF1 counted, decided weight by weight on the TF1 names.

The executed checks: estimator_weight_decay_batch_norm_and_variables starts from constant
weights, so its rewrite on this TF prints what TF 2.15 + tensorflow-estimator printed, to 6
digits (without the decay TF 2.15 prints loss 0.51116407, not 0.5654684: the reference sees
it). estimator_weight_decay_conditional_filtered runs under MirroredStrategy on 1 and 2
replicas (tests/test_estimator_programs.py), and from the Estimator's initial weights its
first losses are TF 2.15's (tests/legacy/test_estimator_equivalence.py)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from tests.support import rewrite

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
REFERENCES = {
    "estimator_weight_decay_batch_norm_and_variables": [
        "eval {'accuracy': 0.6770833, 'loss': 0.5654684, 'global_step': 12}",
    ],
}

HEAD = '''\
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0, 2.0]]}, [1])).repeat(2).batch(1)


def model_fn(features, labels, mode):
'''
TAIL = '''
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
'''


def rewritten(body: str) -> str:
    src = HEAD + textwrap.indent(textwrap.dedent(body).strip(), "    ") + "\n" + TAIL
    new, _ = rewrite(src)
    assert new != src, "not rewritten"
    assert rewrite(new)[0] == new
    return new


def constructor(new: str, attribute: str) -> str:
    return next(line for line in new.splitlines() if line.strip().startswith(f"self.{attribute} = "))


DECAY = "tf2.keras.regularizers.L2(0.5 * (0.01))"


def test_kernels_only_when_the_test_keeps_kernels() -> None:
    new = rewritten('''
        logits = tf.layers.dense(tf.layers.dense(features["x"], 4), 2)
        loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
        loss += 0.01 * tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables() if "kernel" in v.name])
        ''')
    for attribute in ("dense", "dense_1"):
        assert f"kernel_regularizer={DECAY}" in constructor(new, attribute)
        assert "bias_regularizer" not in constructor(new, attribute)


def test_a_default_batch_norm_name_is_what_the_test_reads() -> None:
    """tf.layers.batch_normalization named its variables batch_normalization/gamma:0; given a
    name, they carried that name instead."""
    body = '''
        net = tf.layers.batch_normalization(features["x"], training=mode == tf.estimator.ModeKeys.TRAIN{name})
        logits = tf.layers.dense(net, 2)
        loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
        loss += 0.01 * tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables()
                                 if "batch_normalization" not in v.name])
        '''
    default = rewritten(body.format(name=""))
    assert "regularizer" not in constructor(default, "batch_norm")
    assert f"kernel_regularizer={DECAY}, bias_regularizer={DECAY}" in constructor(default, "dense")
    named = rewritten(body.format(name=', name="bn"'))
    assert f"gamma_regularizer={DECAY}, beta_regularizer={DECAY}" in constructor(named, "batch_norm")


def test_layer_names_made_with_a_number_are_read_by_their_text() -> None:
    new = rewritten('''
        net = features["x"]
        for i in range(2):
            net = tf.layers.dense(net, 4, name="bias_free_%d" % i, use_bias=False)
        logits = tf.layers.dense(net, 2, name="out")
        loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
        loss += 0.01 * tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables() if "bias" not in v.name])
        ''')
    made_in_loop = next(line for line in new.splitlines() if "self.dense.append(" in line)
    assert "regularizer" not in made_in_loop  # bias_free_0/kernel:0 has "bias" in its name
    assert f"kernel_regularizer={DECAY})" in constructor(new, "dense_1")


def test_a_test_text_a_number_could_meet_is_not_decided() -> None:
    src = HEAD + textwrap.indent(textwrap.dedent('''
        logits = tf.layers.dense(tf.layers.dense(features["x"], 4), 2)
        loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
        loss += 0.01 * tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables() if "dense_1" not in v.name])
        ''').strip(), "    ") + "\n" + TAIL
    new, diagnostics = rewrite(src)
    assert new == src
    assert any("TF1 name tfmigrate cannot tell" in d.message for d in diagnostics)


def test_a_hyperparameter_test_guards_the_regularizer() -> None:
    src = HEAD.replace("(features, labels, mode)", "(features, labels, mode, params)") + textwrap.indent(
        textwrap.dedent('''
        logits = tf.layers.dense(features["x"], 2)
        loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
        if params["decay"]:
            loss = loss + params["decay"] * tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables()])
        ''').strip(), "    ") + "\n" + TAIL.replace("Estimator(model_fn)", 'Estimator(model_fn, params={"decay": 0.0})')
    new, _ = rewrite(src)
    decay = 'tf2.keras.regularizers.L2(0.5 * (params["decay"])) if params["decay"] else None'
    assert f"kernel_regularizer=({decay}), bias_regularizer=({decay})" in constructor(new, "dense")


@pytest.mark.parametrize("case", sorted(REFERENCES))
def test_rewrite_prints_what_tf1_printed(case: str, tmp_path) -> None:
    tf = pytest.importorskip("tensorflow")
    if hasattr(tf, "estimator"):
        pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)")
    from tests.test_estimator_driver import differences, run

    stdout = run(CORPUS / case / "after.py", sys.executable, tmp_path)
    assert differences(REFERENCES[case], stdout) == []


def test_a_scope_in_a_written_out_helper_counts_too() -> None:
    """The helper's scope is taken off when it is written out, but TF1 named its variables
    `bias_block/dense/kernel:0`: a test on "bias" is not decided there."""
    src = HEAD.replace("def model_fn", '''def block(x):
    with tf.variable_scope("bias_block"):
        return tf.layers.dense(x, 4)


def model_fn''') + textwrap.indent(textwrap.dedent('''
        hidden = block(features["x"])
        logits = tf.layers.dense(hidden, 2)
        loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
        loss += 0.01 * tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables() if "bias" not in v.name])
        ''').strip(), "    ") + "\n" + TAIL
    new, diagnostics = rewrite(src)
    assert new == src
    assert any("variable scope whose name tfmigrate cannot rule out" in d.message for d in diagnostics)
    unfiltered, _ = rewrite(src.replace(' if "bias" not in v.name', ""))
    assert unfiltered != src  # without a name test the scope does not matter
