"""The shim's TensorFlow-free parts, tested in this process.

`import tfmigrate.compat` installs the shim (and imports TensorFlow), which must not
happen inside the test process: the modules are imported here with
TFMIGRATE_COMPAT_DISABLE=1, which is the documented way to make that import a no-op.
"""

from __future__ import annotations

import importlib
import sys
import warnings

import pytest


@pytest.fixture(scope="module")
def compat():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TFMIGRATE_COMPAT_DISABLE", "1")
        package = importlib.import_module("tfmigrate.compat")
        for name in ("import_hooks", "patches", "origin", "messages"):
            importlib.import_module(f"tfmigrate.compat.{name}")
    assert not package.is_installed()
    return package


# -- PatchLog ---------------------------------------------------------------------------


class Base:
    inherited = "base"


class Child(Base):
    own = "child"


def test_patch_log_restores_values_and_absences(compat):
    log = compat.patches.PatchLog()
    namespace = {"kept": 1}
    log.set_attr(Child, "own", "patched")
    log.set_attr(Child, "inherited", "patched")  # shadows Base's attribute
    log.set_attr(Child, "new", "patched")
    log.set_item(namespace, "kept", 2)
    log.set_item(namespace, "added", 3)
    assert (Child.own, Child.inherited, Child.new, namespace) == ("patched", "patched", "patched", {"kept": 2, "added": 3})
    log.undo_all()
    assert Child.own == "child"
    assert "inherited" not in vars(Child) and Child.inherited == "base"
    assert not hasattr(Child, "new")
    assert namespace == {"kept": 1}
    assert log.changes == []


def test_patch_log_undoes_a_name_patched_twice_back_to_the_start(compat):
    log = compat.patches.PatchLog()
    log.set_attr(Child, "own", "first")
    log.set_attr(Child, "own", "second")
    log.undo_all()
    assert Child.own == "child"


# -- post-import hooks ------------------------------------------------------------------


@pytest.fixture
def module_dir(tmp_path, compat):
    (tmp_path / "tfm_hook_target.py").write_text("VALUE = 41\n")
    (tmp_path / "tfm_hook_broken_patch.py").write_text("VALUE = 1\n")
    sys.path.insert(0, str(tmp_path))
    errors = []
    hooks = compat.import_hooks.PostImportHooks(on_error=lambda name, exc: errors.append((name, str(exc))))
    sys.meta_path.insert(0, hooks)
    yield hooks, errors
    sys.meta_path.remove(hooks)
    sys.path.remove(str(tmp_path))
    for name in ("tfm_hook_target", "tfm_hook_broken_patch"):
        sys.modules.pop(name, None)


def test_hook_runs_after_the_module_code_and_leaves_its_loader_alone(module_dir):
    hooks, errors = module_dir
    seen = []
    hooks.watch("tfm_hook_target", lambda module: seen.append(module.VALUE))
    assert seen == []  # not imported by watching
    import tfm_hook_target

    assert seen == [41]
    assert type(tfm_hook_target.__loader__).__name__ == "SourceFileLoader"
    assert tfm_hook_target.__spec__.loader is tfm_hook_target.__loader__
    hooks.watch("tfm_hook_target", lambda module: seen.append("now"))  # already imported: at once
    assert seen == [41, "now"] and errors == []


def test_a_failing_hook_never_breaks_the_import(module_dir):
    hooks, errors = module_dir

    def broken(module):
        raise KeyError("boom")

    hooks.watch("tfm_hook_broken_patch", broken)
    import tfm_hook_broken_patch

    assert tfm_hook_broken_patch.VALUE == 1
    assert errors == [("tfm_hook_broken_patch", "'boom'")]


# -- origin and warnings ----------------------------------------------------------------


def _library_call(compat):
    """Calls user_origin() from code that claims to be TensorFlow's."""
    library_globals = {"__name__": "tensorflow.python.client.fake", "user_origin": compat.origin.user_origin}
    exec(compile("def handed_over():\n    return user_origin()\n", "/site-packages/tensorflow/fake.py", "exec"),
         library_globals)
    return library_globals["handed_over"]()


def test_origin_is_the_users_line_not_the_library(compat):
    origin = _library_call(compat)
    assert origin.filename == __file__
    assert origin.lineno == _library_call.__code__.co_firstlineno + 5  # the return line above


def test_warn_once_says_each_thing_once_at_the_users_line(compat):
    messages, origin_type = compat.messages, compat.origin.Origin
    origin = origin_type("legacy_train.py", 12, "__main__")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert messages.warn_once(("unit", 1), compat.LateConfigWarning, "first", origin) is True
        assert messages.warn_once(("unit", 1), compat.LateConfigWarning, "again", origin) is False
    assert [(str(w.message), w.category, w.filename, w.lineno) for w in caught] == [
        ("first", compat.LateConfigWarning, "legacy_train.py", 12)]


def test_late_config_warning_can_be_made_an_error(compat):
    origin = compat.origin.Origin("legacy_train.py", 3, "__main__")
    with warnings.catch_warnings():
        warnings.simplefilter("error", compat.LateConfigWarning)
        with pytest.raises(compat.LateConfigWarning):
            compat.messages.warn_once(("unit", "error"), compat.LateConfigWarning, "too late", origin)


@pytest.mark.parametrize("value, disabled", [("1", True), ("yes", True), ("0", False), ("", False), ("off", False)])
def test_disable_variable_values(compat, monkeypatch, value, disabled):
    monkeypatch.setenv(compat.ENV_DISABLE, value)
    assert compat.disabled() is disabled
    assert compat.ENV_DISABLE == "TFMIGRATE_COMPAT_DISABLE"



# -- in_force: the readers that decide "already in force" and name the value in force ----


class StatefulFakeTf:
    """Just enough of `tf` for settings' actions and the shim's readers, with state."""

    def __init__(self, gpus: int) -> None:
        from collections import namedtuple
        from types import SimpleNamespace as NS

        device = namedtuple("PhysicalDevice", "name device_type")
        self.devices = [device("/physical_device:CPU:0", "CPU")] + [
            device(f"/physical_device:GPU:{i}", "GPU") for i in range(gpus)]
        self.visible = list(self.devices)
        self.growth: dict = {}
        self.logical: dict = {}
        self.threads = {"intra": 0, "inter": 0}
        self.flags = {"soft": True, "log": False, "jit": ""}
        self.grappler: dict = {}

        def of(kind):
            return lambda devices: [d for d in devices if kind in (None, d.device_type)]

        def set_visible(devices, kind=None):
            self.visible = [d for d in self.visible if kind is not None and d.device_type != kind] + list(devices)

        def set_flag(name, convert=bool):
            return lambda value: self.flags.__setitem__(name, convert(value))

        self.config = NS(
            list_physical_devices=lambda kind=None: of(kind)(self.devices),
            get_visible_devices=lambda kind=None: of(kind)(self.visible),
            set_visible_devices=set_visible,
            get_logical_device_configuration=lambda d: self.logical.get(d),
            set_logical_device_configuration=lambda d, configs: self.logical.__setitem__(d, list(configs)),
            LogicalDeviceConfiguration=namedtuple("LogicalDeviceConfiguration", "memory_limit", defaults=(None,)),
            get_soft_device_placement=lambda: self.flags["soft"],
            set_soft_device_placement=set_flag("soft"),
            threading=NS(get_intra_op_parallelism_threads=lambda: self.threads["intra"],
                         set_intra_op_parallelism_threads=lambda n: self.threads.__setitem__("intra", n),
                         get_inter_op_parallelism_threads=lambda: self.threads["inter"],
                         set_inter_op_parallelism_threads=lambda n: self.threads.__setitem__("inter", n)),
            experimental=NS(get_memory_growth=lambda d: self.growth.get(d),
                            set_memory_growth=lambda d, on: self.growth.__setitem__(d, on)),
            optimizer=NS(get_jit=lambda: self.flags["jit"],
                         set_jit=set_flag("jit", lambda v: "autoclustering" if v else ""),
                         get_experimental_options=lambda: dict(self.grappler),
                         set_experimental_options=self.grappler.update),
        )
        self.debugging = NS(get_log_device_placement=lambda: self.flags["log"],
                            set_log_device_placement=set_flag("log"))


READER_CASES = {
    "allow_soft_placement": False,
    "log_device_placement": True,
    "intra_op_parallelism_threads": 4,
    "inter_op_parallelism_threads": 2,
    "device_count": {"CPU": 3},
    "gpu_options.allow_growth": True,
    "gpu_options.per_process_gpu_memory_fraction": 0.5,
    "gpu_options.visible_device_list": "1,2",
    "gpu_options.experimental.virtual_devices": [[1024, 2048], [512]],
    "graph_options.optimizer_options.global_jit_level": 1,
    "graph_options.rewrite_options.layout_optimizer": 2,  # RewriterConfig.OFF, as a live proto holds it
}


def test_every_settings_action_has_a_reader(compat):
    from tfmigrate import settings
    from tfmigrate.compat import in_force

    def subclasses(cls):
        return {cls} | {s for sub in cls.__subclasses__() for s in subclasses(sub)}

    # The settings the shim can apply at run time are tfmigrate.settings' own; a rewrite-only
    # action (codemods/_config_plan.py renders a tfmigrate.runtime call) never reaches it.
    runtime_actions = {cls for cls in subclasses(settings.Action) if cls.__module__ == settings.__name__}
    assert runtime_actions - {settings.Action} <= set(in_force._READERS)


@pytest.mark.parametrize("path", READER_CASES)
def test_a_reader_sees_its_action_applied_and_only_then(compat, monkeypatch, path):
    from tfmigrate import runtime, settings
    from tfmigrate.compat import in_force

    monkeypatch.setattr(runtime, "total_memory_mib", lambda gpu: 16000)
    tf = StatefulFakeTf(gpus=3)
    (action,) = settings.plan({path: settings.Value(READER_CASES[path])}).actions
    before = in_force.read(tf, action)
    action.apply(tf)
    after = in_force.read(tf, action)
    assert (before.matches, after.matches) == (False, True), (before, after)
    assert before.text != after.text  # the message names the value actually in force
