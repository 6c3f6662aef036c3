"""TFM1xx across files: the config rule's side of tfmigrate/project_index.py.

* A module-level function that returns a ConfigProto is an *export*. With no caller in its
  own file it used to be reported ("returns the config to callers outside this file");
  in a project run it is recorded (does its config translate, callers aside? what does
  it set process-wide?), and rewritten when the project's decision says so.
* In another file, a call of an export is a *use*: it passes the result through when the
  result only goes to a session consumer's config (directly, or through a name that only
  sessions read), and it is in time when nothing before it has started TensorFlow's
  runtime (the same questions the one-file rewrite asks of its own callers).
* When the decision is to rewrite, each use loses the config argument and keeps calling
  the helper right before its session, as for a helper of the same file; a use that
  cannot be rewritten that way stays as it is, which is still right: the helper now
  returns None, and `Session(config=None)` takes the process-wide settings.
"""

from __future__ import annotations

from typing import Iterator, Optional

import libcst as cst

from tfmigrate import project_index
from tfmigrate.codemods._config_sites import _remote_target, _Site
from tfmigrate.rule import Finding
from tfmigrate.settings import Names

CODE_FOLLOW = "TFM120"
CODE_TOO_LATE = "TFM123"
LEFT = "; this ConfigProto was left as it is"
OUTSIDE = "returns the config to callers outside this file"


def exportable(analysis, func: cst.FunctionDef) -> bool:
    """A function at the top of a module, in a project run: other files may import it."""
    context = project_index.current()
    return context is not None and context.mode in ("collect", "apply") and isinstance(analysis.parent(func), cst.Module) \
        and not context.path.endswith(".ipynb")


def verdict(analysis, site, actions, changeable: set) -> Optional[tuple[str, str]]:
    """For a site returned by an exported helper, once nothing else stands in its way:
    record it, and say whether it is rewritten (None) or why not (code, message)."""
    func = site.exported
    context = project_index.current()
    local = site.export_local
    settings = tuple((a.key, "\n".join(a.render(Names()))) for a in actions if a.key not in changeable)
    _record(analysis, site, ok=True, settings=settings, local=local)
    decision = context.decisions.get((_path(context), func.name.value)) if context is not None else None
    if decision is not None:
        return None if decision.rewrite else (decision.code, decision.reason + LEFT)
    return None if local else (CODE_FOLLOW, f"`{func.name.value}()` {OUTSIDE}" + LEFT)


def record_failed(analysis, site) -> None:
    """An exported helper whose config does not translate: its callers change nothing."""
    if getattr(site, "exported", None) is not None and not getattr(site, "recorded", False):
        _record(analysis, site, ok=False)


def _record(analysis, site, ok: bool, settings: tuple = (), local: bool = False) -> None:
    site.recorded = True
    context = project_index.current()
    if context is None or context.mode != "collect":
        return
    func = site.exported
    context.exports.append(project_index.Export(_path(context), func.name.value,
                                                analysis.positions[func].start.line, ok, settings, local))


def record_settings(analysis, exported_anchors: set) -> None:
    """The process-wide settings of the file's own configs, for conflicts with helpers it calls."""
    context = project_index.current()
    if context is None or context.mode != "collect":
        return
    for key, seen in analysis.process_wide.items():
        for rendered, anchor in seen:
            if anchor not in exported_anchors:
                context.settings.append((key, rendered, analysis.positions[anchor].start.line))


def _path(context) -> str:
    import os

    return os.path.abspath(context.path)


# -- uses in other files ---------------------------------------------------------------------


def record_uses(analysis) -> None:
    """Step 2: record how the file `analysis` reads calls the helpers of the index (the
    rule parses the file: config_proto.ConfigProtoRule.collect_uses)."""
    context = project_index.current()
    for call, export, use in _uses(analysis):
        context.uses.append(use)


def _uses(analysis) -> Iterator[tuple[cst.CSTNode, project_index.Export, project_index.Use]]:
    context = project_index.current()
    if context is None or context.index is None:
        return
    index = context.index
    names = index.export_names()
    here = _path(context)
    for node in [*analysis.index.of(cst.Name), *analysis.index.of(cst.Attribute)]:
        name = node.value if isinstance(node, cst.Name) else node.attr.value
        if name not in names:
            continue
        par = analysis.parent(node)
        if isinstance(par, cst.Attribute) and par.attr is node:
            continue  # `node` is the attribute's name: the Attribute itself is the reference
        export = next((e for q in _qualified(analysis, node) if (e := index.export_for(context.path, q)) is not None),
                      None)
        if export is None or not export.ok or export.path == here:
            continue
        line = analysis.positions[node].start.line
        yield node, export, _classify(analysis, node, export, line)


def _qualified(analysis, node: cst.CSTNode) -> list[str]:
    from tfmigrate.names import imported_names

    return sorted(imported_names(analysis.qnames, node))


def _classify(analysis, ref: cst.CSTNode, export, line: int) -> project_index.Use:
    context = project_index.current()
    target = (export.path, export.name)
    call = analysis.parent(ref)
    if not (isinstance(call, cst.Call) and call.func is ref):
        return project_index.Use(_path(context), target, line, False)
    sessions = _sessions_fed(analysis, call)
    if sessions is None:
        return project_index.Use(_path(context), target, line, False)
    for session in sessions:
        if _remote_target(session, *analysis.session_target(session)):
            return project_index.Use(_path(context), target, line, True, "its session connects to a target that may "
                                     "be a distributed master, which keeps its own configuration")
    problem = _late(analysis, call)
    if problem is not None:
        return project_index.Use(_path(context), target, line, True, problem, CODE_TOO_LATE)
    return project_index.Use(_path(context), target, line, True)


def _sessions_fed(analysis, call: cst.Call) -> Optional[list[cst.Call]]:
    """The session consumers `h(...)` feeds: as their config argument, or through `x = h(...)`
    that only later sessions of the same block read. None for any other use."""
    par = analysis.parent(call)
    if isinstance(par, cst.Arg) and par.value is call and analysis._is_session_config_arg(par):
        return [analysis.parent(par)]
    if isinstance(par, cst.Assign) and analysis._simple_assign(par):
        from tfmigrate.codemods._config_stored import helper_result_binding

        probe = _Probe()
        if helper_result_binding(analysis, probe, call.func, call) and not probe.problems and probe.session_calls:
            return probe.session_calls
    return None


class _Probe:
    """What helper_result_binding writes to, when only asking."""

    def __init__(self) -> None:
        self.problems: list = []
        self.session_calls: list = []
        self.helper_bindings: dict = {}

    def fail(self, node, code, message) -> None:
        self.problems.append((node, code, message))


def _late(analysis, call: cst.Call) -> Optional[str]:
    """Why the helper's calls would come after TensorFlow's runtime started here, if they would."""
    stmt = analysis.statement_of(call)
    if stmt is None:
        return "it is reached lazily or under a condition inside an expression, which tfmigrate cannot order"
    event = analysis.runtime_started_before(stmt, own_block=True) or next(
        (a for a in call.args if analysis.starts_runtime(a)), None)
    if event is not None:
        return (f"line {analysis.positions[event].start.line} starts TensorFlow's runtime before it, and the "
                "settings must be applied before that")
    func = analysis._enclosing_function(call)
    late = analysis.late_call(func) if func is not None else None
    if late is not None:
        return (f"`{late[2]}`, which calls it, may run after line {analysis.positions[late[0]].start.line} starts "
                "TensorFlow's runtime")
    return None


# -- rewriting the uses ----------------------------------------------------------------------


def consumer_findings(analysis) -> Iterator[Finding]:
    """Step 4: each use of a helper that is rewritten loses its config argument and keeps
    calling the helper, right before its session."""
    context = project_index.current()
    if context is None or context.mode != "apply" or context.index is None:
        return
    for ref, export, use in _uses(analysis):
        decision = context.decisions.get((export.path, export.name))
        if decision is not None and not decision.rewrite and use.passes_through and export.path != _path(context):
            # The helper was left, and said why in its own file; its sessions here would
            # otherwise stand with no word, as if this file were done (#15).
            yield Finding(decision.code or CODE_FOLLOW, f"this session's config comes from `{export.name}()` of "
                          f"{project_index.short_path(export.path)}, which tfmigrate left as it is (see the report "
                          "there): TF2 has no session config, so what it sets would not be applied here; this "
                          "session was left as it is", analysis.parent(ref))
            continue
        if decision is None or not decision.rewrite or not use.passes_through or use.problem:
            continue
        call = analysis.parent(ref)
        sessions = _sessions_fed(analysis, call)
        if not sessions:
            continue
        site = _Site(anchor=sessions[0], scope=analysis.scopes[sessions[0]])
        site.helper = export  # only "is there a helper" is asked of it
        site.session_calls = list(sessions)
        par = analysis.parent(call)
        if isinstance(par, cst.Assign):
            for session in sessions:
                site.helper_bindings[session] = analysis.parent(par)
        names, _ = analysis.names_for(site)
        consumers = analysis.consumer_statements(site, names)
        if site.problems or not consumers.edits:
            continue
        yield Finding("TFM100", f"the config comes from `{export.name}()`, which now makes the tf.config calls "
                                "itself: the session takes the process-wide settings", call,
                      edits=tuple(consumers.edits), remove_unused_imports=analysis.imports_to_drop())


def conflicting_helper(analysis, site) -> Optional[str]:
    """Step 4: this config sets a process-wide setting that a helper of another file,
    called from this file, sets differently: both stay, as two configs of one file do."""
    context = project_index.current()
    if context is None or context.mode != "apply":
        return None
    here, line = _path(context), analysis.positions[site.anchor].start.line
    for (path, name), decision in context.decisions.items():
        if (here, line) in decision.against:
            return (f"`{name}()` of {project_index.short_path(path)}, which this file's sessions use too, sets a "
                    "process-wide setting differently (TF2 fixes it once for the process): choose one value for the "
                    "whole program" + LEFT)
    return None
