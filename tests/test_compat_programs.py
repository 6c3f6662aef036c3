"""`import tfmigrate.compat` under real TF1-style programs (issue 3).

Each program in tests/compat_programs/ runs unchanged in a fresh interpreter under
probe.py, which records the warnings and prints tfmigrate.compat.effective() afterwards.

GPU-only behaviour (memory growth, memory limits, GPU visibility, CUDA_VISIBLE_DEVICES)
is checked through a test seam, because this machine has no GPU: fake_gpus.py replaces
the tf.config device functions with fakes that report GPUs and record every call (see
its docstring and docs/shim.md). The cases that use it say `fake_gpus=`.

tests/legacy/test_compat_tf215.py runs the same tests on TF 2.15, plus RunConfig.
"""

from __future__ import annotations

import importlib.util
import math

import pytest

from tests.compat_programs.runner import Case, Runner, line_of, path_of

if importlib.util.find_spec("tensorflow") is None:
    pytest.skip("the runtime shim needs TensorFlow", allow_module_level=True)

FAKE_GPU_ENV = {"CUDA_VISIBLE_DEVICES": "3,5"}  # fake GPUs 0 and 1 are machine GPUs 3 and 5

CASES = {
    "keras_set_session": Case("keras_set_session.py"),
    "graph_session": Case("graph_session.py", env={"TFMIGRATE_COMPAT_VERBOSE": "2"}),
    "too_late": Case("too_late.py"),
    "api_report": Case("api_report.py"),
    "hidden_cpus": Case("hidden_cpus.py"),
    "gpu_visible_growth": Case("gpu_visible_growth.py", fake_gpus=2, env=FAKE_GPU_ENV),
    "gpu_memory_fraction": Case("gpu_memory_fraction.py", fake_gpus=2),
    "gpu_too_late": Case("gpu_too_late.py", fake_gpus=1, env=FAKE_GPU_ENV),
    "disabled": Case("disabled.py", env={"TFMIGRATE_COMPAT_DISABLE": "1"}, preload=False),
    "uninstall": Case("uninstall.py"),
    "import_cost": Case("import_cost.py", probe=False),
}


@pytest.fixture(scope="session")
def programs():
    runner = Runner(CASES)
    yield runner
    runner.close()


def where(program: str, marker: str) -> str:
    return f"{path_of(program)}:{line_of(program, marker)}"


def results_by_setting(effective: dict) -> dict[str, str]:
    return {r["setting"]: r["status"] for r in effective["applied"] + effective["not_applied"]}


# -- TF1 names --------------------------------------------------------------------------


def test_tf1_names_resolve_to_the_compat_v1_objects(programs):
    names = programs.result("keras_set_session").probe["names"]
    for name in ("ConfigProto", "GPUOptions", "Session", "InteractiveSession", "GraphOptions", "OptimizerOptions"):
        assert names[f"tf.{name}"] == "compat.v1", name
    assert names["tf.keras.backend.set_session"] == "compat.v1"
    assert names["keras.backend.set_session"] == "same"


# -- a Keras program configured through a session ---------------------------------------


def test_keras_program_with_set_session_runs_unchanged(programs):
    run = programs.result("keras_set_session")
    assert run.probe["finished"], run.explain()
    assert run.warnings == []
    assert math.isfinite(run.output["loss"])
    assert run.output["same_session"] is True  # K.get_session() returns what set_session got


def test_session_config_applies_to_the_whole_process(programs):
    run = programs.result("keras_set_session")
    effective = run.probe["effective"]
    assert effective["threads"] == {"intra_op": 2, "inter_op": 3}
    assert effective["soft_device_placement"] is True
    assert effective["devices"] == [{"physical": "/physical_device:CPU:0", "type": "CPU", "visible": True,
                                     "logical": ["/device:CPU:0", "/device:CPU:1"]}]
    # Eager code elsewhere in the program really gets the second CPU of device_count.
    assert run.output["device"].endswith("/device:CPU:1")
    applied = {r["setting"]: r for r in effective["applied"]}
    assert applied["device_count"]["origin"] == where("keras_set_session.py", "LINE_OF_SESSION")


def test_gpu_options_are_ignored_without_a_gpu(programs):
    keras_run, graph_run = programs.result("keras_set_session"), programs.result("graph_session")
    assert results_by_setting(keras_run.probe["effective"])["gpu_options.allow_growth"].startswith("ignored: no GPU")
    statuses = results_by_setting(graph_run.probe["effective"])
    assert statuses["gpu_options.allow_growth"].startswith("ignored: no GPU")  # growth + fraction: TFM113 on a GPU
    assert statuses["gpu_options.visible_device_list, device_count"].startswith("ignored: no GPU")
    assert graph_run.warnings == []
    assert "ignored: this process has no GPU" in graph_run.stderr  # debug level, shown with VERBOSE=2


def test_graph_mode_program_runs_unchanged(programs):
    run = programs.result("graph_session")
    assert run.probe["finished"], run.explain()
    assert run.output == {"total": 12.0, "again": 2.0}
    effective = run.probe["effective"]
    assert effective["log_device_placement"] is True
    assert effective["soft_device_placement"] is True
    assert effective["runtime_initialized"] is False  # graph mode never started the eager runtime


def test_device_count_cpu_zero_hides_the_cpus(programs):
    run = programs.result("hidden_cpus")
    assert run.output == {"statuses": {"device_count": "applied"}, "visible": [],
                          "physical": ["/physical_device:CPU:0"]}
    (cpu,) = run.probe["effective"]["devices"]
    assert (cpu["visible"], cpu["logical"]) == (False, [])


# -- too late ---------------------------------------------------------------------------


def test_too_late_keeps_running_and_warns_once_per_setting(programs):
    run = programs.result("too_late")
    assert run.probe["finished"], run.explain()
    origin = where("too_late.py", "LINE_OF_CONFIG")
    threads, cpus = run.warnings  # two sessions with the same config: still two warnings, not four
    assert threads["category"] == cpus["category"] == "LateConfigWarning"
    assert threads["message"] == (
        f"inter_op_parallelism_threads=2 (config from {origin}) was not applied: TensorFlow's runtime is already "
        "initialized, so the value in force stays 0 (0: TensorFlow picks from the machine's cores). Set it before "
        "TensorFlow starts: `tfmigrate rewrite` fixes the source (rule TFM103)."
    )
    assert "device_count={'CPU': 2}" in cpus["message"] and "stays 1 logical CPU" in cpus["message"]
    assert "(rule TFM104)" in cpus["message"] and origin in cpus["message"]
    # Attributed to the user's line, so filters and IDEs point at it.
    assert {(w["filename"], w["lineno"]) for w in run.warnings} == {(path_of("too_late.py"), line_of("too_late.py", "LINE_OF_CONFIG"))}


def test_too_late_still_applies_what_can_change_at_any_time(programs):
    run = programs.result("too_late")
    assert run.output["log_placement"] is True
    effective = run.probe["effective"]
    assert effective["threads"]["inter_op"] == 0
    assert effective["devices"][0]["logical"] == ["/device:CPU:0"]
    statuses = results_by_setting(effective)
    assert statuses == {"log_device_placement": "applied", "inter_op_parallelism_threads": "too late",
                        "device_count": "too late"}


# -- GPU behaviour, through the fake-GPU seam --------------------------------------------


def test_gpu_visible_device_list_and_growth_through_the_seam(programs):
    run = programs.result("gpu_visible_growth")
    assert run.probe["finished"], run.explain()
    assert run.warnings == []
    assert run.probe["gpu_calls"] == [
        ["set_visible_devices", ["/physical_device:GPU:1"], "GPU"],
        ["set_memory_growth", "/physical_device:GPU:0", True],
        ["set_memory_growth", "/physical_device:GPU:1", True],
    ]
    gpus = [d for d in run.probe["effective"]["devices"] if d["type"] == "GPU"]
    # machine GPU 5 -> physical GPU:1 (after CUDA_VISIBLE_DEVICES) -> visible -> logical GPU:0
    assert gpus == [
        {"physical": "/physical_device:GPU:0", "type": "GPU", "visible": False, "logical": [],
         "machine_gpu": "3", "memory_growth": True},
        {"physical": "/physical_device:GPU:1", "type": "GPU", "visible": True, "logical": ["/device:GPU:0"],
         "machine_gpu": "5", "memory_growth": True},
    ]


def test_gpu_memory_fraction_through_the_seam(programs):
    run = programs.result("gpu_memory_fraction")
    calls = run.probe["gpu_calls"]
    # 0.25 of the seam's 16000 MiB per GPU; the second config adds no call.
    assert calls == [["set_logical_device_configuration", f"/physical_device:GPU:{i}", [4000]] for i in (0, 1)]
    gpus = [d for d in run.probe["effective"]["devices"] if d["type"] == "GPU"]
    assert [(d["logical"], d["memory_limit_mib"]) for d in gpus] == [(["/device:GPU:0"], [4000]), (["/device:GPU:1"], [4000])]
    (warning,) = run.warnings  # none for the InteractiveSession's implied allow_growth
    assert warning["category"] == "UntranslatableConfigWarning"
    assert "TFM113" in warning["message"] and where("gpu_memory_fraction.py", "LINE_OF_BOTH") in warning["message"]


def test_gpu_settings_too_late_through_the_seam(programs):
    run = programs.result("gpu_too_late")
    assert run.probe["finished"], run.explain()
    growth, env = run.warnings  # Session and set_session carry the same config: one warning
    assert growth["category"] == "LateConfigWarning"
    assert growth["message"] == (
        f"gpu_options.allow_growth=True (config from {where('gpu_too_late.py', 'LINE_OF_CONFIG')}) was not applied: "
        "TensorFlow's runtime is already initialized, so the value in force stays memory growth off. Set it before "
        "TensorFlow starts: `tfmigrate rewrite` fixes the source (rule TFM105)."
    )
    assert env["category"] == "CudaVisibleDevicesWarning"
    assert env["message"].startswith(
        f"CUDA_VISIBLE_DEVICES='1' (set at {where('gpu_too_late.py', 'LINE_OF_ENV')}) has no effect: TensorFlow "
        "already enumerated the GPUs, and the value in force stays CUDA_VISIBLE_DEVICES='3,5'.")
    assert (env["filename"], env["lineno"]) == (path_of("gpu_too_late.py"), line_of("gpu_too_late.py", "LINE_OF_ENV"))
    assert run.probe["gpu_calls"] == []  # too late: the shim did not even try
    assert run.probe["effective"]["cuda_visible_devices"] == "3,5"


def test_cuda_visible_devices_is_not_warned_about_without_a_gpu(programs):
    run = programs.result("too_late")  # it assigns CUDA_VISIBLE_DEVICES after TensorFlow started
    assert not [w for w in run.warnings if w["category"] == "CudaVisibleDevicesWarning"]


# -- the public API ---------------------------------------------------------------------


def test_apply_reports_what_was_applied_and_what_was_not(programs):
    run = programs.result("api_report")
    report = run.output["report"]
    assert report["origin"] == where("api_report.py", "LINE_OF_APPLY")
    applied = {r["setting"]: r["status"] for r in report["applied"]}
    assert applied == {
        "intra_op_parallelism_threads": "applied",
        "allow_soft_placement": "already in force",
        "graph_options.optimizer_options.global_jit_level": "applied",
        "gpu_options.allocator_type": "dropped: TF2 behaves this way already",
    }
    not_applied = {r["setting"]: (r["status"], r["code"]) for r in report["not_applied"]}
    assert not_applied == {
        "graph_options.rewrite_options.constant_folding": ("untranslatable", "TFM110"),  # AGGRESSIVE
        "operation_timeout_in_ms": ("untranslatable", "TFM112"),
    }
    assert run.output["jit"] == "autoclustering"
    assert run.probe["effective"]["threads"]["intra_op"] == 2


def test_untranslatable_fields_warn_unless_a_session_keeps_them(programs):
    run = programs.result("api_report")
    assert [w["message"].split(" ")[0] for w in run.warnings] == [
        "operation_timeout_in_ms=500", "graph_options.rewrite_options.constant_folding=3"]
    assert all(w["category"] == "UntranslatableConfigWarning" for w in run.warnings)
    # isolate_session_state went to a Session, which still honours it: reported, not warned.
    assert results_by_setting(run.probe["effective"])["isolate_session_state"] == "kept by the session only"


def test_config_fields_read_from_a_live_config_proto(programs):
    fields = programs.result("api_report").output["fields"]
    assert fields == {
        "device_count": "{'GPU': 0}",
        "device_filters": "['/job:a']",
        "gpu_options.experimental.virtual_devices": "[[100.0, 200.0]]",
        "gpu_options.experimental.virtual_devices.priority": "[[0, 1]]",
        "graph_options.optimizer_options.global_jit_level": "1",
        "gpu_options.allow_growth": "True",
    }


def test_disable_environment_variable_makes_the_import_a_no_op(programs):
    output = programs.result("disabled").output
    assert output == {"tf_imported_by_shim": False, "has_ConfigProto": False, "installed": False,
                      "statuses": ["not applied: shim disabled"], "inter_op": 0}


def test_uninstall_restores_every_patched_attribute(programs):
    output = programs.result("uninstall").output
    assert {"tensorflow.ConfigProto", "tensorflow.Session", "Session.__init__", "InteractiveSession.__init__",
            "keras.backend.set_session", "os.environ type.__setitem__"} <= set(output["changed"])
    assert output["restored"] == {
        "differences": [],
        "shim_objects_left": [],
        "meta_path": True,
        "legacy_keras_module": False,
        "has_Session": False,
        "inter_op_after_uninstalled_session": 0,  # a Session no longer configures the process
    }
    assert output["reinstalled"] is True
    assert output["after_reinstall"] == []
    assert output["env_unchanged"] is True


def test_importing_the_shim_lists_no_devices_and_starts_no_runtime(programs):
    # The import-cost figure itself is measured by benchmarks/shim_import.py, never asserted here.
    run = programs.result("import_cost")
    assert run.returncode == 0, run.explain()
    cost = run.output
    assert cost["installed"] is True
    assert cost["devices_listed"] is False and cost["runtime_started"] is False
