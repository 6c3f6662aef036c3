"""The translation table, walked: every TF1 field has a codemod rendering and a shim
application, and the two make exactly the same TensorFlow calls.

A recording stand-in for `tf` receives both the rendered source (exec'd) and the
action's apply(); their call logs must match. With four fake GPUs this also pins the
GPU semantics without a GPU."""

from __future__ import annotations

from collections import namedtuple
from types import SimpleNamespace

import pytest

from tfmigrate import settings
from tfmigrate.settings import Names, Value, plan

Device = namedtuple("Device", "name device_type")
LogicalDeviceConfiguration = namedtuple("LogicalDeviceConfiguration", "memory_limit", defaults=(None,))


def fake_tf(log: list, gpus: int = 4):
    devices = [Device("/physical_device:CPU:0", "CPU")] + [
        Device(f"/physical_device:GPU:{i}", "GPU") for i in range(gpus)]

    def rec(name):
        return lambda *args: log.append((name, args))

    return SimpleNamespace(
        config=SimpleNamespace(
            list_physical_devices=lambda kind=None: [d for d in devices if kind in (None, d.device_type)],
            get_visible_devices=lambda kind=None: [d for d in devices if kind in (None, d.device_type)],
            set_visible_devices=rec("set_visible_devices"),
            set_logical_device_configuration=rec("set_logical_device_configuration"),
            set_soft_device_placement=rec("set_soft_device_placement"),
            LogicalDeviceConfiguration=LogicalDeviceConfiguration,
            threading=SimpleNamespace(
                set_intra_op_parallelism_threads=rec("set_intra_op_parallelism_threads"),
                set_inter_op_parallelism_threads=rec("set_inter_op_parallelism_threads"),
            ),
            experimental=SimpleNamespace(set_memory_growth=rec("set_memory_growth")),
            optimizer=SimpleNamespace(set_jit=rec("set_jit"), set_experimental_options=rec("set_experimental_options")),
        ),
        debugging=SimpleNamespace(set_log_device_placement=rec("set_log_device_placement")),
    )


def total_memory_mib(gpu) -> int:
    return 8000


SAMPLES = {
    "allow_soft_placement": [True, False],
    "log_device_placement": [True],
    "intra_op_parallelism_threads": [4],
    "inter_op_parallelism_threads": [2],
    "device_count": [{"GPU": 0}, {"GPU": 2}, {"CPU": 3}, {"CPU": 0}],
    "gpu_options.allow_growth": [True],
    "gpu_options.per_process_gpu_memory_fraction": [0.5],
    "gpu_options.visible_device_list": ["1,3", "0"],
    "gpu_options.experimental.virtual_devices": [[[1024, 2048]]],
    "graph_options.optimizer_options.global_jit_level": ["ON_1", "OFF"],
    "graph_options.rewrite_options.layout_optimizer": ["OFF", 1],
    "graph_options.rewrite_options.disable_model_pruning": [True],
}


def _cases():
    for path, values in SAMPLES.items():
        for v in values:
            yield pytest.param({path: Value(v, repr(v))}, id=f"{path}={v!r}")
    yield pytest.param({"gpu_options.visible_device_list": Value("0,1,2"), "device_count": Value({"GPU": 2})},
                       id="visible_list_trimmed_by_device_count")


@pytest.mark.parametrize("fields", list(_cases()))
def test_rendered_source_and_apply_make_the_same_calls(fields, monkeypatch):
    import tfmigrate.runtime

    monkeypatch.setattr(tfmigrate.runtime, "total_memory_mib", total_memory_mib)
    result = plan(fields)
    assert result.ok and result.actions, result.problems
    from_source: list = []
    source = "\n".join(line for a in result.actions for line in a.render(Names()))
    exec(compile(source, "<rendered>", "exec"), {"tf": fake_tf(from_source), "total_memory_mib": total_memory_mib})
    from_apply: list = []
    for action in result.actions:
        action.apply(fake_tf(from_apply))
    assert from_source == from_apply and from_source


def test_every_translatable_field_has_a_sample():
    translatable = {p for p, f in settings.FIELDS.items() if f.translatable and f.code != "TFM111"}
    sampled = set(SAMPLES) | {p.rsplit(".", 1)[0] for p in SAMPLES}  # rewrite_options.<field>: one entry
    assert translatable <= sampled


@pytest.mark.parametrize("path", sorted(p for p, f in settings.FIELDS.items() if not f.translatable))
def test_untranslatable_fields_are_problems_with_their_code(path):
    result = plan({path: Value(1)})
    assert [p.code for p in result.problems] == [settings.FIELDS[path].code]


def test_semantics_pinned_by_the_spec():
    calls: list = []
    for action in plan({"gpu_options.visible_device_list": Value("0,2,3"), "device_count": Value({"GPU": 2})}).actions:
        action.apply(fake_tf(calls))
    assert calls == [("set_visible_devices", ([Device("/physical_device:GPU:0", "GPU"),
                                               Device("/physical_device:GPU:2", "GPU")], "GPU"))]
    assert plan({"gpu_options.per_process_gpu_memory_fraction": Value(0)}).actions == []  # 0: no limit
    assert not plan({"gpu_options.per_process_gpu_memory_fraction": Value(1.5)}).ok  # unified memory
    assert [p.code for p in plan({"gpu_options.allow_growth": Value(True),
                                  "gpu_options.per_process_gpu_memory_fraction": Value(0.3)}).problems] == ["TFM113"]
    assert not plan({"gpu_options.visible_device_list": Value("1,0")}).ok  # renumbering
    assert not plan({"gpu_options.visible_device_list": Value("0,x")}).ok  # malformed
    assert not plan({"inter_op_parallelism_threads": Value(-1)}).ok  # caller's thread in TF1
    assert plan({"intra_op_parallelism_threads": Value(0)}).actions == []  # 0: TF chooses
    assert [n.code for n in plan({"gpu_options.allocator_type": Value("BFC")}).notes] == ["TFM111"]
    stages = [a.stage for a in plan({"allow_soft_placement": Value(True), "gpu_options.allow_growth": Value(True),
                                     "intra_op_parallelism_threads": Value(2),
                                     "device_count": Value({"GPU": 1})}).actions]
    assert stages == sorted(stages) and stages[0] == settings.Stage.THREADS


def test_no_gpu_machine_ignores_gpu_options():
    calls: list = []
    for action in plan({"gpu_options.allow_growth": Value(True), "gpu_options.visible_device_list": Value("1")}).actions:
        action.apply(fake_tf(calls, gpus=0))
    assert calls == []


def test_rewrite_options_report_their_own_code():
    for field, value in (("constant_folding", Value(3)), ("constant_folding", Value("AGGRESSIVE")),
                         ("memory_optimization", Value("NO_MEM_OPT")), ("layout_optimizer", Value(source="FLAGS.x")),
                         ("disable_meta_optimizer", Value(source="flag"))):
        assert [p.code for p in plan({f"graph_options.rewrite_options.{field}": value}).problems] == ["TFM110"]


def test_rewrite_options_become_one_set_experimental_options_call():
    calls: list = []
    result = plan({"graph_options.rewrite_options.layout_optimizer": Value("OFF"),
                   "graph_options.rewrite_options.constant_folding": Value(1),  # ON, as a live proto holds it
                   "graph_options.rewrite_options.remapping": Value("DEFAULT"),  # asks for nothing
                   "graph_options.rewrite_options.disable_meta_optimizer": Value(True),
                   "graph_options.rewrite_options.min_graph_nodes": Value(-1)})
    assert result.ok
    assert [line for a in result.actions for line in a.render(Names())] == [
        'tf.config.optimizer.set_experimental_options({"constant_folding": True, "disable_meta_optimizer": True, '
        '"layout_optimizer": False, "min_graph_nodes": -1})']
    for action in result.actions:
        action.apply(fake_tf(calls))
    assert calls == [("set_experimental_options", ({"constant_folding": True, "disable_meta_optimizer": True,
                                                    "layout_optimizer": False, "min_graph_nodes": -1},))]
    assert plan({"graph_options.rewrite_options.remapping": Value("DEFAULT")}).actions == []
