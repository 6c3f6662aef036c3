"""An LSTM cell run by dynamic_rnn becomes one Keras LSTM call (codemods/_model_fn_rnn.py),
or the model_fn is left as it was for the layer mapping to report."""

from __future__ import annotations

import textwrap

import libcst as cst

from tfmigrate.codemods._model_fn_rnn import DEFAULT_WEIGHTS, keras_lstm

CODE = cst.Module([]).code_for_node
TF_NAMES = {"tf": "tf", "tf.nn.rnn_cell.LSTMCell": "tf.nn.rnn_cell.LSTMCell",
            "tf.nn.rnn_cell.BasicLSTMCell": "tf.nn.rnn_cell.BasicLSTMCell",
            "tf.nn.rnn_cell.GRUCell": "tf.nn.rnn_cell.GRUCell", "tf.nn.rnn_cell.BasicRNNCell": "tf.nn.rnn_cell.BasicRNNCell",
            "tf.nn.dynamic_rnn": "tf.nn.dynamic_rnn", "tf.zeros_initializer": "tf.zeros_initializer",
            "tf.constant_initializer": "tf.constant_initializer",
            "tf.orthogonal_initializer": "tf.orthogonal_initializer"}


def name_of(node: cst.CSTNode, *_):
    return TF_NAMES.get(CODE(node))


def rewritten(src: str) -> str:
    fn = cst.parse_module(textwrap.dedent(src)).body[0]
    result = keras_lstm(fn, name_of)
    return CODE(result.fn) if result.fn is not fn else ""


def test_cell_and_dynamic_rnn_become_one_keras_lstm_call_and_state_h_its_last_output() -> None:
    src = """\
        def model_fn(features, labels, mode):
            cell = tf.nn.rnn_cell.LSTMCell(num_units=8)
            outputs, state = tf.nn.dynamic_rnn(cell, features["x"], sequence_length=features["n"], dtype=tf.float32)
            return dense(state.h) + dense(state[0])
        """
    assert rewritten(src) == textwrap.dedent("""\
        def model_fn(features, labels, mode):
            outputs, state_h, state_c = tf.keras.layers.LSTM(8, return_sequences=True, return_state=True, zero_output_for_mask=True)(features["x"], mask=tf.sequence_mask(features["n"], tf.shape(features["x"])[1]))
            return dense(state_h) + dense(state_c)
        """)


def test_the_default_weights_are_noted_and_a_constant_initializer_carried() -> None:
    plain = """\
        def model_fn(features, labels, mode):
            cell = tf.nn.rnn_cell.BasicLSTMCell(8)
            outputs, _ = tf.nn.dynamic_rnn(cell, features, dtype=tf.float32)
            return outputs[:, -1, :]
        """
    fn = cst.parse_module(textwrap.dedent(plain)).body[0]
    assert [why for _, why in keras_lstm(fn, name_of).notes] == [DEFAULT_WEIGHTS]
    constant = plain.replace("BasicLSTMCell(8)", "LSTMCell(8, initializer=tf.constant_initializer(0.1))")
    fn = cst.parse_module(textwrap.dedent(constant)).body[0]
    result = keras_lstm(fn, name_of)
    assert result.notes == []
    assert "kernel_initializer=tf.constant_initializer(0.1), recurrent_initializer=tf.constant_initializer(0.1)" \
        in CODE(result.fn)


def test_forms_keras_has_no_lstm_for_are_left() -> None:
    base = """\
        def model_fn(features, labels, mode):
            cell = CELL
            outputs, state = tf.nn.dynamic_rnn(cell, features, dtype=tf.float32ARGS)
            return USE
        """
    for cell, args, use in [
            ("tf.nn.rnn_cell.BasicRNNCell(8)", "", "state"),  # another cell
            ("tf.nn.rnn_cell.GRUCell(8, bias_initializer=tf.zeros_initializer())", "", "state"),
            ("tf.nn.rnn_cell.LSTMCell(8, use_peepholes=True)", "", "state.h"),
            ("tf.nn.rnn_cell.LSTMCell(8, forget_bias=0.0)", "", "state.h"),
            ("tf.nn.rnn_cell.LSTMCell(8, initializer=tf.orthogonal_initializer())", "", "state.h"),
            ("tf.nn.rnn_cell.LSTMCell(8)", ", time_major=True", "state.h"),
            ("tf.nn.rnn_cell.LSTMCell(8)", ", initial_state=start", "state.h"),
            ("tf.nn.rnn_cell.LSTMCell(8)", "", "tf.concat(state, 1)"),  # the state whole
            ("tf.nn.rnn_cell.LSTMCell(8)", "", "cell.output_size"),  # the cell read again
    ]:
        src = base.replace("CELL", cell).replace("ARGS", args).replace("USE", use)
        assert rewritten(src) == "", src


def test_a_renamed_statement_keeps_pointing_at_the_model_fn() -> None:
    src = """\
        def model_fn(features, labels, mode):
            cell = tf.nn.rnn_cell.LSTMCell(8)
            outputs, state = tf.nn.dynamic_rnn(cell, features, dtype=tf.float32)
            logits = dense(state.h)
            return logits
        """
    fn = cst.parse_module(textwrap.dedent(src)).body[0]
    result = keras_lstm(fn, name_of)
    old_logits, new_logits = fn.body.body[2], result.fn.body.body[1]
    assert new_logits is not old_logits
    assert result.origin[id(new_logits)] is old_logits
    # the written LSTM call is named for the layer mapping; a copied input names what it copied
    written = result.fn.body.body[0].body[0].value
    named = result.name_of(name_of)
    assert named(written.func.func) == "tf.keras.layers.LSTM"
    original_inputs = fn.body.body[1].body[0].value.args[1].value
    assert result.origin[id(written.args[0].value)] is original_inputs


def test_a_gru_cell_becomes_keras_gru_with_tf1_gates_and_biases() -> None:
    src = """\
        def model_fn(features, labels, mode):
            cell = tf.nn.rnn_cell.GRUCell(num_units=params["units"])
            outputs, state = tf.nn.dynamic_rnn(cell, features, dtype=tf.float32)
            return dense(state)
        """
    assert rewritten(src) == textwrap.dedent("""\
        def model_fn(features, labels, mode):
            outputs, state = tf.keras.layers.GRU(params["units"], return_sequences=True, return_state=True, reset_after=False, bias_initializer=tf.keras.initializers.Constant([1.0] * (2 * params["units"]) + [0.0] * params["units"]))(features)
            return dense(state)
        """)
