"""Command line: argument parsing, file discovery, output and exit codes.

Never imports TensorFlow. LibCST is only imported once a file needs parsing.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import sys
import time
from typing import Iterator, Optional, Sequence

from tfmigrate import __version__
from tfmigrate.diagnostics import Diagnostic, to_json
from tfmigrate.engine import FileResult, Options, all_codes, process_bytes, process_many, selected_rules

EXIT_OK = 0
EXIT_CHANGES = 1
EXIT_ERROR = 2

EXIT_CODES_HELP = """\
exit codes:
  0  nothing to do: no file needed (or, with --check/--diff, would need) a rewrite,
     and no site was left for a human
  1  files were rewritten (or would be, with --check/--diff), or sites that cannot be
     translated faithfully were reported (each as path:line:col: TFMnnn message)
  2  a file could not be read, parsed or written (it was left byte-for-byte unchanged),
     or the command line was wrong
"""

REWRITE_EPILOG = """\
examples:
  tfmigrate rewrite src/                 rewrite every .py file under src/ in place
  tfmigrate rewrite --diff train.py      show what would change, write nothing
  tfmigrate rewrite --check src/         CI gate: exit 1 if anything would change
  tfmigrate rewrite --select TFM1 src/   only the ConfigProto rules (code prefixes work)
  cat train.py | tfmigrate rewrite -     read stdin, write the result to stdout

Rewrites keep each file's encoding, BOM, line endings and permissions, and are written
atomically. A site that cannot be translated faithfully is left exactly as it is and
reported; silence a report with a `# tfmigrate: ignore[TFM120]` comment on its line.

""" + EXIT_CODES_HELP

SKIP_DIRS = {
    ".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "__pycache__", "build", "dist",
    "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache", "site-packages", ".eggs",
}
SOURCE_SUFFIXES = (".py",)


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
    rewrite.add_argument("paths", nargs="+", metavar="PATH", help="files or directories; - reads stdin")
    mode = rewrite.add_mutually_exclusive_group()
    mode.add_argument("--diff", action="store_true", help="print a unified diff, write nothing")
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 if anything would change")
    _common_options(rewrite)

    rules = sub.add_parser("rules", help="list every rule code with a one-line description")
    rules.add_argument("--format", choices=("text", "json"), default="text")
    return parser


def _common_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--select", metavar="CODES", default="",
                   help="comma-separated rule codes or prefixes to run (default: all)")
    p.add_argument("--ignore", metavar="CODES", default="", help="comma-separated rule codes or prefixes to skip")
    p.add_argument("--exclude", metavar="GLOB", action="append", default=[],
                   help="skip paths matching GLOB (repeatable), e.g. --exclude 'tests/*'")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                   help="parallel worker processes (default: CPU count)")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    p.add_argument("--no-progress", action="store_true", help="never show progress on stderr")


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip().upper() for c in text.split(",") if c.strip())


# -- discovery ------------------------------------------------------------------------------


def _excluded(rel: str, patterns: Sequence[str]) -> bool:
    base = os.path.basename(rel)
    return any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(base, p) for p in patterns)


def _is_virtualenv(path: str) -> bool:
    return os.path.exists(os.path.join(path, "pyvenv.cfg"))


def discover(paths: Sequence[str], exclude: Sequence[str], skipped: list[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    """Yield (real path to read and write, path to display) for every source file."""
    seen: set[str] = set()
    for root in paths:
        if os.path.isfile(root) or (os.path.islink(root) and not os.path.isdir(root)):
            real = os.path.realpath(root)
            if real not in seen:
                seen.add(real)
                yield real, root
            continue
        if not os.path.isdir(root):
            skipped.append((root, "no such file or directory"))
            continue
        real_root = os.path.realpath(root)
        for folder, dirs, files in os.walk(root):
            rel_folder = os.path.relpath(folder, root)
            dirs[:] = sorted(
                d for d in dirs
                if d not in SKIP_DIRS and not d.endswith(".egg-info")
                and not _excluded(os.path.normpath(os.path.join(rel_folder, d)), exclude)
                and not _is_virtualenv(os.path.join(folder, d))
            )
            for name in sorted(files):
                if not name.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(folder, name)
                if _excluded(os.path.normpath(os.path.relpath(path, root)), exclude):
                    continue
                real = os.path.realpath(path)
                if os.path.islink(path):
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


def _print_result(r: FileResult, progress: Progress) -> None:
    lines = [d.format() for d in r.diagnostics]
    if r.error:
        lines.insert(0, f"{r.path}: error: {r.error}")
    if not lines and not r.diff:
        return
    progress.clear()
    if r.diff:
        sys.stdout.write(r.diff)
    for line in lines:
        print(line, file=sys.stderr if line.startswith(f"{r.path}: error:") else sys.stdout)


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


def cmd_rewrite(args: argparse.Namespace) -> int:
    mode = "diff" if args.diff else "check" if args.check else "write"
    options = Options(mode=mode, select=_codes(args.select), ignore=_codes(args.ignore))
    if not selected_rules(options):
        print("tfmigrate: error: --select/--ignore leave no rule to run (see `tfmigrate rules`)", file=sys.stderr)
        return EXIT_ERROR
    if "-" in args.paths:
        if len(args.paths) != 1:
            print("tfmigrate: error: '-' (stdin) cannot be combined with other paths", file=sys.stderr)
            return EXIT_ERROR
        return _rewrite_stdin(options)

    skipped: list[tuple[str, str]] = []
    items = list(discover(args.paths, args.exclude, skipped))
    for path, why in skipped:
        print(f"{path}: skipped: {why}", file=sys.stderr)
    counts = {"scanned": 0, "rewritten": 0, "unchanged": 0, "failed": 0, "diagnostics": 0}
    progress = Progress(len(items), enabled=not args.no_progress)

    def on_result(r: FileResult) -> None:
        counts["scanned"] += 1
        key = "rewritten" if r.status in ("rewritten", "would-rewrite") else r.status
        counts[key] = counts.get(key, 0) + 1
        counts["diagnostics"] += len(r.diagnostics)
        _print_result(r, progress)
        progress.step()

    process_many(items, options, max(1, args.jobs), on_result)
    progress.clear()
    missing = sum(1 for _, why in skipped if why == "no such file or directory")
    if not args.quiet:
        verb = "rewritten" if mode == "write" else "would be rewritten"
        print(
            f"tfmigrate: {counts['scanned']} files scanned, {counts['rewritten']} {verb}, "
            f"{counts['unchanged']} unchanged, {counts['failed'] + missing} failed, "
            f"{counts['diagnostics']} diagnostics",
            file=sys.stderr,
        )
    if counts["failed"] or missing:
        return EXIT_ERROR
    return EXIT_CHANGES if counts["rewritten"] or counts["diagnostics"] else EXIT_OK


def _rewrite_stdin(options: Options) -> int:
    data = sys.stdin.buffer.read()
    rules = selected_rules(options)
    r = process_bytes("<stdin>", data, rules, Options(mode="check", select=options.select, ignore=options.ignore),
                      "<stdin>")
    for d in r.diagnostics:
        print(d.format(), file=sys.stderr)
    if r.status == "failed":
        print(f"<stdin>: error: {r.error}", file=sys.stderr)
        sys.stdout.buffer.write(data)  # pass the input through untouched
        return EXIT_ERROR
    if r.status == "would-rewrite":
        from tfmigrate.engine import transform_source
        from tfmigrate.files import decode

        source = decode(data)
        new_text, _ = transform_source(source.text, rules, options)
        sys.stdout.buffer.write(source.encode(new_text))
        return EXIT_CHANGES
    sys.stdout.buffer.write(data)
    return EXIT_CHANGES if r.diagnostics else EXIT_OK


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    if args.command is None:
        parser.print_help()
        return EXIT_ERROR
    if args.command == "rules":
        return cmd_rules(args)
    return cmd_rewrite(args)
