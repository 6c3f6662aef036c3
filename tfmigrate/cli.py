"""Command line: argument parsing, file discovery, output and exit codes.

Never imports TensorFlow. LibCST is only imported once a file needs parsing.
"""

from __future__ import annotations

import argparse
import dataclasses
import fnmatch
import os
import re
import sys
import time
from dataclasses import dataclass, field
from typing import Iterator, Optional, Sequence

from tfmigrate import __version__
from tfmigrate.diagnostics import UNHANDLED_CODE, Diagnostic, to_json
from tfmigrate.engine import FileResult, Options, all_codes, process_many, rewrite_bytes, selected_rules
from tfmigrate.project_config import ConfigError, ProjectConfig, parse_codes, parse_target_version

EXIT_OK = 0
EXIT_CHANGES = 1
EXIT_ERROR = 2

EXIT_CODES_HELP = """\
exit codes:
  0  nothing to do: no file needed (or, with --check/--diff, would need) a rewrite,
     and no site was left for a human (`check`: no site was found)
  1  files were rewritten (or would be, with --check/--diff), or sites that cannot be
     translated faithfully were reported (each as path:line:col: TFMnnn message)
     (`check`: at least one site was found)
  2  a file (or notebook cell) could not be read, parsed or written (it was left
     byte-for-byte unchanged), or the command line or [tool.tfmigrate] was wrong
"""

REWRITE_EPILOG = """\
examples:
  tfmigrate rewrite src/                 rewrite every .py file under src/ in place
  tfmigrate rewrite --diff train.py      show what would change, write nothing
  tfmigrate rewrite --check src/         CI gate: exit 1 if anything would change
  tfmigrate rewrite --select TFM1 src/   only the ConfigProto rules (code prefixes work)
  tfmigrate rewrite --tf-upgrade src/    the whole migration: tfmigrate's rules, then
                                         TensorFlow's own upgrade-script renames
  cat train.py | tfmigrate rewrite -     read stdin, write the result to stdout

Directories are searched for .py files and Jupyter notebooks (.ipynb, each code cell
rewritten; needs nbformat). Rewrites keep each file's encoding, BOM, line endings and
permissions, and are written atomically. A site that cannot be translated faithfully is
left exactly as it is and reported; silence a report with a `# tfmigrate: ignore[TFM120]`
comment on its line. Settings can live in pyproject.toml under [tool.tfmigrate]
(select, ignore, exclude, target-version); flags on the command line override them.

""" + EXIT_CODES_HELP

CHECK_EPILOG = """\
examples:
  tfmigrate check src/                   list every TF1 site left, fixable or not
  tfmigrate check --format json src/     the same as a JSON list, for CI dashboards
  tfmigrate check --format sarif src/ > tfmigrate.sarif   for code-scanning upload
  tfmigrate check --tf-upgrade src/      also list what TensorFlow's upgrade script
                                         would rename (TFM400): "is anything TF1 left?"

Writes nothing. Each site is printed as path:line:col: CODE message (in a notebook,
path:cell N:line:col: CODE message).

""" + EXIT_CODES_HELP

SKIP_DIRS = {
    ".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "__pycache__", "build", "dist",
    "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache", "site-packages", ".eggs",
    ".ipynb_checkpoints",
}
SOURCE_SUFFIXES = (".py", ".ipynb")  # what a directory walk picks up
PYTHON_SUFFIXES = (".py", ".pyw", ".pyi", ".ipynb")  # what a file named on the command line may be


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tfmigrate",
        description="Migrate TF1 session and GPU configuration to TF2 tf.config calls.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Run `tfmigrate COMMAND --help` for the options of each command.\n\n" + EXIT_CODES_HELP,
    )
    parser.add_argument("--version", action="version", version=f"tfmigrate {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    rewrite = sub.add_parser(
        "rewrite", help="rewrite files in place (or show/check what would change)",
        description="Rewrite TF1 ConfigProto/GPUOptions/Session configuration as TF2 code.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=REWRITE_EPILOG,
    )
    # No path is not an error: pre-commit may call a hook with an empty file list.
    rewrite.add_argument("paths", nargs="*", metavar="PATH", help="files or directories; - reads stdin (and writes the result, or the diff with --diff, to stdout)")
    mode = rewrite.add_mutually_exclusive_group()
    mode.add_argument("--diff", action="store_true", help="print a unified diff on stdout (reports go to stderr), write nothing")
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 if anything would change or a site was left for a human")
    _common_options(rewrite)

    check = sub.add_parser(
        "check", help="report every TF1 site left (fixable or not); write nothing",
        description="Lint mode: list every remaining TF1 configuration and device-API site.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=CHECK_EPILOG,
    )
    check.add_argument("paths", nargs="*", metavar="PATH", help="files or directories")
    check.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                       help="text: path:line:col: CODE message (default); json: a list of sites; "
                            "sarif: a SARIF 2.1.0 log")
    _common_options(check)

    rules = sub.add_parser("rules", help="list every rule code with a one-line description")
    rules.add_argument("--format", choices=("text", "json"), default="text")
    return parser


def _common_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--select", metavar="CODES", default=None,
                   help="comma-separated rule codes or prefixes to run (default: all)")
    p.add_argument("--ignore", metavar="CODES", default=None, help="comma-separated rule codes or prefixes to skip")
    p.add_argument("--exclude", metavar="GLOB", action="append", default=[],
                   help="skip paths matching GLOB (repeatable, added to [tool.tfmigrate] exclude), "
                        "e.g. --exclude 'tests/*'")
    p.add_argument("--target-version", metavar="X.Y", default=None,
                   help="the TensorFlow 2.x release the code will run on, e.g. 2.21")
    p.add_argument("--tf-upgrade", action="store_true",
                   help="also apply the renames of TensorFlow's upgrade script (tf_upgrade_v2: "
                        "tf.placeholder -> tf.compat.v1.placeholder, ...) to every file that "
                        "imports tensorflow, after tfmigrate's own rules, in the same write. A "
                        "result of the script is kept only when it is safe (see the README); "
                        "needs TensorFlow installed for this Python or --tf-upgrade-python")
    p.add_argument("--tf-upgrade-python", metavar="PYTHON", default=None,
                   help="with --tf-upgrade: the Python whose TensorFlow provides the script "
                        "(default: the one running tfmigrate); TensorFlow is never imported")
    config = p.add_mutually_exclusive_group()
    config.add_argument("--config", metavar="PYPROJECT", default=None,
                        help="read [tool.tfmigrate] from this file instead of the nearest pyproject.toml")
    config.add_argument("--no-config", action="store_true", help="ignore every pyproject.toml")
    p.add_argument("-j", "--jobs", type=_positive, default=os.cpu_count() or 1,
                   help="parallel worker processes (default: CPU count)")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    p.add_argument("--no-progress", action="store_true", help="never show progress on stderr")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} workers: give 1 or more")
    return value


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip().upper() for c in text.split(",") if c.strip())


@dataclass(frozen=True)
class Settings:
    """Command line merged over [tool.tfmigrate]: what one run does."""

    options: Options
    exclude: tuple[str, ...]
    project_folder: Optional[str]  # where the pyproject.toml is: config excludes are relative to it


def resolve_settings(args: argparse.Namespace, mode: str, list_fixes: bool = False) -> Settings:
    """Raises ConfigError for a bad pyproject.toml or a bad --target-version."""
    from tfmigrate import project_config

    if args.no_config:
        config = ProjectConfig()
    elif args.config:
        config = project_config.load(args.config)
    else:
        config = project_config.discover(args.paths)
    select = parse_codes(_codes(args.select), "--select") if args.select is not None else config.select
    ignore = parse_codes(_codes(args.ignore), "--ignore") if args.ignore is not None else config.ignore
    target = parse_target_version(args.target_version) if args.target_version else config.target_version
    options = Options(mode=mode, select=select, ignore=ignore, list_fixes=list_fixes, target_version=target,
                      tf_upgrade=getattr(args, "tf_upgrade", False),
                      tf_upgrade_python=getattr(args, "tf_upgrade_python", None))
    return Settings(options, tuple(config.exclude) + tuple(args.exclude), config.folder)


# -- discovery ------------------------------------------------------------------------------


def _matches(candidates: Sequence[str], patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(c, p) for c in candidates for p in patterns)


def _names_for_matching(path: str, root: str, project_folder: Optional[str]) -> list[str]:
    """A path is excluded if a glob matches its name, its path relative to the directory
    argument it was found under (or as given, for a file argument), or its path relative
    to the folder of the pyproject.toml the globs came from."""
    names = [os.path.basename(path), os.path.normpath(os.path.relpath(path, root) if root else path)]
    if project_folder:
        full = os.path.abspath(path)
        if os.path.commonpath([full, project_folder]) == project_folder:
            names.append(os.path.relpath(full, project_folder))
    return [n.replace(os.sep, "/") for n in names]


def _is_virtualenv(path: str) -> bool:
    return os.path.exists(os.path.join(path, "pyvenv.cfg"))


def _looks_like_python(path: str) -> bool:
    """A file named on the command line: a Python suffix, or a script with a python shebang
    (pre-commit hands those over as `python` files too)."""
    if path.endswith(PYTHON_SUFFIXES):
        return True
    try:
        with open(path, "rb") as fh:
            first = fh.readline(200)
    except OSError:
        return True  # let the engine report why it cannot be read
    return first.startswith(b"#!") and b"python" in first


def discover(paths: Sequence[str], exclude: Sequence[str], skipped: list[tuple[str, str]],
             project_folder: Optional[str] = None) -> Iterator[tuple[str, str]]:
    """Yield (real path to read and write, path to display) for every source file."""
    seen: set[str] = set()
    for root in paths:
        if os.path.isfile(root) or (os.path.islink(root) and not os.path.isdir(root)):
            if exclude and _matches(_names_for_matching(root, "", project_folder), exclude):
                continue
            if os.path.exists(root) and not _looks_like_python(root):
                skipped.append((root, "not a Python file or notebook"))
                continue
            real = os.path.realpath(root)
            if real not in seen:
                seen.add(real)
                yield real, root
            continue
        if not os.path.isdir(root):
            skipped.append((root, "not a regular file" if os.path.exists(root) else "no such file or directory"))
            continue
        real_root = os.path.realpath(root)
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(
                d for d in dirs
                if d not in SKIP_DIRS and not d.endswith(".egg-info")
                and not (exclude and _matches(_names_for_matching(os.path.join(folder, d), root, project_folder), exclude))
                and not _is_virtualenv(os.path.join(folder, d))
            )
            real_folder = os.path.realpath(folder)  # os.walk does not enter linked folders
            for name in sorted(files):
                if not name.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(folder, name)
                if exclude and _matches(_names_for_matching(path, root, project_folder), exclude):
                    continue
                real = os.path.join(real_folder, name)
                if os.path.islink(path):
                    real = os.path.realpath(path)
                    if os.path.commonpath([real, real_root]) != real_root:
                        skipped.append((path, f"symlink to {real}, outside the tree; left alone"))
                        continue
                if real in seen:
                    continue
                seen.add(real)
                yield real, path


# -- output ----------------------------------------------------------------------------------


class Progress:
    """A single self-overwriting line on stderr, only when stderr is a terminal."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled and total >= 50 and sys.stderr.isatty()
        self.done = 0
        self.last = 0.0

    def step(self) -> None:
        self.done += 1
        if self.enabled and (time.monotonic() - self.last > 0.1 or self.done == self.total):
            self.last = time.monotonic()
            sys.stderr.write(f"\rtfmigrate: {self.done}/{self.total} files")
            sys.stderr.flush()

    def clear(self) -> None:
        if self.enabled:
            sys.stderr.write("\r" + " " * 40 + "\r")
            sys.stderr.flush()


_CELL_PROBLEM = re.compile(r"^(cell \d+): (.*)$")


def _error_lines(r: FileResult) -> list[str]:
    """`path: error: message`; a notebook cell's problem reads `nb.ipynb:cell 4: error: ...`."""
    lines = []
    for text in (r.error or "").splitlines():
        cell = _CELL_PROBLEM.match(text)
        lines.append(f"{r.path}:{cell[1]}: error: {cell[2]}" if cell else f"{r.path}: error: {text}")
    return lines


def error_diagnostics(errors: Sequence[tuple[str, str]]) -> list[Diagnostic]:
    """Each file or notebook cell that could not be handled, as a TFM001 record, so that
    JSON and SARIF readers see it among the sites (a cell's record names the cell)."""
    out = []
    for path, message in errors:
        for text in message.splitlines():
            cell = _CELL_PROBLEM.match(text)
            where, text = (f"{path}:{cell[1]}", cell[2]) if cell else (path, text)
            line = re.search(r"\(line (\d+)\)", text)  # "cannot parse (line 3): ..."
            out.append(Diagnostic(where, int(line[1]) if line else 1, 0, UNHANDLED_CODE, text))
    return out


def _print_result(r: FileResult, progress: Progress, show_diagnostics: bool = True, reports=None) -> None:
    reports = reports or sys.stdout
    diagnostics = [d.format() for d in r.diagnostics] if show_diagnostics else []
    errors = _error_lines(r)
    if not diagnostics and not errors and not r.diff:
        return
    progress.clear()
    if r.diff:
        sys.stdout.write(r.diff)
    for line in errors:
        print(line, file=sys.stderr)
    for line in diagnostics:
        print(line, file=reports)


# -- commands --------------------------------------------------------------------------------


def cmd_rules(args: argparse.Namespace) -> int:
    codes = all_codes()
    if args.format == "json":
        import json

        print(json.dumps(codes, indent=2, ensure_ascii=False))
    else:
        for code, text in codes.items():
            print(f"{code}  {text}")
    return EXIT_OK


@dataclass
class RunTotals:
    scanned: int = 0
    rewritten: int = 0  # rewritten, or would be
    unchanged: int = 0
    skipped: int = 0
    failed: int = 0
    in_part: int = 0  # rewritten, with a notebook cell left as it was (counted in `rewritten`)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (path, message)

    def add(self, r: FileResult) -> None:
        """Each file counts once, so the summary's counts add up to the files scanned. A
        notebook rewritten with a cell that could not be handled is rewritten, "in part";
        one left unchanged because of such a cell failed. Any error makes the exit code 2."""
        self.scanned += 1
        if r.status in ("rewritten", "would-rewrite"):
            self.rewritten += 1
            self.in_part += bool(r.error)
        elif r.status == "skipped":
            self.skipped += 1
        elif r.status == "unchanged" and not r.error:
            self.unchanged += 1
        else:
            self.failed += 1
        if r.status == "failed" or r.error:
            self.errors.append((r.path, r.error or "failed"))
        self.diagnostics.extend(r.diagnostics)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _run(paths: Sequence[str], settings: Settings, args: argparse.Namespace, show_diagnostics: bool) -> RunTotals:
    """Discover, process and print per-file output; missing paths count as failures."""
    skipped: list[tuple[str, str]] = []
    items = list(discover(paths, settings.exclude, skipped, settings.project_folder))
    totals = RunTotals()
    for path, why in skipped:
        print(f"{path}: skipped: {why}", file=sys.stderr)
        if why in ("no such file or directory", "not a regular file"):
            totals.failed += 1
            totals.errors.append((path, why))
    progress = Progress(len(items), enabled=not args.no_progress)
    # With --diff, stdout is the patch (`> fix.patch`): the reports go beside it, to stderr.
    reports = sys.stderr if getattr(args, "diff", False) else sys.stdout

    def on_result(r: FileResult) -> None:
        totals.add(r)
        _print_result(r, progress, show_diagnostics, reports)
        progress.step()

    process_many(items, settings.options, max(1, args.jobs), on_result)
    progress.clear()
    return totals


def _settings_or_exit(args: argparse.Namespace, mode: str, list_fixes: bool = False) -> Optional[Settings]:
    try:
        settings = resolve_settings(args, mode, list_fixes)
    except ConfigError as exc:
        print(f"tfmigrate: error: {exc}", file=sys.stderr)
        return None
    known = all_codes()
    unknown = [c for c in (*settings.options.select, *settings.options.ignore) if not any(k.startswith(c) for k in known)]
    if unknown:  # a typo (TFM131 for TFM113) would otherwise select or silence nothing, silently
        print(f"tfmigrate: error: {', '.join(unknown)} matches no rule code (see `tfmigrate rules`)", file=sys.stderr)
        return None
    if not selected_rules(settings.options):
        print("tfmigrate: error: --select/--ignore leave no rule to run (see `tfmigrate rules`)", file=sys.stderr)
        return None
    if args.tf_upgrade_python and not args.tf_upgrade:
        print("tfmigrate: error: --tf-upgrade-python goes with --tf-upgrade", file=sys.stderr)
        return None
    if args.tf_upgrade:  # fail before touching any file, not once per file
        from tfmigrate.tf_upgrade import ScriptUnavailable, UpgradeScript

        try:
            script = UpgradeScript(args.tf_upgrade_python)
            script.close()
        except ScriptUnavailable as exc:
            print(f"tfmigrate: error: --tf-upgrade: {exc}", file=sys.stderr)
            return None
        # the prefilter then passes only files naming something the script acts on
        options = dataclasses.replace(settings.options, tf_upgrade_names=script.names)
        settings = dataclasses.replace(settings, options=options)
    return settings


def cmd_rewrite(args: argparse.Namespace) -> int:
    mode = "diff" if args.diff else "check" if args.check else "write"
    settings = _settings_or_exit(args, mode)
    if settings is None:
        return EXIT_ERROR
    if "-" in args.paths:
        if len(args.paths) != 1:
            print("tfmigrate: error: '-' (stdin) cannot be combined with other paths", file=sys.stderr)
            return EXIT_ERROR
        return _rewrite_stdin(settings.options)

    totals = _run(args.paths, settings, args, show_diagnostics=True)
    if not args.quiet:
        verb = "rewritten" if mode == "write" else "would be rewritten"
        if totals.in_part:
            verb += f" ({totals.in_part} in part: a cell was left as it was)"
        skipped = f", {totals.skipped} skipped" if totals.skipped else ""
        print(
            f"tfmigrate: {_count(totals.scanned, 'file')} scanned, {totals.rewritten} {verb}, "
            f"{totals.unchanged} unchanged{skipped}, {totals.failed} failed, "
            f"{_count(len(totals.diagnostics), 'diagnostic')}",
            file=sys.stderr,
        )
    if totals.errors:
        return EXIT_ERROR
    return EXIT_CHANGES if totals.rewritten or totals.diagnostics else EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    # Fixable sites are listed too: `check` answers "what TF1 is left", not "what is left
    # after a rewrite".
    settings = _settings_or_exit(args, "check", list_fixes=True)
    if settings is None:
        return EXIT_ERROR
    if "-" in args.paths:
        print("tfmigrate: error: `check` reads files, not stdin; use `tfmigrate rewrite --check -`", file=sys.stderr)
        return EXIT_ERROR
    totals = _run(args.paths, settings, args, show_diagnostics=args.format == "text")
    unhandled = error_diagnostics(totals.errors)
    if args.format == "json":
        print(to_json(sorted(totals.diagnostics + unhandled)))
    elif args.format == "sarif":
        import json

        from tfmigrate.sarif import sarif_log

        log = sarif_log(sorted(totals.diagnostics + unhandled), all_codes(), __version__, totals.errors)
        print(json.dumps(log, indent=2, ensure_ascii=False))
    if not args.quiet:
        files = len({d.path.split(":cell ")[0] for d in totals.diagnostics})
        skipped = f", {totals.skipped} skipped" if totals.skipped else ""
        part = f" ({totals.in_part} more in part: a cell could not be read)" if totals.in_part else ""
        print(f"tfmigrate: {_count(totals.scanned, 'file')} scanned, {_count(len(totals.diagnostics), 'site')} in "
              f"{_count(files, 'file')}{skipped}, {totals.failed} failed{part}", file=sys.stderr)
    if totals.errors:
        return EXIT_ERROR
    return EXIT_CHANGES if totals.diagnostics or totals.rewritten else EXIT_OK


def _rewrite_stdin(options: Options) -> int:
    """`-`: the result on stdout (the input itself when nothing changes or the source
    cannot be parsed); with --diff the diff instead, with --check nothing but the exit code."""
    data = sys.stdin.buffer.read()
    r, new_data = rewrite_bytes(data, selected_rules(options), options, "<stdin>")
    for d in r.diagnostics:
        print(d.format(), file=sys.stderr)
    if r.status == "failed":
        print(f"<stdin>: error: {r.error}", file=sys.stderr)
    if options.mode == "diff":
        sys.stdout.write(r.diff or "")
    elif options.mode == "write":
        sys.stdout.buffer.write(data if new_data is None else new_data)
    if r.status == "failed":
        return EXIT_ERROR
    return EXIT_CHANGES if new_data is not None or r.diagnostics else EXIT_OK


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    if args.command is None:
        parser.print_help()
        return EXIT_ERROR
    command = {"rules": cmd_rules, "check": cmd_check, "rewrite": cmd_rewrite}[args.command]
    try:
        return command(args)
    except BrokenPipeError:  # `tfmigrate check ... | head`: the reader left, nothing to report
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_ERROR
