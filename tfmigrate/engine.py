"""discover → prefilter → parse → run rules → apply fixes → write atomically.

The engine knows nothing about TensorFlow (rules do) and nothing about argument parsing
(the CLI does). Every failure is contained to its file: the file is left byte-for-byte as
it was, the run reports it and carries on.

It drives the passes: a file, a notebook (notebooks.py: its code cells together) and a
project (project_pass.py: session configs that cross files). Each of them transforms a
module with tfmigrate/transform.py, below all three; the project pass is handed the
engine's own per-file steps (`FileSteps`), so nothing below the engine imports it.
"""

from __future__ import annotations

import os
from typing import Callable, Optional, Sequence

from tfmigrate import prefilter
from tfmigrate.files import ChangedDuringRun, SourceError, decode, read_source, write_atomic
# What one module's transform is made of lives in transform.py; these names are the
# engine's API too (the CLI, the tests and the benchmarks call them here).
from tfmigrate.transform import (  # noqa: F401
    FileResult,
    ModuleResult,
    Options,
    _add_from_imports,
    _add_imports,
    _load_rules,
    _rule_triggers,
    _trigger_pattern,
    trigger_pattern,
    _verify,
    all_codes,
    load_rules,
    parse_error,
    selected_rules,
    suppressions,
    transform_module,
    unified_diff,
    warm_up as _warm_up,
)

# LibCST is imported lazily: a run whose files all fail the prefilter never needs it.


def transform_source(text: str, rules: Sequence, options: Options = Options(), path: str = "") -> tuple[str, ModuleResult]:
    import libcst as cst

    module = cst.parse_module(text)
    result = transform_module(module, rules, options, path, text=text)
    return result.code, result


# -- one file ----------------------------------------------------------------------------


def process_file(path: str, options: Options, display: Optional[str] = None) -> FileResult:
    display = display or path
    try:
        data = read_source(path)
    except OSError as exc:
        return FileResult(display, "failed", error=f"cannot read: {exc.strerror or exc}")
    rules = selected_rules(options)
    if not prefilter.might_match_file(path, data, trigger_pattern(options)):
        return FileResult(display, "unchanged")
    return process_bytes(path, data, rules, options, display)


def process_bytes(path: str, data: bytes, rules: Sequence, options: Options, display: str) -> FileResult:
    if path.endswith(".ipynb"):  # the code cells go through the same transform, together
        from tfmigrate.notebooks import process_notebook

        return process_notebook(path, data, rules, options, display)
    result, new_data = rewrite_bytes(data, rules, options, display)
    if new_data is None or options.mode != "write":
        return result
    try:
        write_atomic(path, new_data, expected=data)  # not over an edit made since `data` was read
    except ChangedDuringRun:
        return FileResult(display, "failed", result.diagnostics, error=ChangedDuringRun.message, parsed=True)
    except (OSError, UnicodeEncodeError) as exc:
        return FileResult(display, "failed", result.diagnostics, error=f"cannot write: {exc}", parsed=True)
    return FileResult(display, "rewritten", result.diagnostics, parsed=True)


def rewrite_bytes(data: bytes, rules: Sequence, options: Options, display: str) -> tuple[FileResult, Optional[bytes]]:
    """Transform one file's bytes without writing anything: the result ("unchanged",
    "would-rewrite" with a diff in diff mode, or "failed") and, when the code changes, the
    new bytes in the file's own encoding, BOM and line endings."""
    import libcst as cst

    try:
        source = decode(data)
    except SourceError as exc:
        return FileResult(display, "failed", error=str(exc)), None
    try:
        module = cst.parse_module(source.text)
    except cst.ParserSyntaxError as exc:
        return FileResult(display, "failed", error=parse_error(source.text, exc), parsed=True), None
    except RecursionError:
        return FileResult(display, "failed", error="too deeply nested to parse", parsed=True), None
    try:  # from here on a failure is ours, never the file's: say so
        result = transform_module(module, rules, options, display, text=source.text)
        new_text = result.code
    except RecursionError:
        return FileResult(display, "failed", error="too deeply nested to rewrite", parsed=True), None
    except Exception as exc:  # a bug in a rule must never cost the user a file
        return FileResult(display, "failed", error=f"internal error, file left unchanged: {type(exc).__name__}: {exc}",
                          parsed=True), None

    diagnostics, fixes = list(result.diagnostics), list(result.fixes)
    changed = result.changed
    if options.tf_upgrade:  # TensorFlow's own renames, on what tfmigrate's rules left
        from tfmigrate.tf_upgrade import ScriptUnavailable, upgrade_file_text

        try:
            upgraded, renames, kept_out = upgrade_file_text(
                new_text, display, options.tf_upgrade_python, original=source.text if result.changed else None,
                own_lines=frozenset(fix.line for fix in fixes))
        except ScriptUnavailable as exc:
            return FileResult(display, "failed", diagnostics, error=f"--tf-upgrade: {exc}", parsed=True), None
        changed = changed or upgraded != new_text
        new_text = upgraded
        diagnostics += kept_out
        fixes += renames
    if options.list_fixes:
        diagnostics = sorted(diagnostics + fixes)
    if not changed:
        return FileResult(display, "unchanged", diagnostics, parsed=True), None

    problem = _verify(new_text, source.text)
    if problem is not None:
        return FileResult(display, "failed", diagnostics,
                          error=f"internal error: the rewrite would not compile ({problem}); file left unchanged",
                          parsed=True), None
    try:
        new_data = source.encode(new_text)
    except UnicodeEncodeError as exc:
        return FileResult(display, "failed", diagnostics, error=f"cannot write: {exc}", parsed=True), None
    diff = unified_diff(source.text, new_text, display) if options.mode == "diff" else None
    return FileResult(display, "would-rewrite", diagnostics, diff=diff, parsed=True), new_data


# -- many files ----------------------------------------------------------------------------


def _worker(args: tuple[str, Options, str]) -> FileResult:
    path, options, display = args
    return process_file(path, options, display)


def process_many(items: Sequence[tuple[str, str]], options: Options, jobs: int,
                 on_result: Callable[[FileResult], None]) -> None:
    """Process (path, display) pairs; results arrive in input order, one at a time.

    The prefilter runs here, since reading a file is far cheaper than shipping it to a
    worker. The workers start with the first file that passes it, and take each such file
    as soon as it is found, so they parse while the rest of the tree is still being read."""
    if len(items) > 1:  # the project-wide pass: session configs that cross files (project_index.py)
        from tfmigrate.project_pass import FileSteps, process_project

        return process_project(items, options, jobs, on_result, FileSteps(process_file, rewrite_bytes))
    pattern = trigger_pattern(options)
    parallel = jobs > 1 and len(items) >= 4
    pool = None
    order: list = []  # a FileResult, the arguments for _worker, or a worker's pending result, per item
    try:
        for path, display in items:
            try:
                data = read_source(path)
            except OSError as exc:
                order.append(FileResult(display, "failed", error=f"cannot read: {exc.strerror or exc}"))
                continue
            if not prefilter.might_match_file(path, data, pattern):
                order.append(FileResult(display, "unchanged"))
            elif not parallel:
                order.append((path, options, display))
            else:
                if pool is None:
                    import multiprocessing

                    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
                    pool = ctx.Pool(processes=min(jobs, len(items)), initializer=_warm_up)
                order.append(pool.apply_async(_worker, ((path, options, display),)))
            del data
        for slot in order:
            if isinstance(slot, FileResult):
                on_result(slot)
            elif isinstance(slot, tuple):
                on_result(_worker(slot))
            else:
                on_result(slot.get())
    except BaseException:  # Ctrl-C or a broken pipe: stop the workers now
        if pool is not None:
            pool.terminate()
            pool.join()
        raise
    if pool is not None:
        pool.close()
        pool.join()
