"""Runs TensorFlow's own upgrade script (tf_upgrade_v2) on texts, in a child process.

The parent (tfmigrate/tf_upgrade.py) starts `python -c <this file's source> [FOLDER]`
and keeps it for the run: it writes one JSON line per text on stdin and reads one JSON
line per result (see main). FOLDER is the `tools/compatibility` folder of a TensorFlow;
without it, that of the TensorFlow this Python would import.

The script's modules need only the standard library and google-pasta, so they are
loaded from that folder under their own names without running `tensorflow/__init__.py`:
no TensorFlow runtime starts, and the child takes a second instead of several. Each
text is upgraded with the script's own upgrader, on its own: a text the script cannot
parse (Python 2, `match`) or crashes on gives that text an error, never the others, and
nothing is ever written to disk here.

This file must stay runnable as a plain script: it imports nothing from tfmigrate.
"""

import contextlib
import importlib.util
import json
import os
import sys
import traceback
import types

PACKAGE = "tensorflow.tools.compatibility"


def _load_script_modules(folder):
    """tensorflow.tools.compatibility.{ast_edits, tf_upgrade_v2, ...} from `folder`, with
    empty parent packages standing in for `tensorflow` and `tensorflow.tools`."""
    parts = PACKAGE.split(".")
    for depth in range(1, len(parts) + 1):
        name = ".".join(parts[:depth])
        if name not in sys.modules:
            stand_in = types.ModuleType(name)
            stand_in.__path__ = [folder] if depth == len(parts) else []
            sys.modules[name] = stand_in
    loaded = {}
    for module in ("renames_v2", "all_renames_v2", "ast_edits", "module_deprecations_v2",
                   "reorders_v2", "tf_upgrade_v2"):
        full = f"{PACKAGE}.{module}"
        spec = importlib.util.spec_from_file_location(full, os.path.join(folder, module + ".py"))
        value = importlib.util.module_from_spec(spec)
        sys.modules[full] = value
        spec.loader.exec_module(value)
        setattr(sys.modules[PACKAGE], module, value)
        loaded[module] = value
    return loaded


def script_folder():
    """tensorflow/tools/compatibility of the TensorFlow this Python would import; found
    without importing it (find_spec of a top-level package runs nothing)."""
    spec = importlib.util.find_spec("tensorflow")
    if spec is None or not spec.submodule_search_locations:
        return None
    for root in spec.submodule_search_locations:
        candidate = os.path.join(root, "tools", "compatibility")
        if os.path.exists(os.path.join(candidate, "tf_upgrade_v2.py")):
            return candidate
    return None


def main(argv):
    """One JSON line out first ({"folder", "runtime_imported"} or {"error"}), then, for
    each JSON line {"name", "text"} read, one JSON line with its result, until stdin ends."""
    out = sys.stdout
    folder = argv[1] if len(argv) > 1 else script_folder()
    if folder is None:
        _send(out, {"error": "no TensorFlow upgrade script (tensorflow/tools/compatibility/tf_upgrade_v2.py) "
                             "for " + sys.executable})
        return
    with contextlib.redirect_stdout(sys.stderr):  # the script prints its log on stdout
        upgrader = _upgrader(folder)
    _send(out, {"folder": folder, "names": _names(upgrader),
                # what the tests check: the script loaded, TensorFlow's runtime did not
                "runtime_imported": "tensorflow.python" in sys.modules})
    for line in sys.stdin:
        item = json.loads(line)
        with contextlib.redirect_stdout(sys.stderr):
            result = _upgrade(upgrader, item["name"], item["text"])
        _send(out, result)


def _send(out, value):
    out.write(json.dumps(value) + "\n")
    out.flush()


# The script's tables of what it edits; its *_warnings tables only add notes.
_EDIT_TABLES = ("symbol_renames", "function_keyword_renames", "function_reorders", "function_transformers",
                "manual_function_reorders", "change_to_function", "module_deprecations", "function_handle")


def _names(upgrader):
    """Every name the script acts on: `tf.`-spelled names (`tf.placeholder`, `tf.contrib`)
    and methods of any object (`*.make_one_shot_iterator`), for the parent's prefilter."""
    spec = upgrader._api_change_spec
    names = set()
    for table in _EDIT_TABLES:
        value = getattr(spec, table, None)
        if isinstance(value, (dict, set, frozenset)):
            names.update(k for k in value if isinstance(k, str) and (k.startswith("tf.") or k.startswith("*.")))
    for table in ("function_warnings", "function_arg_warnings"):  # notes on tf. names still matter
        value = getattr(spec, table, None)
        if isinstance(value, dict):
            names.update(k for k in value if isinstance(k, str) and k.startswith("tf."))
    return sorted(names)


def _upgrader(folder):
    modules = _load_script_modules(folder)
    # tf_upgrade_v2_main's defaults: DEFAULT mode, no import rename, compat.v1 imports upgraded.
    spec = modules["tf_upgrade_v2"].TFAPIChangeSpec(import_rename=False, upgrade_compat_v1_import=True)
    # The one rename that breaks working code on the TensorFlow tfmigrate targets: Keras 3
    # (TF 2.16+) raises ImportError for `tf.keras.optimizers.legacy.*`, so the script's
    # `tf.keras.optimizers.Adam` -> `...legacy.Adam` would break a TF2 program that works.
    for old, new in list(spec.symbol_renames.items()):
        if new.startswith("tf.keras.optimizers.legacy."):
            del spec.symbol_renames[old]
    return modules["ast_edits"].ASTCodeUpgrader(spec)


def _upgrade(upgrader, name, text):
    try:
        processed, new_text, log, errors = upgrader.update_string_pasta(text, name)
        return {"processed": bool(processed), "text": new_text, "log": list(log), "errors": list(errors), "crash": None}
    except Exception:  # the script's own bugs (pasta on new syntax): this text only
        return {"processed": False, "text": "", "log": [], "errors": [], "crash": traceback.format_exc(limit=3)}


if __name__ == "__main__":
    main(sys.argv)
