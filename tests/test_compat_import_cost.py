"""The shim imports TensorFlow on a roomy frame stack (tfmigrate/compat/stack_room.py).

What is checked here is behaviour, never speed: speed is measured by
benchmarks/shim_import.py. The in-process tests import the shim's modules with
TFMIGRATE_COMPAT_DISABLE=1, as tests/test_compat_units.py does, so that no TensorFlow
is imported into the test process.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def stack_room():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TFMIGRATE_COMPAT_DISABLE", "1")
        importlib.import_module("tfmigrate.compat")
        return importlib.import_module("tfmigrate.compat.stack_room")


def test_call_with_room_returns_what_fn_returns(stack_room):
    assert stack_room.call_with_room(lambda: ("result", 42)) == ("result", 42)


def test_call_with_room_lets_exceptions_through_unchanged(stack_room):
    error = ImportError("No module named 'tensorflow'")

    def fails():
        raise error

    with pytest.raises(ImportError) as caught:
        stack_room.call_with_room(fails)
    assert caught.value is error


def test_call_with_room_nests_and_recurses(stack_room):
    def depth(n):
        return 0 if n == 0 else 1 + stack_room.call_with_room(lambda: depth(n - 1))

    assert depth(50) == 50  # 50 roomy frames at once: each gets its own chunk, all released


def test_call_with_room_works_in_threads(stack_room):
    results = []
    threads = [threading.Thread(target=lambda i=i: results.append(stack_room.call_with_room(lambda: i)))
               for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == list(range(8))


@pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info < (3, 11),
                    reason="only CPython 3.11+ keeps frames on a chunked stack")
def test_the_frame_reserves_room_on_cpython_311_and_later(stack_room):
    code = stack_room.call_with_room.__code__
    assert code.co_stacksize == stack_room.ROOM_SLOTS
    # More than 128 KiB, less than 256 KiB of 8-byte slots: CPython gives the frame a
    # 256 KiB chunk, whose remaining ~15,700 slots serve everything called under it.
    assert 128 * 1024 < (stack_room.ROOM_SLOTS + 1000) * 8 < 256 * 1024
    assert 128 * 1024 < stack_room.ROOM_SLOTS * 8


def test_the_shim_imports_tensorflow_through_call_with_room(tmp_path):
    """A stand-in `tensorflow` records the frames that import it; the shim then fails to
    install on it (it has no compat.v1), which `import tfmigrate.compat` reports."""
    fake = tmp_path / "tensorflow"
    fake.mkdir()
    (fake / "__init__.py").write_text(
        "import sys\n"
        "frame, CALLERS = sys._getframe(1), []\n"
        "while frame is not None:\n"
        "    CALLERS.append(frame.f_code.co_name)\n"
        "    frame = frame.f_back\n"
    )
    program = (
        "import sys\n"
        "try:\n"
        "    import tfmigrate.compat\n"
        "except AttributeError:\n"
        "    pass\n"
        "print('CALLERS', sys.modules['tensorflow'].CALLERS)\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(REPO)]))
    env.pop("TFMIGRATE_COMPAT_DISABLE", None)
    proc = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr[-3000:]
    callers = proc.stdout.split("CALLERS", 1)[1]
    assert "'_import_tensorflow'" in callers and "'install'" in callers
    if sys.implementation.name == "cpython" and sys.version_info >= (3, 11):
        assert "'call_with_room'" in callers


@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="the runtime shim needs TensorFlow")
def test_the_documented_order_installs_the_shim_and_leaves_tensorflow_untouched():
    """`import tfmigrate.compat` above `import tensorflow`, as the README recommends."""
    program = (
        "import sys, json\n"
        "import tfmigrate.compat\n"
        "imported_by_shim = 'tensorflow' in sys.modules\n"
        "import tensorflow as tf\n"
        "from tensorflow.python.eager import context\n"
        "print('PROGRAM ' + json.dumps({\n"
        "    'imported_by_shim': imported_by_shim,\n"
        "    'installed': tfmigrate.compat.is_installed(),\n"
        "    'Session': tf.Session is tf.compat.v1.Session,\n"
        "    'ConfigProto': tf.ConfigProto is tf.compat.v1.ConfigProto,\n"
        "    'wrapped_init': tf.compat.v1.Session.__init__.__code__.co_filename.endswith('legacy_api.py'),\n"
        "    'hooks_in_meta_path': type(sys.meta_path[0]).__name__,\n"
        "    'devices_listed': context.context()._physical_devices is not None,\n"
        "    'runtime_started': context.context()._context_handle is not None,\n"
        "}))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    env.pop("TFMIGRATE_COMPAT_DISABLE", None)
    proc = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env, timeout=240)
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = next(line for line in proc.stdout.splitlines() if line.startswith("PROGRAM "))
    assert json.loads(line[len("PROGRAM "):]) == {
        "imported_by_shim": True,
        "installed": True,
        "Session": True,
        "ConfigProto": True,
        "wrapped_init": True,
        "hooks_in_meta_path": "PostImportHooks",
        "devices_listed": False,
        "runtime_started": False,
    }
