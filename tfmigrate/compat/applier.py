"""Apply one ConfigProto to the running process, through settings.plan().

For each planned action, in the order the table gives (threads, devices, memory,
placement, optimizer):

1. a GPU action on a process without GPUs is ignored, as TensorFlow ignores it;
2. an action whose value is already in force is skipped;
3. threads, devices and memory cannot change once TensorFlow has fixed them
   (runtime_state): the action is not applied and a LateConfigWarning says so;
4. otherwise the action is applied; a RuntimeError from TensorFlow means "too late"
   as well, any other error becomes a ConfigNotAppliedWarning.

Nothing here raises: TF1 accepted these configs when it built the session, so the
shim must not turn them into crashes (warnings can be made errors with -W).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from tfmigrate import settings
from tfmigrate.compat import in_force, runtime_state
from tfmigrate.compat.messages import (
    ConfigNotAppliedWarning,
    LateConfigWarning,
    UntranslatableConfigWarning,
    logger,
    warn_once,
)
from tfmigrate.compat.origin import Origin
from tfmigrate.compat.proto_fields import config_fields
from tfmigrate.compat.results import ApplyReport, SettingResult, Source, Status

# Fields a TF1 session honours by itself. A session that still receives the config
# keeps them; only a config applied without a session (apply()) loses them.
_SESSION_LEVEL_PREFIXES = (
    "graph_options.",
    "experimental.",
    "rpc_options.",
    "cluster_def.",
    "operation_timeout_in_ms",
    "use_per_session_threads",
    "session_inter_op_thread_pool",
    "isolate_session_state",
    "placement_period",
    "device_filters",
    "share_cluster_devices_in_session",
)

# What happened to each (setting, requested value) the first time, for effective().
# Keyed so that a session created in a loop does not grow it.
outcomes: dict[tuple[str, str], SettingResult] = {}


def apply_config(tf: Any, config: Any, source: Source, origin: Optional[Origin]) -> ApplyReport:
    fields = config_fields(config)
    plan = settings.plan(fields)
    report = ApplyReport(source, str(origin) if origin else None)
    if not plan.actions and not plan.problems and not plan.notes:
        return report
    with runtime_state.lock:
        has_gpus = bool(tf.config.list_physical_devices("GPU"))
        for action in plan.actions:
            report.results.append(_apply_action(tf, action, fields, has_gpus, source, origin))
        for problem in plan.problems:
            report.results.append(_problem(problem, fields, has_gpus, source, origin))
        for note in plan.notes:
            report.results.append(SettingResult(note.field, _requested(fields, (note.field,)), note.code,
                                                Status.DROPPED, note.message, origin=report.origin))
        for result in report.results:
            outcomes.setdefault((result.setting, result.requested), result)
    return report


def plan_only(config: Any, source: Source, origin: Optional[Origin], status: Status, detail: str) -> ApplyReport:
    """The report of a config that is not applied at all (TFMIGRATE_COMPAT_DISABLE)."""
    fields = config_fields(config)
    plan = settings.plan(fields)
    report = ApplyReport(source, str(origin) if origin else None)
    for action in plan.actions:
        report.results.append(SettingResult(", ".join(action.fields), _requested(fields, action.fields),
                                            _codes(action.fields), status, detail, origin=report.origin))
    for problem in plan.problems:
        report.results.append(SettingResult(problem.field, _requested(fields, (problem.field,)), problem.code,
                                            status, detail, origin=report.origin))
    return report


def _requested(fields: Mapping[str, settings.Value], paths: tuple[str, ...]) -> str:
    return ", ".join(f"{p}={fields[p].text()}" for p in paths if p in fields) or ", ".join(paths)


def _codes(paths: tuple[str, ...]) -> str:
    fields = [settings.FIELDS.get(p) for p in paths]
    return ", ".join(dict.fromkeys(f.code if f else settings.CODE_UNKNOWN_FIELD for f in fields))


def _apply_action(tf: Any, action: settings.Action, fields: Mapping[str, settings.Value], has_gpus: bool,
                  source: Source, origin: Optional[Origin]) -> SettingResult:
    requested = _requested(fields, action.fields)
    code = _codes(action.fields)
    tf2 = "\n".join(action.render(settings.Names()))

    def result(status: Status, detail: str = "") -> SettingResult:
        where = str(origin) if origin else None
        return SettingResult(", ".join(action.fields), requested, code, status, detail, tf2, where)

    if in_force.is_gpu_action(action) and not has_gpus:
        logger.debug("%s ignored: this process has no GPU, and TensorFlow ignores GPU options then too", requested)
        return result(Status.NO_GPU)
    if _already_in_force(tf, action):
        return result(Status.IN_FORCE)
    if action.stage <= settings.Stage.MEMORY and runtime_state.settings_fixed():
        return _too_late(tf, action, requested, code, source, origin, result, runtime_state.why_fixed())
    try:
        action.apply(tf)
    except RuntimeError as exc:
        if runtime_state.eager_runtime_initialized():
            why = f"{runtime_state.why_fixed()} ({exc})"
            return _too_late(tf, action, requested, code, source, origin, result, why)
        return _failed(action, requested, code, origin, result, exc)
    except Exception as exc:  # bad index, NVML missing...: TF1 would have said so at session creation
        return _failed(action, requested, code, origin, result, exc)
    one_line = " ".join(line.strip() for line in tf2.splitlines())
    logger.info("applied %s from %s as: %s", requested, origin or "?", one_line)
    return result(Status.APPLIED)


def _already_in_force(tf: Any, action: settings.Action) -> bool:
    try:
        return in_force.read(tf, action).matches
    except Exception as exc:  # cannot tell: try to apply, which reports any real problem
        logger.debug("could not read the value in force for %s: %s", action.key, exc)
        return False


def _too_late(tf: Any, action: settings.Action, requested: str, code: str, source: Source,
              origin: Optional[Origin], result: Any, why: str) -> SettingResult:
    try:
        current = in_force.read(tf, action).text
    except Exception as exc:  # reading must never hide the warning itself
        current = f"unknown ({exc})"
    message = (
        f"{requested} (config from {origin or 'an unknown place'}) was not applied: {why}, so the value in "
        f"force stays {current}. Set it before TensorFlow starts: `tfmigrate rewrite` fixes the source "
        f"(rule {code})."
    )
    if source.written_by_user:
        warn_once(("late", action.key, requested), LateConfigWarning, message, origin)
    else:
        logger.debug("%s", message)
    return result(Status.TOO_LATE, f"{why}; in force: {current}")


def _failed(action: settings.Action, requested: str, code: str, origin: Optional[Origin], result: Any,
            exc: Exception) -> SettingResult:
    message = (
        f"{requested} (config from {origin or 'an unknown place'}) could not be applied: "
        f"{type(exc).__name__}: {exc}. `tfmigrate rewrite` reports this setting as {code}."
    )
    warn_once(("failed", action.key, requested), ConfigNotAppliedWarning, message, origin)
    return result(Status.FAILED, f"{type(exc).__name__}: {exc}")


def _problem(problem: settings.Problem, fields: Mapping[str, settings.Value], has_gpus: bool, source: Source,
             origin: Optional[Origin]) -> SettingResult:
    requested = _requested(fields, (problem.field,))
    where = str(origin) if origin else None
    if problem.field.startswith("gpu_options.") and not has_gpus:
        logger.debug("%s ignored: this process has no GPU", requested)
        return SettingResult(problem.field, requested, problem.code, Status.NO_GPU, problem.message, origin=where)
    if source.session_keeps_config and problem.field.startswith(_SESSION_LEVEL_PREFIXES):
        logger.info("%s is a session setting: the session keeps it, the rest of the process does not", requested)
        return SettingResult(problem.field, requested, problem.code, Status.KEPT_BY_SESSION, problem.message,
                             origin=where)
    message = (
        f"{requested} (config from {where or 'an unknown place'}) cannot be applied to the process: "
        f"{problem.message}. `tfmigrate rewrite` reports it as {problem.code}."
    )
    warn_once(("untranslatable", problem.field, requested), UntranslatableConfigWarning, message, origin)
    return SettingResult(problem.field, requested, problem.code, Status.UNTRANSLATABLE, problem.message, origin=where)
