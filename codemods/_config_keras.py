"""TFM121: what Keras sessions leave behind.

`K.set_session(tf.Session(config=c))` only configured the GPU, so the rewrite turns it into
tf.config calls. But a program that later asks Keras for that session
(`K.get_session()`, `tf.keras.backend.get_session()`, `tf.compat.v1.keras.backend.get_session()`)
then crashes: Keras 3, which is `tf.keras` from TF 2.16 on, has no sessions, and each of
those raises AttributeError on TF 2.21. So every such call is reported, rewritten file or
not (a second run must report what the first left, and the first may have removed the
set_session that explains it).
"""

from __future__ import annotations

from typing import Iterator

from tfmigrate.rule import Finding

CODE = "TFM121"
GET_SESSION = {
    "keras.backend.get_session",
    "tf.keras.backend.get_session",
    "keras.backend.tensorflow_backend.get_session",
    "keras.backend.tf_backend.get_session",
    "tf.backend.get_session",
}


def get_session_reports(analysis, set_sessions_rewritten: bool) -> Iterator[Finding]:
    """A report for each Keras get_session() call of the module."""
    for call in analysis.calls:
        if analysis.callee(call) not in GET_SESSION:
            continue
        why = ("the set_session() that gave Keras its session is rewritten into tf.config calls, and "
               if set_sessions_rewritten else "")
        yield Finding(CODE, f"{why}Keras 3 (tf.keras from TF 2.16 on) has no sessions: get_session() raises "
                            "AttributeError on TF 2.21. Run the code in a tf.compat.v1.Session of your own, or use "
                            "Keras's own methods (model.predict, model.save_weights) instead", call)
