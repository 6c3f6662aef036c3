"""notebook_json: a notebook's JSON edited in place, in the style of whichever tool wrote it."""

from __future__ import annotations

import json

import pytest

from tfmigrate.notebook_json import JsonStyle, NewCell, NotebookLayoutError, NotebookText, check_patch, patch


def _nb(*sources, minor=4, ids=False):
    cells = []
    for i, source in enumerate(sources):
        cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
        if ids:
            cell["id"] = f"c{i}"
        cells.append(cell)
    return {"cells": cells, "metadata": {"title": "Größe <b> & co"}, "nbformat": 4, "nbformat_minor": minor}


def _go_style(nb) -> str:  # Colab: indent 2, ASCII only, HTML characters escaped, no final newline
    text = json.dumps(nb, indent=2, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


WRITERS = {
    "nbformat": lambda nb: json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
    "colab": _go_style,
    "ensure_ascii": lambda nb: json.dumps(nb, indent=4, ensure_ascii=True) + "\n",
    "compact": lambda nb: json.dumps(nb),
    "crlf": lambda nb: (json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n").replace("\n", "\r\n"),
    "escaped_slash": lambda nb: json.dumps(nb, indent=1).replace("/", "\\/"),
    "upper_hex": lambda nb: json.dumps(nb, indent=1, ensure_ascii=True).replace("\\u00f6", "\\u00F6"),
}
SOURCES = (["import tensorflow as tf\n", "x = 1  # Größe <= 2 & a/b"], "print('é')\nsess = tf.Session()")


@pytest.mark.parametrize("writer", WRITERS, ids=list(WRITERS))
def test_unchanged_sources_give_back_the_file(writer):
    text = WRITERS[writer](_nb(*SOURCES))
    located = NotebookText.parse(text)
    same = {i: "".join(s) if isinstance(s, list) else s for i, s in enumerate(SOURCES)}
    assert patch(located, same) == text


@pytest.mark.parametrize("writer", WRITERS, ids=list(WRITERS))
def test_a_changed_source_is_written_in_the_file_style_and_nothing_else_moves(writer):
    nb = _nb(*SOURCES)
    text = WRITERS[writer](nb)
    new_source = "print('é')\nsess = tf.compat.v1.Session()  # <ok> & /fine/\n"
    new_text = patch(NotebookText.parse(text), {1: new_source})
    nb["cells"][1]["source"] = new_source
    check_patch(new_text, nb)
    # The first cell's text and everything up to the changed value are the original's.
    start = text.index('"print(')
    assert new_text[:start] == text[:start]
    tail = text[text.index('"print(') + len(json.dumps(SOURCES[1])) + 4:]
    assert new_text.endswith(tail[-40:])
    style = JsonStyle.of(text)
    written = new_text[start:new_text.index("fine")]
    assert ("\\u003c" in written) == style.html_escapes == (writer == "colab")
    assert ("\\/" in new_text[start:]) == style.escaped_slash


def test_a_line_the_rewrite_kept_keeps_its_escapes():
    # A file with raw non-ASCII elsewhere, and one line written with an escape: the line
    # stays as it was written, while a new line follows the file's style.
    text = json.dumps(_nb(["a = '\\u00e9'\n", "b = 1"]), indent=1, ensure_ascii=False)
    text = text.replace("a = '\\\\u00e9'", "a = '\\u00e9'")
    new = patch(NotebookText.parse(text), {0: "a = 'é'\nc = 'é'"})
    assert '"a = \'\\u00e9\'\\n",' in new and '"c = \'é\'"' in new


def test_list_items_keep_their_separators():
    text = '{"cells": [{"cell_type": "code", "source": ["a\\n",   "b"], "metadata": {}, "outputs": [], ' \
           '"execution_count": null}], "metadata": {}, "nbformat": 4, "nbformat_minor": 4}'
    new = patch(NotebookText.parse(text), {0: "a\nc\nb"})
    assert '"source": ["a\\n",   "c\\n",   "b"]' in new


def test_an_empty_source_gets_the_layout_of_the_file():
    text = json.dumps(_nb([], ["x = 1"]), indent=1)
    new = patch(NotebookText.parse(text), {0: "import os\ny = 2"})
    assert '"source": [\n    "import os\\n",\n    "y = 2"\n   ]' in new


def test_a_string_source_stays_a_string_and_keeps_crlf_lines():
    nb = _nb("a = 1\r\nb = 2\r\n")
    text = json.dumps(nb, indent=1)
    new = patch(NotebookText.parse(text), {0: "a = 1\r\nb = 3\r\n"})
    assert '"source": "a = 1\\r\\nb = 3\\r\\n"' in new


def test_an_added_cell_takes_the_key_order_indent_and_a_fresh_id():
    nb = _nb(["import tensorflow as tf"], ["x = 1"], minor=5, ids=True)
    text = WRITERS["colab"](nb)
    added = NewCell(1, "def helper():\n    return 1 < 2", "tfmigrate-gpu-memory")
    new = patch(NotebookText.parse(text), {}, [added])
    nb["cells"].insert(1, added.as_json())
    check_patch(new, nb)
    # In the neighbour's key order (id last, as the cells here have it), two-space indent.
    assert ('    },\n    {\n      "cell_type": "code",\n      "execution_count": null,\n      "metadata": {},\n'
            '      "outputs": [],\n      "source": [\n        "def helper():\\n",\n        "    return 1 \\u003c 2"\n'
            '      ],\n      "id": "tfmigrate-gpu-memory"\n    },\n    {') in new


def test_text_that_is_not_a_notebook_is_refused():
    with pytest.raises(NotebookLayoutError):
        NotebookText.parse('{"nbformat": 4}')


def test_a_file_without_raw_non_ascii_gets_none():
    # json.dumps's default writer: nothing tells how it would write "é", so it is escaped,
    # which any reader decodes the same and which keeps the file ASCII.
    text = json.dumps(_nb(["x = 1"]))
    new = patch(NotebookText.parse(text), {0: "x = 1  # é"})
    assert new.isascii() and json.loads(new)["cells"][0]["source"] == ["x = 1  # é"]
