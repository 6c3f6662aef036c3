"""TFM3xx: device APIs. Rewrites, no-ops, diagnostics, and runs on TF 2.21 (CPU) showing
that the rewritten expressions return what the originals return."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from tfmigrate.codemods.device_apis import RULE, _edit_distance, _meant_variable
from tfmigrate.prefilter import compile_triggers, might_match
from tests.support import check_noop, check_transformed, diagnostics, rewrite

TFM3 = ["TFM3"]


def transformed(before: str, after: str) -> None:
    check_transformed(before, after, TFM3)


def noop(src: str) -> list:
    return check_noop(src, TFM3)


def codes(src: str) -> list[tuple[str, int]]:
    return diagnostics(src, TFM3)


# -- tf.test.is_gpu_available (TFM300 / TFM301) ---------------------------------------------


def test_is_gpu_available_becomes_physical_device_check() -> None:
    transformed(
        """\
        import tensorflow as tf
        use_gpu = tf.test.is_gpu_available()
        """,
        """\
        import tensorflow as tf
        use_gpu = bool(tf.config.list_physical_devices("GPU"))
        """,
    )


def test_is_gpu_available_in_a_condition_needs_no_bool() -> None:
    transformed(
        """\
        import tensorflow as tf
        if not tf.test.is_gpu_available():
            print("cpu only")
        """,
        """\
        import tensorflow as tf
        if not tf.config.list_physical_devices("GPU"):
            print("cpu only")
        """,
    )


def test_is_gpu_available_literal_cuda_only_is_ignored_like_tf_does() -> None:
    transformed(
        """\
        import tensorflow.compat.v1 as tf1
        a = tf1.test.is_gpu_available(cuda_only=True)
        b = tf1.test.is_gpu_available(False, None)
        """,
        """\
        import tensorflow.compat.v1 as tf1
        a = bool(tf1.config.list_physical_devices("GPU"))
        b = bool(tf1.config.list_physical_devices("GPU"))
        """,
    )


def test_is_gpu_available_imported_by_name_gets_a_tensorflow_import() -> None:
    transformed(
        """\
        from tensorflow.test import is_gpu_available
        print(is_gpu_available())
        """,
        """\
        import tensorflow as tf

        print(bool(tf.config.list_physical_devices("GPU")))
        """,
    )


def test_is_gpu_available_reuses_the_module_alias_when_called_by_name() -> None:
    transformed(
        """\
        import tensorflow as tfx
        from tensorflow.test import is_gpu_available as gpu_ok
        x = gpu_ok()
        """,
        """\
        import tensorflow as tfx
        x = bool(tfx.config.list_physical_devices("GPU"))
        """,
    )


def test_is_gpu_available_with_compute_capability_is_reported() -> None:
    src = """\
    import tensorflow as tf
    ok = tf.test.is_gpu_available(True, (7, 0))
    ok2 = tf.test.is_gpu_available(min_cuda_compute_capability=(3, 5))
    ok3 = tf.test.is_gpu_available(cuda_only=args.cuda)
    """
    noop(src)
    assert codes(src) == [("TFM301", 2), ("TFM301", 3), ("TFM301", 4)]


# -- tf.test.gpu_device_name (TFM302) -------------------------------------------------------


def test_gpu_device_name_becomes_conditional_name() -> None:
    transformed(
        """\
        import tensorflow as tf
        with tf.device(tf.test.gpu_device_name()):
            pass
        name = tf.test.gpu_device_name() or "/cpu:0"
        """,
        """\
        import tensorflow as tf
        with tf.device("/device:GPU:0" if tf.config.list_physical_devices("GPU") else ""):
            pass
        name = ("/device:GPU:0" if tf.config.list_physical_devices("GPU") else "") or "/cpu:0"
        """,
    )


# -- device_lib.list_local_devices (TFM303 / TFM304) -----------------------------------------


def test_counting_local_devices_becomes_physical_count() -> None:
    transformed(
        """\
        import tensorflow as tf
        from tensorflow.python.client import device_lib
        n_gpus = len([x for x in device_lib.list_local_devices() if x.device_type == 'GPU'])
        n_cpus = sum(1 for x in device_lib.list_local_devices() if 'CPU' == x.device_type)
        has_gpu = any(x.device_type == "GPU" for x in device_lib.list_local_devices())
        """,
        """\
        import tensorflow as tf
        n_gpus = len(tf.config.list_physical_devices("GPU"))
        n_cpus = len(tf.config.list_physical_devices("CPU"))
        has_gpu = bool(tf.config.list_physical_devices("GPU"))
        """,
    )


def test_device_lib_import_stays_while_still_used() -> None:
    transformed(
        """\
        import tensorflow as tf
        from tensorflow.python.client import device_lib
        n = len([d.name for d in device_lib.list_local_devices() if d.device_type == "GPU"])
        names = [d.name for d in device_lib.list_local_devices() if d.device_type == "GPU"]
        """,
        """\
        import tensorflow as tf
        from tensorflow.python.client import device_lib
        n = len(tf.config.list_physical_devices("GPU"))
        names = [d.name for d in device_lib.list_local_devices() if d.device_type == "GPU"]
        """,
    )


def test_names_of_local_devices_are_reported_not_rewritten() -> None:
    src = """\
    from tensorflow.python.client import device_lib
    gpus = [x.name for x in device_lib.list_local_devices() if x.device_type == "GPU"]
    print(device_lib.list_local_devices())
    n = len(device_lib.list_local_devices())
    k = len([x for x in device_lib.list_local_devices() if x.device_type == "TPU"])
    m = len([x for x in device_lib.list_local_devices(cfg) if x.device_type == "GPU"])
    """
    noop(src)
    assert codes(src) == [("TFM304", 2), ("TFM304", 3), ("TFM304", 4), ("TFM304", 5), ("TFM304", 6)]


# -- tf.config.experimental names (TFM305) --------------------------------------------------


def test_experimental_names_become_stable_names() -> None:
    transformed(
        """\
        import tensorflow as tf
        gpus = tf.config.experimental.list_physical_devices('GPU')
        tf.config.experimental.set_visible_devices(gpus[:1], 'GPU')
        tf.config.experimental.set_virtual_device_configuration(
            gpus[0], [tf.config.experimental.VirtualDeviceConfiguration(memory_limit=1024)])
        print(tf.config.experimental.get_virtual_device_configuration(gpus[0]))
        print(tf.config.experimental.list_logical_devices('GPU'), tf.config.experimental.get_visible_devices())
        """,
        """\
        import tensorflow as tf
        gpus = tf.config.list_physical_devices('GPU')
        tf.config.set_visible_devices(gpus[:1], 'GPU')
        tf.config.set_logical_device_configuration(
            gpus[0], [tf.config.LogicalDeviceConfiguration(memory_limit=1024)])
        print(tf.config.get_logical_device_configuration(gpus[0]))
        print(tf.config.list_logical_devices('GPU'), tf.config.get_visible_devices())
        """,
    )


def test_experimental_names_through_compat_v1_and_references() -> None:
    transformed(
        """\
        import tensorflow as tensorflow_
        import tensorflow.compat.v1 as tf
        lister = tensorflow_.compat.v1.config.experimental.list_physical_devices
        tf.config.experimental.set_visible_devices([], "GPU")
        """,
        """\
        import tensorflow as tensorflow_
        import tensorflow.compat.v1 as tf
        lister = tensorflow_.compat.v1.config.list_physical_devices
        tf.config.set_visible_devices([], "GPU")
        """,
    )


def test_experimental_names_without_a_stable_twin_stay() -> None:
    assert noop("""\
    import tensorflow as tf
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
        print(tf.config.experimental.get_device_details(gpu))
    tf.config.experimental.enable_op_determinism()
    """) == []


def test_monkeypatching_an_experimental_name_is_left_alone() -> None:
    src = """\
    import tensorflow as tf
    tf.config.experimental.list_physical_devices = fake
    del tf.config.experimental.set_visible_devices
    """
    assert noop(src) == []


def test_experimental_name_imported_by_name_is_reported() -> None:
    src = """\
    from tensorflow.config.experimental import VirtualDeviceConfiguration as VDC
    cfg = VDC(memory_limit=64)
    """
    noop(src)
    assert codes(src) == [("TFM305", 2)]


# -- no-ops: lookalikes, shadowing, unresolvable names, stable calls -----------------------


@pytest.mark.parametrize("src", [
    # lookalikes from other libraries
    "import mylib\nmylib.test.is_gpu_available()\nmylib.test.gpu_device_name()\n",
    "import torch\nprint(torch.cuda.is_available())\n",
    "import mylib.config as config\nconfig.experimental.list_physical_devices('GPU')\n",
    "from mylib import device_lib\nn = len([d for d in device_lib.list_local_devices() if d.device_type == 'GPU'])\n",
    # unresolvable: no import at all, or a parameter
    "tf.test.is_gpu_available()\ntf.config.experimental.list_physical_devices('GPU')\n",
    "def check(tf):\n    return tf.test.is_gpu_available()\n",
    "import tensorflow as tf\ndef check(tf):\n    return tf.config.experimental.set_visible_devices([], 'GPU')\n",
    # shadowed names
    "import tensorflow as tf\ntf = FakeTF()\ntf.test.is_gpu_available()\n",
    "from tensorflow.test import is_gpu_available\ndef is_gpu_available():\n    return True\nis_gpu_available()\n",
    # attributes on other objects
    "import tensorflow as tf\nself.test.is_gpu_available()\nargs.config.experimental.list_physical_devices\n",
    "import tensorflow as tf\nd = tf.config.list_physical_devices('GPU')[0]\nprint(d.device_type == 'GPU')\n",
    # already stable
    "import tensorflow as tf\ngpus = tf.config.list_physical_devices('GPU')\n"
    "tf.config.set_logical_device_configuration(gpus[0], [tf.config.LogicalDeviceConfiguration(memory_limit=64)])\n",
    # strings that only mention the APIs
    "import tensorflow as tf\nprint('tf.test.is_gpu_available() is deprecated')\n# tf.config.experimental.list_physical_devices\n",
])
def test_no_change_and_no_report(src: str) -> None:
    assert noop(src) == []


def test_count_with_a_shadowed_len_is_only_reported() -> None:
    src = """\
    from tensorflow.python.client import device_lib
    len = print
    len([d for d in device_lib.list_local_devices() if d.device_type == 'GPU'])
    """
    noop(src)
    assert codes(src) == [("TFM304", 3)]


def test_both_tf_and_tensorflow_taken_is_reported() -> None:
    src = """\
    from tensorflow.test import is_gpu_available
    tf, tensorflow = 1, 2
    is_gpu_available()
    """
    noop(src)
    assert codes(src) == [("TFM301", 3)]


# -- environment variables (TFM306) ---------------------------------------------------------


def test_near_misses_of_cuda_variables_are_reported() -> None:
    src = """\
    import os
    from os import environ, getenv
    os.environ["CUDA_VISIBLE_DIVICES"] = "0"
    os.environ.setdefault('CUDA_VISIBLE_DEVICE', "1")
    os.putenv("CUDA_DEVICE_ODER", "PCI_BUS_ID")
    print(getenv("cuda_visible_devices"), environ.get("CUDA_VISBLE_DEVICES"))
    if "CUDA_VISIBLE_DEVICES " in os.environ:
        pass
    os.environ.update({"CUDA_DEVCE_ORDER": "PCI_BUS_ID"})
    """
    noop(src)
    assert codes(src) == [("TFM306", 3), ("TFM306", 4), ("TFM306", 5), ("TFM306", 6), ("TFM306", 6),
                          ("TFM306", 7), ("TFM306", 9)]


@pytest.mark.parametrize("src", [
    'import os\nos.environ["CUDA_VISIBLE_DEVICES"] = "0"\nos.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"\n',
    'import os\nos.environ["HIP_VISIBLE_DEVICES"] = "0"\nos.environ["NVIDIA_VISIBLE_DEVICES"] = "all"\n',
    'import os\nos.environ["CUDA_LAUNCH_BLOCKING"] = "1"\nos.environ["TF_FORCE_GPU_ALLOW_GROWTH"] = "true"\n',
    # not the os module, or a dict that is not the environment
    'import mylib\nmylib.environ["CUDA_VISIBLE_DIVICES"] = "0"\nsettings = {"CUDA_VISIBLE_DIVICES": "0"}\n',
    # escapes and non-literals are not read
    'import os\nos.environ["CUDA_VISIBLE_\\x44IVICES"] = "0"\nos.environ[KEY] = "0"\n',
])
def test_env_no_report(src: str) -> None:
    assert noop(src) == []


def test_typo_distance_and_trigger_pieces() -> None:
    assert _meant_variable("CUDA_VISIBLE_DIVICES") == "CUDA_VISIBLE_DEVICES"
    assert _meant_variable("CUDA_DEVICE_ORDRE") == "CUDA_DEVICE_ORDER"  # a swap is two edits
    assert _meant_variable("CUDA_VISIBLE_DEVICES") is None
    assert _meant_variable("ROCR_VISIBLE_DEVICES") is None
    assert _edit_distance("kitten", "sitting", 5) == 3
    # Every string within 2 edits of a CUDA name keeps one of the trigger words, so the
    # prefilter never hides a near miss: try every deletion, substitution and insertion.
    for name in ("CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER"):
        for once in _single_edits(name):
            for twice in _single_edits(once):
                assert _meant_variable(twice) == name or twice == name
                literal = f"os.environ[{twice!r}] = '0'"
                assert might_match(literal.encode(), TRIGGERS), literal


def _single_edits(text: str) -> set[str]:
    out = set()
    for k in range(len(text) + 1):
        for char in "x -":  # near misses are looked for among these (see _near_miss_pattern)
            out.add(text[:k] + char + text[k:])
            if k < len(text):
                out.add(text[:k] + char + text[k + 1:])
        if k < len(text):
            out.add(text[:k] + text[k + 1:])
    return out


TRIGGERS = compile_triggers(RULE.triggers, RULE.trigger_patterns)


@pytest.mark.parametrize("src", [
    "MAX_ORDER = 3  # the DEVICE ORDER\n",  # words in ordinary code, not a CUDA name in a string
    "from tensorflow.config import experimental\n",  # no API name that a rule rewrites
    "DEVICE_MAP = {}\nprint('no device here')\n",
    "table = ('\\x11'     #  0x11 -> DEVICE CONTROL ONE\n)\n",  # a codec table in the stdlib
])
def test_ordinary_files_are_not_parsed(src: str) -> None:
    assert not might_match(src.encode(), TRIGGERS)


@pytest.mark.parametrize("src", [
    "import os\nos.environ['CUDA_VISIBLE_DIVICES'] = '1'\n",
    'import os\nos.environ.get("CUDA_DEVICE_ODRER")\n',
    "from tensorflow.config import experimental as exp\nexp.list_physical_devices('GPU')\n",
])
def test_files_with_a_site_are_parsed(src: str) -> None:
    assert might_match(src.encode(), TRIGGERS)


# -- hard-coded GPU indices (TFM307) --------------------------------------------------------


def test_gpu_index_is_fragile_when_visibility_is_restricted() -> None:
    src = """\
    import os
    import tensorflow as tf
    os.environ["CUDA_VISIBLE_DEVICES"] = "2,3"
    with tf.device('/gpu:2'):
        pass
    with tf.device("/job:localhost/replica:0/task:0/device:GPU:1"):
        pass
    with tf.device('/gpu:0'), tf.device("/cpu:1"):
        pass
    """
    noop(src)
    assert codes(src) == [("TFM307", 4), ("TFM307", 6)]


def test_gpu_index_with_set_visible_devices_or_visible_device_list() -> None:
    assert codes("""\
    import tensorflow as tf
    gpus = tf.config.list_physical_devices("GPU")
    tf.config.set_visible_devices(gpus[1:], "GPU")
    with tf.compat.v1.device("/device:GPU:1"):
        pass
    """) == [("TFM307", 4)]
    assert codes("""\
    import tensorflow as tf
    opts.visible_device_list = "1"
    with tf.device(device_name="/GPU:3"):
        pass
    """) == [("TFM307", 3)]


@pytest.mark.parametrize("src", [
    # nothing restricts visibility
    "import tensorflow as tf\nwith tf.device('/gpu:2'):\n    pass\n",
    # only reads it
    "import os\nimport tensorflow as tf\nprint(os.environ['CUDA_VISIBLE_DEVICES'])\nwith tf.device('/gpu:1'):\n    pass\n",
    # not tensorflow's device()
    "import os\nimport torch\nos.environ['CUDA_VISIBLE_DEVICES'] = '1'\nx = torch.device('cuda:1')\n",
    # device chosen at run time
    "import os\nimport tensorflow as tf\nos.environ['CUDA_VISIBLE_DEVICES'] = '1'\nwith tf.device(name):\n    pass\n",
])
def test_gpu_index_no_report(src: str) -> None:
    assert noop(src) == []


# -- triggers ------------------------------------------------------------------------------


def test_files_without_trigger_words_have_nothing() -> None:
    src = "import tensorflow as tf\nx = tf.constant(1)\nwith tf.device('/gpu:1'):\n    y = x + 1\n"
    assert not might_match(src.encode(), TRIGGERS)
    assert noop(src) == []


def test_every_code_is_documented() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "rules" / "device_apis.md").read_text(encoding="utf-8")
    for code in RULE.codes:
        assert f"## {code}" in doc


# -- runs on TF 2.21 (CPU) ----------------------------------------------------------------

# Every line prints one value; the original and the rewritten program must print the same.
PROGRAM = """\
import json
import tensorflow as tf
from tensorflow.python.client import device_lib
{setup}
out = []
out.append(tf.test.is_gpu_available())
out.append(tf.test.is_gpu_available(cuda_only=True))
out.append(tf.test.gpu_device_name())
out.append(len([d for d in device_lib.list_local_devices() if d.device_type == "CPU"]))
out.append(len([d.name for d in device_lib.list_local_devices() if d.device_type == "GPU"]))
out.append(sum(1 for d in device_lib.list_local_devices() if d.device_type == "CPU"))
out.append(any(d.device_type == "CPU" for d in device_lib.list_local_devices()))
out.append(any(d.device_type == "GPU" for d in device_lib.list_local_devices()))
out.append([d.name for d in tf.config.experimental.list_physical_devices("CPU")])
out.append([d.name for d in tf.config.experimental.get_visible_devices("CPU")])
out.append(len(tf.config.experimental.get_virtual_device_configuration(
    tf.config.experimental.list_physical_devices("CPU")[0]) or []))
out.append([d.name for d in tf.config.experimental.list_logical_devices("CPU")])
print("RESULT " + json.dumps(out))
"""

TWO_LOGICAL_CPUS = """\
cpu = tf.config.experimental.list_physical_devices("CPU")[0]
tf.config.experimental.set_visible_devices([cpu], "CPU")
tf.config.experimental.set_virtual_device_configuration(
    cpu, [tf.config.experimental.VirtualDeviceConfiguration(), tf.config.experimental.VirtualDeviceConfiguration()])
"""

GRAPH_MODE = "tf.compat.v1.disable_eager_execution()"


def _run(src: str) -> list:
    proc = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True, timeout=240,
                          env={"TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": "", "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")][-1]
    return json.loads(line[len("RESULT "):])


def _run_many(sources: list[str]) -> list[list]:
    """Run the programs two at a time (TensorFlow start-up dominates)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(_run, sources))


@pytest.mark.parametrize("setup", ["", TWO_LOGICAL_CPUS, GRAPH_MODE], ids=["default", "two-logical-cpus", "graph-mode"])
def test_rewritten_program_prints_the_same_on_tf221(setup: str) -> None:
    before = PROGRAM.format(setup=setup)
    after, diags = rewrite(before, TFM3)
    assert diags == []
    for gone in ("is_gpu_available", "gpu_device_name", "list_local_devices", "experimental"):
        assert gone not in after, gone
    original, rewritten = _run_many([before, after])
    assert rewritten == original
    assert original[:3] == [False, False, ""]  # CPU-only machine: the GPU answers are the empty ones
    if setup == TWO_LOGICAL_CPUS:
        # device_lib ignores the process's logical configuration, like list_physical_devices.
        assert original[3] == 1 and original[-1] == ["/device:CPU:0", "/device:CPU:1"]


FACTS = """\
import json
import tensorflow as tf
from tensorflow.python.client import device_lib
out = {}
exp, v1 = tf.config.experimental, tf.compat.v1.config
out["same_objects"] = all(getattr(exp, old) is getattr(tf.config, new) is getattr(v1, new)
                          for old, new in %r.items())
first_cpu = [x.name for x in device_lib.list_local_devices() if x.device_type == "CPU"][0]
out["first_cpu"] = first_cpu
out["rewrite_cpu"] = "/device:CPU:0" if tf.config.list_physical_devices("CPU") else ""
tf.test.is_gpu_available()
tf.config.list_physical_devices("GPU")
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
out["configurable_after_checks"] = True
out["local_names"] = [x.name for x in device_lib.list_local_devices() if x.device_type == "CPU"]
out["logical_names"] = [x.name for x in tf.config.list_logical_devices("CPU")]
try:
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()])
    out["configurable_after_logical"] = True
except RuntimeError:
    out["configurable_after_logical"] = False
print("RESULT " + json.dumps(out))
"""


def test_tf221_facts_behind_the_rewrites() -> None:
    from tfmigrate.codemods.device_apis import RENAMES

    facts = _run(FACTS % (RENAMES,))
    # tf.config.experimental names are the stable objects, in tf and tf.compat.v1.
    assert facts["same_objects"] is True
    # gpu_device_name's rewrite names the first device the way device_lib does (CPU analogue).
    assert facts["first_cpu"] == facts["rewrite_cpu"] == "/device:CPU:0"
    # Neither is_gpu_available nor list_physical_devices starts the runtime ...
    assert facts["configurable_after_checks"] is True
    # ... and device_lib ignores logical devices while list_logical_devices shows them and
    # starts the runtime: why a list of device_lib names is reported, not rewritten.
    assert facts["local_names"] == ["/device:CPU:0"]
    assert facts["logical_names"] == ["/device:CPU:0", "/device:CPU:1"]
    assert facts["configurable_after_logical"] is False


def test_an_import_path_does_not_take_the_tensorflow_name():
    # `from tensorflow.python.client import device_lib` binds device_lib, not tensorflow
    # (`tf` is taken: another function binds it).
    new, diags = rewrite(textwrap.dedent("""\
        def run_program():
            import tensorflow as tf
            return tf.constant(1)


        def get_num_gpus():
            from tensorflow.python.client import device_lib
            return sum(1 for d in device_lib.list_local_devices() if d.device_type == 'GPU')
        """))
    assert diags == []
    assert "    return len(tensorflow.config.list_physical_devices(\"GPU\"))\n" in new


def test_an_added_import_goes_below_the_environment_tensorflow_reads_at_import():
    # Only the module's prologue counts: nothing in it can use `tf` before the import.
    check_transformed(
        """\
        import os
        os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"


        def count_gpus():
            from tensorflow.python.client import device_lib
            return len([d for d in device_lib.list_local_devices() if d.device_type == "GPU"])
        """,
        """\
        import os
        os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
        import tensorflow as tf


        def count_gpus():
            return len(tf.config.list_physical_devices("GPU"))
        """,
    )
    # After the prologue, a later line may already need `tf`: the import goes on top.
    new, _ = rewrite(textwrap.dedent("""\
        import logging
        def count():
            from tensorflow.python.client import device_lib
            return len([d for d in device_lib.list_local_devices() if d.device_type == "GPU"])
        N = count()
        logging.info("checked the environment")
        """))
    assert new.startswith("import logging\nimport tensorflow as tf\n")


def test_a_count_over_a_list_held_in_a_name_read_once():
    # The tensorflow/models get_num_gpus idiom: the list is bound, then counted once.
    check_transformed(
        """\
        from tensorflow.python.client import device_lib


        def get_num_gpus():
            local_device_protos = device_lib.list_local_devices()
            return sum([1 for d in local_device_protos if d.device_type == "GPU"])
        """,
        """\
        import tensorflow as tf


        def get_num_gpus():
            return len(tf.config.list_physical_devices("GPU"))
        """,
    )


def test_a_list_held_in_a_name_read_twice_is_left():
    src = """\
        from tensorflow.python.client import device_lib

        protos = device_lib.list_local_devices()
        n_gpus = sum([1 for d in protos if d.device_type == "GPU"])
        names = [d.name for d in protos]
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM304", 3)]


def test_keras_2_private_gpu_list_counted_or_reported():
    # Gone in Keras 3 (AttributeError on TF 2.21); its length is the GPU count.
    check_transformed(
        """\
        import tensorflow as tf
        from keras import backend as K

        num_gpus = len(K.tensorflow_backend._get_available_gpus())
        """,
        """\
        import tensorflow as tf
        from keras import backend as K

        num_gpus = len(tf.config.list_physical_devices("GPU"))
        """,
    )
    src = """\
        import keras.backend.tensorflow_backend as tfback

        names = tfback._get_available_gpus()
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM304", 3)]


def test_the_platform_test_module_is_tf_test():
    # tensorflow.python.platform.test re-exports tf.test's functions (the same objects).
    check_transformed(
        """\
        from tensorflow.python.platform import test

        if test.is_gpu_available(cuda_only=True):
            print("NCHW supported")
        """,
        """\
        import tensorflow as tf

        if tf.config.list_physical_devices("GPU"):
            print("NCHW supported")
        """,
    )
