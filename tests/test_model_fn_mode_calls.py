"""One model called in every mode branch with that mode's training flag
(codemods/_model_fn_mode_calls.py): the calls become one line before the branches, or the
model_fn is left as it was."""

from __future__ import annotations

import textwrap

import libcst as cst

from tfmigrate.codemods._model_fn_mode_calls import one_call_for_every_mode

MODE_KEYS = {f"ModeKeys.{k}": f"tf.estimator.ModeKeys.{k}" for k in ("TRAIN", "EVAL", "PREDICT")}
CODE = cst.Module([]).code_for_node


def name_of(node: cst.CSTNode):
    return MODE_KEYS.get(CODE(node))


def moved(src: str) -> str:
    fn = cst.parse_module(textwrap.dedent(src)).body[0]
    result = one_call_for_every_mode(fn, name_of)
    return CODE(result.fn) if result.fn is not fn else ""


THREE_BRANCHES = """\
def model_fn(features, labels, mode, params):
    model = make()
    if mode == ModeKeys.PREDICT:
        logits = model(features, training=False)
        return spec(logits)
    if mode == ModeKeys.TRAIN:
        optimizer = adam()
        logits = model(features, training=True)
        return spec(logits, optimizer)
    if mode == ModeKeys.EVAL:
        logits = model(features, training=False)
        return spec(logits)
"""


def test_the_branches_calls_become_one_line_with_the_mode_as_flag() -> None:
    assert moved(THREE_BRANCHES) == textwrap.dedent("""\
        def model_fn(features, labels, mode, params):
            model = make()
            logits = model(features, training=mode == "train")
            if mode == ModeKeys.PREDICT:
                return spec(logits)
            if mode == ModeKeys.TRAIN:
                optimizer = adam()
                return spec(logits, optimizer)
            if mode == ModeKeys.EVAL:
                return spec(logits)
        """)


def test_the_last_mode_may_be_the_lines_after_the_branches() -> None:
    src = """\
        def model_fn(features, labels, mode, params):
            model = make()
            if mode == ModeKeys.PREDICT:
                logits = model(features, training=False)
                return spec(logits)
            if mode == ModeKeys.TRAIN:
                logits = model(features, training=True)
                return spec(logits, adam())
            logits = model(features, training=False)
            return spec(logits)
        """
    assert moved(src) == textwrap.dedent("""\
        def model_fn(features, labels, mode, params):
            model = make()
            logits = model(features, training=mode == "train")
            if mode == ModeKeys.PREDICT:
                return spec(logits)
            if mode == ModeKeys.TRAIN:
                return spec(logits, adam())
            return spec(logits)
        """)


def test_an_eval_call_in_training_is_left() -> None:
    assert moved(THREE_BRANCHES.replace("training=False)\n        return spec(logits)\n",
                                        "training=True)\n        return spec(logits)\n")) == ""


def test_a_name_the_call_reads_bound_earlier_in_a_branch_is_left() -> None:
    src = THREE_BRANCHES.replace("        optimizer = adam()\n", "        features = augment(features)\n")
    assert moved(src) == ""


def test_the_result_read_before_the_call_in_a_branch_is_left() -> None:
    src = THREE_BRANCHES.replace("        optimizer = adam()\n", "        log(logits)\n")
    assert moved(src) == ""


def test_a_branch_that_does_not_return_is_left() -> None:
    src = THREE_BRANCHES.replace("        return spec(logits, optimizer)\n", "        train_spec = spec(logits)\n")
    assert moved(src) == ""


def test_a_branch_without_the_call_leaves_all() -> None:
    src = THREE_BRANCHES.replace("        logits = model(features, training=True)\n", "        logits = other()\n")
    assert moved(src) == ""
