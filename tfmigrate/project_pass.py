"""The project-wide pass: the run that gives the config rule the whole project to see.

`engine.process_many` hands a run of more than one file here, with the engine's own
per-file steps (`FileSteps`: process a file as the engine always does; rewrite bytes with
chosen rules), so this pass drives the engine's work without importing the engine. The
steps of the run, and why the index is this one and not LibCST's FullRepoManager, are in
tfmigrate/project_index.py, which holds what the rule reads and how helpers are decided.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from tfmigrate import prefilter
from tfmigrate.files import ChangedDuringRun, read_source, write_atomic
from tfmigrate.project_index import Context, Decision, ProjectIndex, Use, active, short_path, tf_bindings
from tfmigrate.transform import FileResult, selected_rules, trigger_pattern, warm_up


@dataclass(frozen=True)
class FileSteps:
    """What the engine does with one file, handed down to the pass (module-level functions,
    so that a worker process receives them by name)."""

    process_file: Callable  # (path, options, display) -> FileResult: read, rewrite, write
    rewrite_bytes: Callable  # (data, rules, options, display) -> (FileResult, new bytes or None)


@dataclass
class _Item:
    path: str
    display: str
    data: Optional[bytes] = None
    result: object = None  # a FileResult, or a pending one
    exports: list = field(default_factory=list)
    settings: list = field(default_factory=list)
    written: Optional[bytes] = None  # what step 1 wrote, if it wrote
    passed: bool = False
    tf: tuple = ({}, False)  # project_index.tf_bindings of its bytes
    foreign: bool = False  # a config whose `tf` comes from another file (Context.foreign)
    model_fn_uses: list = field(default_factory=list)  # Estimators built from another file's model_fn


def _collect(args):
    """Step 1 for one file, in a worker: the engine's usual processing, plus what the
    config rule saw."""
    path, options, display, steps = args
    context = Context("collect", path)
    with active(context):
        result = steps.process_file(path, options, display)
    return result, context.exports, context.settings, context.foreign, context.model_fn_uses


def _uses(args):
    """Step 2 for one file: how it calls the helpers of the index."""
    path, data, index = args
    context = Context("uses", path, index)
    try:
        from tfmigrate.codemods.config_proto import RULE

        with active(context):
            RULE.collect_uses(data)
    except Exception:  # a file that cannot be read or parsed calls nothing tfmigrate can see
        pass
    return context.uses


def _apply(args):
    """Step 4 for one file: the rewrite with the decisions, from the bytes first read; also
    the modules whose ModeKeys its rewritten pipelines need written as strings."""
    outcome, context = _apply_with(args)
    return outcome, frozenset(context.mode_key_modules)


def _apply_with(args, model_fns=None, mode_key_files=frozenset()):
    """_apply, with the model_fn decisions of the Estimator step too; also its context."""
    path, data, options, display, index, decisions, steps = args
    context = Context("apply", path, index, decisions)
    context.model_fns = dict(model_fns or {})
    context.mode_key_files = set(mode_key_files)
    names = tuple(sorted({name for (_, name), d in decisions.items() if d.rewrite}))
    rules = [_calling(rule, names) if rule.name == "config_proto" else rule for rule in selected_rules(options)]
    with active(context):
        return steps.rewrite_bytes(data, rules, options, display), context


def _calling(rule, names: tuple[str, ...]):
    """The config rule, also run on a file that only calls a rewritten helper (its trigger
    words are the helper's names too)."""
    again = type(rule)()
    again.triggers = (*rule.triggers, *names)
    return again


def process_project(items: Sequence[tuple[str, str]], options, jobs: int,
                    on_result: Callable[[object], None], steps: FileSteps) -> None:
    """engine.process_many with the project-wide pass (see tfmigrate/project_index.py)."""
    pattern = trigger_pattern(options)
    project = [_Item(path, display) for path, display in items]
    runner = _Runner(jobs, len(project))
    pending: dict[int, object] = {}
    try:
        # Read, prefilter and hand each file to a worker as soon as it is read, as the
        # engine always did: the workers parse while the rest of the tree is read.
        for item in project:
            try:
                data = read_source(item.path)
            except OSError as exc:
                item.result = FileResult(item.display, "failed", error=f"cannot read: {exc.strerror or exc}")
                continue
            item.tf = tf_bindings(data)
            if prefilter.might_match_file(item.path, data, pattern):
                item.data, item.passed = data, True
                pending[id(item)] = runner.submit(_collect, (item.path, options, item.display, steps))
            else:
                item.result = FileResult(item.display, "unchanged")
        # Whether a file takes part waits on the files that may define a helper, and, when a
        # file may build an Estimator from another module's model_fn, on every file.
        estimators = any(item.data is not None and _may_use_model_fn(item.data) for item in project)
        for item in project:
            if item.passed and (_may_export(item) or estimators):
                _take(item, pending.pop(id(item)).get())
        index = ProjectIndex([i.path for i in project])
        for item in project:
            for export in item.exports:
                index.exports[(export.path, export.name)] = export
            if item.tf[0]:
                index.tf_names[os.path.abspath(item.path)] = item.tf
        model_fns = _decide_model_fns(project, index, options, steps) if estimators else {}
        involved = {p for (p, _), d in model_fns.items()} | {p for d in model_fns.values() for p in d.drivers}
        # Any module may be one whose input_fns a rewritten pipeline calls (its ModeKeys are
        # then written as strings, late in the run): no result goes out before that is known.
        hold_all = estimators and any(item.foreign for item in project)
        names = index.caller_marks()
        held = 0  # results go out in input order: the first file that waits holds the rest
        while held < len(project):
            item = project[held]
            if id(item) in pending:
                _take(item, pending.pop(id(item)).get())
            if _takes_part(item, names) or os.path.abspath(item.path) in involved or hold_all:
                break
            on_result(item.result)
            held += 1
        if held == len(project):
            return
        for item in project[held:]:
            if id(item) in pending:
                _take(item, pending.pop(id(item)).get())
        for item in project:
            index.file_settings[os.path.abspath(item.path)] = [tuple(s) for s in item.settings]
        # Step 2: every file of the project that names a helper may call it.
        callers = []
        for item in project:
            data = item.data if item.data is not None else _read(item.path)
            if data is not None and (_marked(data, names) or any(e.ok for e in item.exports)):
                callers.append((item, data))
        # A file is analysed for its calls only if it names a helper of another file: a
        # helper's own file never calls itself across files (its own calls it decided in step 1).
        others = index.caller_marks(excluding=True)
        found = [(item, runner.submit(_uses, (item.path, data, index))) for item, data in callers
                 if not item.path.endswith(".ipynb") and _marked(data, others(os.path.abspath(item.path)))]
        for item, future in found:
            index.uses.extend(future.get())
        for item, data in callers:  # a notebook's calls are not followed: they keep the helper as it is
            if item.path.endswith(".ipynb"):
                index.uses.extend(Use(os.path.abspath(item.path), key, 0, False) for key, e in index.exports.items()
                                  if e.ok and _marked(data, {(e.name.encode(), b"")}))
        decisions = index.decide()
        # Step 4: each helper's file, then the files that call a rewritten helper, again.
        # A helper whose file fails there is not rewritten, so its callers keep their config.
        # A helper that no file of the project calls is left, as step 1 left it (its report
        # said so already): its file is not analysed again.
        producers = {p for (p, _), d in decisions.items() if not d.uncalled} | \
            {p for d in decisions.values() for p, _ in d.against}
        by_path = {os.path.abspath(item.path): (item, data) for item, data in callers if not item.path.endswith(".ipynb")}
        for (path, name), decision in list(decisions.items()):
            if decision.rewrite and path not in by_path:
                decisions[(path, name)] = Decision(False)
        futures = [(item, data, runner.submit(_apply, (item.path, data, options, item.display, index, decisions, steps)))
                   for path, (item, data) in by_path.items() if path in producers]
        mode_keys: set = set()  # modules whose ModeKeys rewritten pipelines need as strings
        for item, data, future in futures:
            if not _settle_applied(item, data, future.get(), options, mode_keys):
                path = os.path.abspath(item.path)
                for key in [k for k in decisions if k[0] == path]:
                    decisions[key] = Decision(False)
        # The files that call a rewritten helper, and those whose sessions take a helper that
        # was left (their sessions get a report that points to it, never silence).
        users = {u.path for u in index.uses if decisions.get(u.target, Decision(False)).rewrite
                 or u.target in decisions and u.passes_through}
        futures = [(item, data, runner.submit(_apply, (item.path, data, options, item.display, index, decisions, steps)))
                   for path, (item, data) in by_path.items() if path in users and path not in producers]
        for item, data, future in futures:
            _settle_applied(item, data, future.get(), options, mode_keys)
        # A config whose `tf` comes from another file: analysed again, the index knowing
        # what that file binds (project_index.tf_bindings).
        done = producers | users
        futures = [(item, item.data, runner.submit(_apply, (item.path, item.data, options, item.display, index,
                                                             decisions, steps)))
                   for item in project[held:] if item.foreign and item.data is not None
                   and os.path.abspath(item.path) not in done | involved
                   # a notebook's first result stands: its bytes are JSON, not a module
                   and not item.path.endswith(".ipynb")]
        for item, data, future in futures:
            _settle_applied(item, data, future.get(), options, mode_keys)
        written = _estimator_step(project, index, decisions, model_fns, options, steps, mode_keys)
        _write_mode_keys(project, index, decisions, mode_keys - written, options, steps)
        for item in project[held:]:
            on_result(item.result)
    except BaseException:
        runner.terminate()
        raise
    finally:
        runner.close()


def _may_use_model_fn(data: bytes) -> bool:
    """May the file build an Estimator from another module's model_fn or input_fn?"""
    return b"stimator" in data and (b"model_fn" in data or b"input_fn" in data)


def _decide_model_fns(project: Sequence[_Item], index: ProjectIndex, options, steps: FileSteps) -> dict:
    """Which model_fns of one file the Estimator of another file takes (ModelFnUse), and
    which of them are rewritten (ProjectIndex.decide_model_fns)."""
    if not any(item.foreign for item in project):
        return {}
    contents = {os.path.abspath(i.path): (i.data if i.data is not None else _read(i.path)) or b"" for i in project}
    index.sources.update(contents)  # a module with no trigger word may hold an input_fn
    for item in project:
        if item.foreign and not item.model_fn_uses and item.data is not None and not item.path.endswith(".ipynb"):
            # `tf` from a star import: its Estimators are seen only with the index.
            _, context = _apply_with((item.path, item.data, options, item.display, index, {}, steps))
            item.model_fn_uses = context.model_fn_uses
        index.model_fn_uses.extend(item.model_fn_uses)

    def named_in(path: str, name: str) -> list[str]:
        """The files that name `name` and import the module `path` (read from their bytes)."""
        return [p for p, data in contents.items() if p != path and name.encode() in data
                and any(index.module_file(p, dotted) == path
                        for dotted in _imported_modules(_notebook_code(data) if p.endswith(".ipynb") else data))]

    read = {os.path.abspath(i.path) for i in project if i.data is not None}
    decided = index.decide_model_fns(named_in)
    for item in project:  # a model_fn left: its module's report gives the reason (analysed again)
        if any(path == os.path.abspath(item.path) for path, _ in index.model_fn_reasons) and item.data is not None:
            item.foreign = True
    return {k: d for k, d in decided.items() if k[0] in read and all(p in read for p in d.drivers)}


_IMPORT_LINE = re.compile(rb"^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?([\w., \t]+)|import[ \t]+([\w., \t]+))",
                          re.M)


def _notebook_code(data: bytes) -> bytes:
    """The code cells of a notebook's JSON, one after another (b"" if it is not one)."""
    try:
        cells = json.loads(data).get("cells", [])
        return "\n".join("".join(c.get("source", "")) for c in cells if c.get("cell_type") == "code").encode()
    except (ValueError, AttributeError, TypeError):
        return b""


def _imported_modules(data: bytes) -> set[str]:
    """Every dotted name a file's import lines may mean a module by: `from a import b` gives
    `a` and `a.b`, `import a.b as c` gives `a.b`."""
    out: set[str] = set()
    for match in _IMPORT_LINE.finditer(data):
        source, names, plain = (g.decode() if g else "" for g in match.groups())
        if source:
            out.add(source)
            out |= {f"{source.rstrip('.')}.{n.split()[0]}" if not source.endswith(".") else source + n.split()[0]
                    for n in names.split(",") if n.strip()}
        for n in plain.split(","):
            if n.strip():
                out.add(n.split()[0])
    return out


def _settle_applied(item: _Item, original: bytes, applied, options, mode_keys: set) -> bool:
    """_settle an _apply result; the ModeKeys modules its pipelines need join `mode_keys`."""
    outcome, modules = applied
    settled = _settle(item, original, outcome, options)
    if settled:
        mode_keys |= modules
    return settled


def _write_mode_keys(project: Sequence[_Item], index: ProjectIndex, decisions: dict, paths: set, options,
                     steps: FileSteps) -> None:
    """The modules whose input_fns rewritten pipelines call, analysed again with their
    ModeKeys written as the strings they always were (behaviour is the same under TF1)."""
    by_path = {os.path.abspath(item.path): item for item in project}
    for path in sorted(paths):
        item = by_path.get(path)
        if item is None or item.path.endswith(".ipynb"):
            continue
        data = item.data if item.data is not None else _read(item.path)
        if data is None:
            continue
        outcome, _ = _apply_with((item.path, data, options, item.display, index, decisions, steps),
                                 mode_key_files={path})
        if item.data is None:  # a module the prefilter passed over: its result was "unchanged"
            item.data = data
        _settle(item, data, outcome, options)


def _estimator_step(project: Sequence[_Item], index: ProjectIndex, decisions: dict, model_fns: dict, options,
                    steps: FileSteps, mode_keys: set) -> set:
    """Step 5: each driver of another file's model_fn is analysed again, then that model_fn's
    module. Both are written only when the driver's pipeline was rewritten and the module
    wrote the model class it builds. A driver whose pipeline stays keeps this analysis (its
    report now says why), and the model_fn's module is analysed again to point to it."""
    if not model_fns:
        return set()
    by_path = {os.path.abspath(item.path): item for item in project}
    needs: dict = {}  # a driver → the ModeKeys modules its rewritten pipelines need

    def apply(path: str, mine: dict):
        item = by_path[path]
        outcome, context = _apply_with((item.path, item.data, options, item.display, index, decisions, steps), mine)
        needs[path] = set(context.mode_key_modules)
        return (outcome if outcome[0].status != "failed" else None), context

    drivers = sorted({p for d in model_fns.values() for p in d.drivers})
    live = dict(model_fns)
    outcomes: dict = {}
    frozen: set = set()  # drivers whose pipeline was left: their report (with its own reason) stands
    for _ in range(len(model_fns) + 1):  # a model_fn goes when one of its drivers is left: the others again
        driven_by: dict = {}
        for driver in drivers:
            if driver in frozen:
                continue
            mine = {k: d for k, d in live.items() if driver in d.drivers}
            outcomes[driver], context = apply(driver, mine)
            for key in (context.model_fns_driven if outcomes[driver] is not None else ()):
                driven_by.setdefault(key, set()).add(driver)
            if set(mine) - context.model_fns_driven:
                frozen.add(driver)
        left = [k for k, d in live.items() if driven_by.get(k, set()) != set(d.drivers)]
        for path, name in left:
            missing = sorted(set(live[(path, name)].drivers) - driven_by.get((path, name), set()))
            index.model_fn_reasons[(path, name)] = (f"the Estimator of {short_path(missing[0])} that takes it is left "
                                                    "as it is (see the report there)")
            del live[(path, name)]
        if not left:
            break
    written: set = set()
    for path in sorted({p for p, _ in live}):
        mine = {k: d for k, d in live.items() if k[0] == path}
        outcomes[path], context = apply(path, mine)
        if outcomes[path] is not None and context.model_fns_written == set(mine):
            written |= context.model_fns_written
    # A model_fn whose module could not write it: its drivers keep what step 1 said.
    blocked = {p for k, d in live.items() if k not in written for p in d.drivers}
    modules: set = set()
    settled: set = set()
    for driver in drivers:
        if outcomes[driver] is not None and driver not in blocked \
                and _settle(by_path[driver], by_path[driver].data, outcomes[driver], options):
            modules |= {p for (p, _), d in live.items() if driver in d.drivers}
            mode_keys |= needs.get(driver, set())
            settled.add(driver)
    for path in sorted(modules):
        _settle(by_path[path], by_path[path].data, outcomes[path], options)
    for path in sorted({p for p, _ in model_fns} - {p for p, _ in written}):
        unchanged, _ = apply(path, {})
        if unchanged is not None:
            _settle(by_path[path], by_path[path].data, unchanged, options)
    # The model_fns' modules have their ModeKeys as strings already (model_for_driver); a
    # driver written here is not analysed again without its decisions.
    return modules | settled


def _may_export(item: _Item) -> bool:
    return b"ConfigProto" in item.data and b"def " in item.data and not item.path.endswith(".ipynb")


def _takes_part(item: _Item, names: set[tuple[bytes, bytes]]) -> bool:
    """Does the file define a helper whose callers decide it, may it call one, or does it
    take TensorFlow from another file?"""
    if item.foreign:
        return True
    if not names:
        return False
    if any(e.ok for e in item.exports):
        return True
    data = item.data if item.data is not None else _read(item.path)
    return data is not None and _marked(data, names)


def _marked(data: bytes, marks: set[tuple[bytes, bytes]]) -> bool:
    """Does the file name a helper and the module that defines it (as a caller must)?"""
    return any(name in data and module in data for name, module in marks)


def _take(item: _Item, outcome) -> None:
    result, exports, settings, foreign, model_fn_uses = outcome
    item.result, item.exports, item.settings, item.foreign = result, exports, settings, foreign
    item.model_fn_uses = model_fn_uses
    if getattr(result, "status", None) == "rewritten":
        item.written = _read(item.path)


def _read(path: str) -> Optional[bytes]:
    try:
        return read_source(path)
    except OSError:
        return None


def _settle(item: _Item, original: bytes, outcome, options) -> bool:
    """Put the file as step 4 made it from its original bytes (over what step 1 wrote).
    False if step 4 could not rewrite it."""
    result, new_data = outcome
    if result.status == "failed":  # what step 1 did stands
        return False
    final = new_data if new_data is not None else original
    on_disk = item.written if item.written is not None else original
    status = result.status
    if options.mode == "write":
        if final != on_disk:
            try:
                write_atomic(item.path, final, expected=on_disk)
            except ChangedDuringRun:
                item.result = FileResult(item.display, "failed", result.diagnostics, error=ChangedDuringRun.message,
                                         parsed=True)
                return False
            except (OSError, UnicodeEncodeError) as exc:
                item.result = FileResult(item.display, "failed", result.diagnostics, error=f"cannot write: {exc}",
                                         parsed=True)
                return False
            item.written = final  # a later step of the pass writes over this
        status = "rewritten" if final != original else "unchanged"
    item.result = FileResult(item.display, status if status != "would-rewrite" or options.mode != "write"
                             else "rewritten", result.diagnostics, diff=result.diff, error=result.error,
                             parsed=result.parsed)
    return True


class _Runner:
    """The engine's worker pool, started with the first file to process (forked workers
    when there is enough to do, else this process)."""

    def __init__(self, jobs: int, count: int) -> None:
        self.parallel = jobs > 1 and count >= 4
        self.jobs, self.count = jobs, count
        self.pool = None

    def submit(self, func, args):
        if not self.parallel:
            return _Done(func(args))
        if self.pool is None:
            import multiprocessing

            ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
            self.pool = ctx.Pool(processes=min(self.jobs, self.count), initializer=warm_up)
        return self.pool.apply_async(func, (args,))

    def terminate(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()


class _Done:
    def __init__(self, value) -> None:
        self.value = value

    def get(self):
        return self.value
