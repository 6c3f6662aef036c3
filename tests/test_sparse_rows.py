"""Sparse gradients under the rewrite's optimizers (codemods/_sparse_rows.py): the text
transformation, and, executed on this TF (Keras 3), that the summing subclass updates as a
dense gradient does, which is TF1's update, while Keras's own optimizer does not."""

from __future__ import annotations

import pytest

from tfmigrate.codemods._sparse_rows import AFFECTED, looks_rows_up, summing_template, with_summed_rows


def test_affected_optimizers_become_the_summing_subclass() -> None:
    text, classes = with_summed_rows("tf.keras.optimizers.Adam(learning_rate=0.1, epsilon=1e-08)", "tf.keras",
                                     "KerasModel")
    assert text == "KerasModelAdam(learning_rate=0.1, epsilon=1e-08)"
    assert list(classes) == ["KerasModelAdam"]
    assert classes["KerasModelAdam"].startswith("class {name}({tf}.keras.optimizers.Adam):")


def test_optimizers_that_agree_stay_as_they_are() -> None:
    for text in ("tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)", "tf.keras.optimizers.Adamax(0.1)"):
        assert with_summed_rows(text, "tf.keras", "KerasModel") == (text, {})


def test_a_choice_of_optimizers_sums_in_each_arm() -> None:
    text, classes = with_summed_rows('{"adam": lambda: {keras}.optimizers.Adam(learning_rate=0.1), '
                                     '"sgd": lambda: {keras}.optimizers.SGD(learning_rate=0.1)}[key]()',
                                     "{keras}", "Model")
    assert "ModelAdam(learning_rate=0.1)" in text and "{keras}.optimizers.SGD(" in text
    assert list(classes) == ["ModelAdam"]


def test_lookups_of_weights_are_recognised() -> None:
    assert looks_rows_up("embeds = tf.nn.embedding_lookup(self.embedding, ids)")
    assert looks_rows_up("self.words = tf.keras.layers.Embedding(100, 8)")
    assert not looks_rows_up("net = self.dense(tf.concat([a, b], axis=1))")


def test_written_classes_on_an_affected_base_sum_too() -> None:
    rmsprop = "class {name}({tf}.keras.optimizers.RMSprop):\n    pass"
    assert "summed_rows" in summing_template(rmsprop)
    momentum = "class {name}({tf}.keras.optimizers.SGD):\n    pass"
    assert summing_template(momentum) == momentum
    proximal = "class {name}({tf}.keras.optimizers.Adagrad):\n    x = tf.math.unsorted_segment_sum(...)"
    assert summing_template(proximal) == proximal  # it sums the rows itself


@pytest.mark.parametrize("base", AFFECTED)
def test_summing_subclass_updates_as_the_dense_gradient_does(base: str) -> None:
    tf = pytest.importorskip("tensorflow")
    np = pytest.importorskip("numpy")
    if hasattr(tf, "estimator"):
        pytest.skip("Keras 3 (TF >= 2.16) is what the rewrite targets")
    _, classes = with_summed_rows(f"tf.keras.optimizers.{base}(0.1)", "tf.keras", "Summing")
    namespace: dict = {"tf": tf}
    source = "\n".join(line.format(name=f"Summing{base}", tf="tf") for line in classes[f"Summing{base}"].splitlines())
    exec(source, namespace)  # the class as the rewrite writes it
    results = {}
    for kind in ("dense", "keras", "summing"):
        variable = tf.Variable(np.ones((3, 2), np.float32))
        optimizer = namespace[f"Summing{base}"](0.1) if kind == "summing" else getattr(tf.keras.optimizers, base)(0.1)
        for rows in ([0, 0], [1, 1, 0], [1]):  # index 0 and 1 repeat within a batch
            gradient = tf.IndexedSlices(tf.ones((len(rows), 2)) * 0.7, tf.constant(rows), tf.constant([3, 2]))
            optimizer.apply_gradients([(tf.convert_to_tensor(gradient) if kind == "dense" else gradient, variable)])
        results[kind] = variable.numpy()
    np.testing.assert_allclose(results["summing"], results["dense"], atol=1e-6)
    # Keras's own optimizer does not sum (why the subclass exists); if it ever does, this says so
    assert not np.allclose(results["keras"], results["dense"], atol=1e-6)
