"""The TF1 names legacy code calls, and the hooks that apply the ConfigProtos it passes.

What is installed (every change goes through a PatchLog, so uninstall() undoes it):

* `tf.ConfigProto`, `tf.GPUOptions`, `tf.GraphOptions`, `tf.OptimizerOptions`,
  `tf.Session`, `tf.InteractiveSession`: the tf.compat.v1 objects themselves;
* `Session.__init__` and `InteractiveSession.__init__`: apply `config=` to the process
  first, then build the session with the very same config, as TF1 did;
* `set_session` (and `get_session` where missing) on every Keras backend module, plus a
  `keras.backend.tensorflow_backend` module for the Keras 2.0-era spelling;
* `RunConfig.__init__` / `RunConfig.replace` when tensorflow_estimator is imported;
* CUDA_VISIBLE_DEVICES assignments (cuda_env).
"""

from __future__ import annotations

import functools
import inspect
import sys
import types
from typing import Any, Callable, Optional

from tfmigrate.compat import cuda_env, runtime_state
from tfmigrate.compat.import_hooks import PostImportHooks
from tfmigrate.compat.messages import ConfigNotAppliedWarning, logger, warn_once
from tfmigrate.compat.origin import Origin, user_origin
from tfmigrate.compat.patches import PatchLog
from tfmigrate.compat.results import ApplyReport, Source

TOP_LEVEL_ALIASES = ("ConfigProto", "GPUOptions", "GraphOptions", "OptimizerOptions", "Session", "InteractiveSession")

KERAS_BACKENDS = (
    "keras.backend",  # `from keras import backend as K`, Keras 2 and 3
    "keras._tf_keras.keras.backend",  # tf.keras.backend and tf.compat.v1.keras.backend, Keras 3
    "keras.api._v2.keras.backend",  # tf.keras.backend, Keras 2 (TF <= 2.15)
    "keras.api._v1.keras.backend",  # tf.compat.v1.keras.backend, Keras 2
    "tf_keras.api._v2.keras.backend",  # TF_USE_LEGACY_KERAS=1 on TF >= 2.16
    "tf_keras.api._v1.keras.backend",
)
# Where Keras 2 keeps its own set_session/get_session; Keras 3 has none.
_KERAS2_IMPLEMENTATIONS = ("keras.src.backend", "tf_keras.src.backend")
_LEGACY_KERAS_MODULE = "keras.backend.tensorflow_backend"
RUN_CONFIG_MODULE = "tensorflow_estimator.python.estimator.run_config"

_shim: Optional["Shim"] = None  # the installed shim, for the Keras functions below
_keras_session: Any = None  # what set_session() was given, for get_session() on Keras 3


class Shim:
    def __init__(self, tf: Any) -> None:
        self.tf = tf
        self.log = PatchLog()

    # -- installing --------------------------------------------------------------------

    def install(self) -> None:
        global _shim
        _shim = self
        self._alias_tf1_names()
        v1 = self.tf.compat.v1
        self._wrap_init(v1.Session, "config", Source.SESSION, after=runtime_state.mark_session_started)
        self._wrap_init(v1.InteractiveSession, "config", Source.SESSION, after=runtime_state.mark_session_started,
                        default=self._interactive_default)
        hooks = PostImportHooks(on_error=self._patch_failed)
        sys.meta_path.insert(0, hooks)
        self.log.on_undo(sys.meta_path, "PostImportHooks", lambda: sys.meta_path.remove(hooks))
        for name in KERAS_BACKENDS:
            hooks.watch(name, self._patch_keras_backend)
        hooks.watch(RUN_CONFIG_MODULE, self._patch_run_config)
        cuda_env.install(self.log, self.tf)

    def uninstall(self) -> None:
        global _shim
        self.log.undo_all()
        if _shim is self:
            _shim = None

    def _alias_tf1_names(self) -> None:
        v1 = self.tf.compat.v1
        for name in TOP_LEVEL_ALIASES:
            if name not in vars(self.tf) and hasattr(v1, name):
                self.log.set_attr(self.tf, name, getattr(v1, name))

    def _wrap_init(self, cls: type, config_arg: str, source: Source, after: Optional[Callable[[], None]] = None,
                   default: Optional[Callable[[], Any]] = None) -> None:
        original = cls.__init__
        signature = inspect.signature(original)
        shim = self

        @functools.wraps(original)
        def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
            shim._config_handed_over(signature, (self, *args), kwargs, config_arg, source, default)
            original(self, *args, **kwargs)
            if after is not None:
                after()

        self.log.set_attr(cls, "__init__", __init__)

    def _config_handed_over(self, signature: inspect.Signature, args: tuple, kwargs: dict, config_arg: str,
                            source: Source, default: Optional[Callable[[], Any]]) -> None:
        try:
            config = signature.bind(*args, **kwargs).arguments.get(config_arg)
        except TypeError:
            return  # the real __init__ raises the same TypeError TF1 raised
        if config is None and default is not None:
            config, source = default(), Source.INTERACTIVE_DEFAULT
        self.apply_guarded(config, source, user_origin())

    def _interactive_default(self) -> Any:
        # TF1's InteractiveSession() without a config meant "let GPU memory grow".
        v1 = self.tf.compat.v1
        return v1.ConfigProto(gpu_options=v1.GPUOptions(allow_growth=True))

    def apply_guarded(self, config: Any, source: Source, origin: Optional[Origin]) -> Optional[ApplyReport]:
        if not isinstance(config, self.tf.compat.v1.ConfigProto):
            return None  # TensorFlow itself rejects anything else, as TF1 did
        try:
            # Imported with the first config, not with the shim: the settings table it
            # reads is most of the shim's own import time (12-22 ms).
            from tfmigrate.compat import applier

            return applier.apply_config(self.tf, config, source, origin)
        except Warning:
            raise  # `-W error::...` asked for this
        except Exception as exc:  # a shim bug must not stop a program TF1 would have run
            warn_once(("internal", type(exc).__name__, str(exc)), ConfigNotAppliedWarning,
                      f"tfmigrate.compat could not apply the config from {origin or 'an unknown place'} "
                      f"({type(exc).__name__}: {exc}); the program continues without it", origin)
            return None

    def _patch_failed(self, module_name: str, exc: BaseException) -> None:
        logger.warning("could not patch %s: %s: %s", module_name, type(exc).__name__, exc)

    # -- Keras ---------------------------------------------------------------------------

    def _patch_keras_backend(self, module: Any) -> None:
        self.log.set_attr(module, "set_session", set_session)
        if "get_session" not in vars(module):
            self.log.set_attr(module, "get_session", _keras2_function("get_session") or get_session)
        if module.__name__ == "keras.backend" and _LEGACY_KERAS_MODULE not in sys.modules:
            legacy = types.ModuleType(_LEGACY_KERAS_MODULE, "Keras 2.0-era home of set_session (tfmigrate.compat).")
            legacy.set_session = set_session  # type: ignore[attr-defined]
            legacy.get_session = vars(module)["get_session"]  # type: ignore[attr-defined]
            self.log.set_item(sys.modules, _LEGACY_KERAS_MODULE, legacy)
            self.log.set_attr(module, "tensorflow_backend", legacy)

    # -- Estimator -----------------------------------------------------------------------

    def _patch_run_config(self, module: Any) -> None:
        cls = module.RunConfig
        self._wrap_init(cls, "session_config", Source.RUN_CONFIG)
        original_replace = cls.replace
        shim = self

        @functools.wraps(original_replace)
        def replace(self: Any, **kwargs: Any) -> Any:
            if "session_config" in kwargs:
                shim.apply_guarded(kwargs["session_config"], Source.RUN_CONFIG, user_origin())
            return original_replace(self, **kwargs)

        self.log.set_attr(cls, "replace", replace)


def _keras2_function(name: str) -> Optional[Callable[..., Any]]:
    for module_name in _KERAS2_IMPLEMENTATIONS:
        function = getattr(sys.modules.get(module_name), name, None)
        if callable(function):
            return function
    return None


def set_session(session: Any) -> None:
    """TF1 Keras `set_session`, installed by tfmigrate.compat.

    Applies the session's ConfigProto to the process through tf.config. Keras 2 also
    adopts the session, as it used to; Keras 3 runs eagerly and ignores sessions, so
    there the session is only kept for get_session().
    """
    global _keras_session
    shim = _shim
    if shim is not None:
        shim.apply_guarded(getattr(session, "_config", None), Source.SET_SESSION, user_origin())
    _keras_session = session
    keras2 = _keras2_function("set_session")
    if keras2 is not None:
        keras2(session)


def get_session() -> Any:
    """TF1 Keras `get_session`, installed by tfmigrate.compat where Keras has none.

    Returns the session given to set_session(), or a new default session, as TF1 did.
    """
    keras2 = _keras2_function("get_session")
    if keras2 is not None:
        return keras2()
    global _keras_session
    if _keras_session is None:
        import tensorflow as tf

        _keras_session = tf.compat.v1.Session()
    return _keras_session
