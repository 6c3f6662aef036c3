"""Keras session leftovers (codemods/_config_keras.py): every Keras get_session() is
reported (TFM121), since Keras 3 has none, and TF 2.21 raises AttributeError on it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support import check_noop, diagnostics, rewrite


@pytest.mark.parametrize("imports, call", [
    ("from keras import backend as K", "K.get_session()"),
    ("import keras.backend as K", "K.get_session()"),
    ("from tensorflow.keras import backend as K", "K.get_session()"),
    ("from tensorflow.keras.backend import get_session", "get_session()"),
    ("import keras.backend.tensorflow_backend as KTF", "KTF.get_session()"),
    ("", "tf.keras.backend.get_session()"),
    ("", "tf.compat.v1.keras.backend.get_session()"),
])
def test_every_spelling_is_reported(imports, call):
    src = f"import tensorflow as tf\n{imports}\nsess = {call}\n"
    assert diagnostics(src) == [("TFM121", 3)]


def test_after_a_rewritten_set_session_the_report_says_why():
    new, diags = rewrite(
        "import tensorflow as tf\n"
        "from keras import backend as K\n"
        "K.set_session(tf.Session(config=tf.ConfigProto(allow_soft_placement=True)))\n"
        "graph = K.get_session().graph\n")
    assert "set_session" not in new and "K.get_session()" in new
    assert [d.code for d in diags] == ["TFM121"]
    assert diags[0].message.startswith("the set_session() that gave Keras its session is rewritten")
    # The second run has no set_session left, and reports the same line.
    _, again = rewrite(new)
    assert [(d.code, new.splitlines()[d.line - 1]) for d in again] == [("TFM121", "graph = K.get_session().graph")]


def test_a_method_or_another_library_of_that_name_is_not_keras():
    check_noop("""\
        import tensorflow as tf
        from mylib import get_session

        class Pool:
            def get_session(self):
                return None

        a = get_session()
        b = Pool().get_session()
        """)
    assert diagnostics("from mylib import get_session\nget_session()\n") == []


def test_tf_2_21_has_no_keras_session():
    pytest.importorskip("tensorflow")
    probe = ("import tensorflow as tf\n"
             "for name in ('tf.keras.backend.get_session', 'tf.compat.v1.keras.backend.get_session'):\n"
             "    try:\n"
             "        eval(name)\n"
             "    except AttributeError:\n"
             "        print('missing', name)\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=180)
    assert proc.stdout.split().count("missing") == 2, proc.stderr[-2000:]
