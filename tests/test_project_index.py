"""The project index's answers for Estimator code across modules (tfmigrate/project_index.py)
and the import lines the pass reads from bytes (tfmigrate/project_pass.py)."""

from __future__ import annotations

import os

from tfmigrate.project_index import ModelFnUse, ProjectIndex
from tfmigrate.project_pass import _imported_modules


def _index(tmp_path, files: dict[str, str]) -> ProjectIndex:
    paths = []
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        paths.append(str(path))
    index = ProjectIndex(paths)
    index.sources = {os.path.abspath(p): open(p, "rb").read() for p in paths}
    return index


def test_function_target_through_absolute_relative_and_star_imports(tmp_path) -> None:
    index = _index(tmp_path, {"trainer/__init__.py": "", "trainer/model.py": "def model_fn(f, l, m):\n    pass\n",
                              "trainer/task.py": "", "utils.py": "def model_fn(f, l, m):\n    pass\n", "main.py": ""})
    task, model = str(tmp_path / "trainer/task.py"), str(tmp_path / "trainer/model.py")
    assert index.function_target(task, "trainer.model.model_fn") == (model, "model_fn")
    assert index.function_target(task, ".model.model_fn") == (model, "model_fn")
    assert index.function_target(task, "trainer.model.Classifier.model_fn") is None  # a method
    assert index.function_target(task, "elsewhere.model.model_fn") is None  # not in the run
    main = str(tmp_path / "main.py")
    assert index.function_target(main, "*utils:model_fn") == (str(tmp_path / "utils.py"), "model_fn")
    assert index.function_target(main, "*utils:input_fn") is None  # utils defines no input_fn
    assert index.module_name(main, str(tmp_path / "utils.py"), "*utils:model_fn") == "utils"
    assert index.module_name(task, model, "trainer.model.model_fn") == "trainer.model"


def test_a_model_fn_is_decided_for_drivers_that_need_the_same_model(tmp_path) -> None:
    index = _index(tmp_path, {"trainer/__init__.py": "", "trainer/model.py": "def model_fn(f, l, m):\n    pass\n",
                              "trainer/a.py": "", "trainer/b.py": ""})
    a, b, model = (str(tmp_path / f"trainer/{n}.py") for n in ("a", "b", "model"))
    index.model_fn_uses = [ModelFnUse(a, "trainer.model.model_fn", 3, "{'n': 1}", False),
                           ModelFnUse(b, "trainer.model.model_fn", 5, "{'n': 1}", False)]
    decided = index.decide_model_fns(lambda path, name: [])
    assert decided[(model, "model_fn")].drivers == tuple(sorted((a, b)))
    # other params: two Keras models from one class the rewrite would write once
    index.model_fn_uses[1] = ModelFnUse(b, "trainer.model.model_fn", 5, "{'n': 2}", False)
    assert index.decide_model_fns(lambda path, name: []) == {}
    assert "different Keras models" in index.model_fn_reasons[(model, "model_fn")]
    # one driver, but another file imports the model_fn: it would lose it
    index.model_fn_uses = index.model_fn_uses[:1]
    assert index.decide_model_fns(lambda path, name: [str(tmp_path / "serve.py")]) == {}
    assert "serve.py" in index.model_fn_reasons[(model, "model_fn")]


def test_imported_modules_are_read_from_import_lines() -> None:
    found = _imported_modules(b"from trainer import model, data\nfrom . import model\nimport a.b as c, d\n"
                              b"from .. import x\nfrom trainer.model import (model_fn,\n    input_fn)\n"
                              b"    import nested.mod\n# import commented\n")
    assert {"trainer", "trainer.model", "trainer.data", ".", ".model", "a.b", "d", "..", "..x",
            "trainer.model.model_fn", "nested.mod"} <= found


def test_a_notebook_imports_what_its_code_cells_import() -> None:
    from tfmigrate.project_pass import _notebook_code

    notebook = (b'{"cells": [{"cell_type": "markdown", "source": ["from docs import model_fn"]},'
                b' {"cell_type": "code", "source": ["from trainer import model\\n", "model.model_fn"]}]}')
    assert _imported_modules(_notebook_code(notebook)) >= {"trainer", "trainer.model"}
    assert "docs" not in _imported_modules(_notebook_code(notebook))
    assert _notebook_code(b"not json") == b""


def test_a_module_that_holds_a_model_fn_and_uses_another_is_left(tmp_path) -> None:
    index = _index(tmp_path, {"a.py": "def model_fn(f, l, m):\n    pass\n", "b.py": "def model_fn(f, l, m):\n    pass\n",
                              "c.py": ""})
    a, b, c = (str(tmp_path / f"{n}.py") for n in "abc")
    index.model_fn_uses = [ModelFnUse(b, "a.model_fn", 1, None, False), ModelFnUse(c, "b.model_fn", 1, None, False)]
    assert index.decide_model_fns(lambda path, name: []) == {}
    assert "chain" in index.model_fn_reasons[(a, "model_fn")] and "chain" in index.model_fn_reasons[(b, "model_fn")]
