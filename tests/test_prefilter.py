"""The prefilter's first stage (a few short keys) never rules out a file that a trigger
word or pattern would have let through."""

from __future__ import annotations

import random

from tfmigrate.engine import _trigger_pattern
from tfmigrate.prefilter import _cover


def test_every_word_and_anchor_holds_a_key() -> None:
    triggers = _trigger_pattern((), ())
    needles = [*triggers._words, *(a for anchors, _ in triggers._patterns for a in anchors)]
    keys = triggers._keys
    assert len(keys) < len(needles)
    assert all(any(key in needle for key in keys) for needle in needles)


def test_cover_is_small_and_complete() -> None:
    needles = [b"ConfigProto", b"VirtualDeviceConfiguration", b"list_local_devices", b"gpu_device_name", b"_OR"]
    keys = _cover(needles)
    assert all(any(key in needle for key in keys) for needle in needles)
    assert b"_OR" in keys and len(keys) <= 3


def test_search_agrees_with_searching_every_word() -> None:
    triggers = _trigger_pattern((), ())
    rng = random.Random(7)
    alphabet = b"abcdefgCDEFGIOPRSUV_ \n'\"-.0123456789"
    samples = []
    for _ in range(3000):
        text = bytes(rng.choice(alphabet) for _ in range(rng.randrange(0, 60)))
        if rng.random() < 0.5:  # splice in a word or a piece of one
            word = rng.choice([*triggers._words, b"CUDA_VISIBLE_DEVICES", b"'CUDA_DEVICE_ORDER'"])
            cut = rng.randrange(len(word) // 2, len(word) + 1)
            text = text[: len(text) // 2] + word[:cut] + text[len(text) // 2:]
        samples.append(text)
    matched = 0
    for text in samples:
        every_word = any(w in text for w in triggers._words) or any(
            any(a in text for a in anchors) and regex.search(text) is not None for anchors, regex in triggers._patterns)
        assert triggers.search(text) == every_word, text
        matched += every_word
    assert matched > 100


def test_contrib_is_a_trigger_only_where_code_reaches_it() -> None:
    # "contributed by" / "contributors" sit in the docstrings of ordinary modules (half the
    # standard-library files of the benchmark tree), which must not be parsed for them.
    triggers = _trigger_pattern((), ())
    for text in ("import tensorflow as tf\nc = tf.contrib.learn.RunConfig()\n",
                 "from tensorflow.contrib import learn\n",
                 "from tensorflow.contrib.learn import RunConfig\n",
                 "import tensorflow.contrib.learn as learn\n",
                 "from tensorflow import contrib\n",
                 "x = tf . contrib . distribute\n"):
        assert triggers.search(text.encode()), text
    for text in ('"""Contributed by a reader; see the contributors list."""\nimport os\n',
                 "# contrib/ holds scripts we do not ship\n"):
        assert not triggers.search(text.encode()), text
