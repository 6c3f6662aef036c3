"""Dropping imports a rewrite orphaned: only when nothing else could be using them."""

from __future__ import annotations

import sysconfig
from pathlib import Path

import libcst as cst
import pytest

from tfmigrate.unused_imports import drop_unused

CONFIG = ("tensorflow", "ConfigProto", None)


def drop(src: str, *wanted) -> str | None:
    result = drop_unused(cst.parse_module(src), wanted or (CONFIG,))
    return None if result is None else result.code


def test_an_unused_import_goes() -> None:
    assert drop('"""Builds a ConfigProto."""\nfrom tensorflow import ConfigProto\nx = 1\n') == (
        '"""Builds a ConfigProto."""\nx = 1\n')


def test_only_the_unused_name_leaves_a_shared_import() -> None:
    assert drop("from tensorflow import ConfigProto, Session\ns = Session()\n") == (
        "from tensorflow import Session\ns = Session()\n")
    assert drop("from tensorflow import Session, ConfigProto\ns = Session()\n") == (
        "from tensorflow import Session\ns = Session()\n")


def test_a_trailing_comma_style_is_kept() -> None:
    src = "from tensorflow import (\n    ConfigProto,\n    Session,\n)\ns = Session()\n"
    assert drop(src) == "from tensorflow import (\n    Session,\n)\ns = Session()\n"


def test_an_alias_is_looked_up_by_its_as_name() -> None:
    wanted = ("tensorflow", "ConfigProto", "CP")
    assert drop("from tensorflow import ConfigProto as CP\nx = 1\n", wanted) == "x = 1\n"
    assert drop("from tensorflow import ConfigProto as CP\nc = CP()\n", wanted) is not None
    assert "import" in drop("from tensorflow import ConfigProto as CP\nc = CP()\n", wanted)


@pytest.mark.parametrize("src", [
    "from tensorflow import ConfigProto\nc = ConfigProto()\n",
    "from tensorflow import ConfigProto\ndef f():\n    return ConfigProto\n",
    "from tensorflow import ConfigProto\n__all__ = ['ConfigProto']\n",
    "from tensorflow import ConfigProto\ndef f(c: 'ConfigProto') -> None:\n    pass\n",
    "from tensorflow import ConfigProto\nmake = globals()['ConfigProto']\n",
    "from tensorflow import ConfigProto\nclass A:\n    ConfigProto = ConfigProto\n",
])
def test_a_used_import_stays(src: str) -> None:
    assert drop(src) == src


@pytest.mark.parametrize("src", [
    "from tensorflow import ConfigProto\nx = other.ConfigProto\n",  # an attribute of something else
    "from tensorflow import ConfigProto\nx = f(ConfigProto=1)\n",  # a keyword argument
    "from tensorflow import ConfigProto\nprint('no ConfigProto here')\n",  # prose in a string
])
def test_what_is_not_a_use(src: str) -> None:
    assert "import" not in drop(src)


@pytest.mark.parametrize("src", [
    "try:\n    from tensorflow import ConfigProto\nexcept ImportError:\n    pass\n",
    "import os; from tensorflow import ConfigProto\n",
    "def f():\n    from tensorflow import ConfigProto\n    return 1\n",
])
def test_imports_elsewhere_are_left_to_libcst(src: str) -> None:
    assert drop(src) is None


def test_nothing_wanted_nothing_changed() -> None:
    src = "from tensorflow import ConfigProto\n"
    assert drop(src, ("tensorflow", "GPUOptions", None)) == src


def test_the_engine_falls_back_to_libcst_for_an_import_in_a_function() -> None:
    from tests.support import check_transformed

    check_transformed(
        "import tensorflow as tf\n\n\ndef main():\n    from tensorflow import ConfigProto\n"
        "    return tf.Session(config=ConfigProto(allow_soft_placement=True))\n",
        "import tensorflow as tf\n\n\ndef main():\n    tf.config.set_soft_device_placement(True)\n"
        "    return tf.compat.v1.Session()\n",
    )


@pytest.mark.parametrize("path", sorted(Path(__file__).resolve().parent.parent.glob("corpus/*/before.py"))[::3]
                         + sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))[::10], ids=lambda p: p.name)
def test_import_statements_finds_every_import(path: Path) -> None:
    """The statement-only walk finds the same imports as a walk over every node."""
    from tfmigrate.parents import iter_nodes
    from tfmigrate.unused_imports import import_statements

    module = cst.parse_module(path.read_text(encoding="utf-8"))
    everywhere = [n for n in iter_nodes(module) if isinstance(n, (cst.Import, cst.ImportFrom))]
    assert {id(n) for n in import_statements(module)} == {id(n) for n in everywhere}


def test_comment_lines_above_a_dropped_import_stay() -> None:
    # A `# %%` cell marker or a note above the import is not the import's to take along.
    assert drop("import os\n\n# %% [markdown]\n# Set up the session.\n\n# %%\nfrom tensorflow import ConfigProto\n"
                "x = 1\n") == "import os\n\n# %% [markdown]\n# Set up the session.\n\n# %%\nx = 1\n"
    assert drop("x = 1\n# the last cell\nfrom tensorflow import ConfigProto\n") == "x = 1\n# the last cell\n"
