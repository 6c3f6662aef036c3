"""Time `tfmigrate rewrite --check` against tf_upgrade_v2 and grep on two trees.

    python benchmarks/run.py                       # both 4000-file trees, all three tools
    python benchmarks/run.py --trees real-size     # only the tree of real-size TF1 programs
    python benchmarks/run.py --memory-scaling      # also peak RSS at 1000/2000/4000 files
    python benchmarks/run.py --tree DIR --json out.json

The two generated trees hold the same standard-library files; they differ in their 2%
of TF1 files: small GPU-configuration scripts (2-4 KB) in the "small" tree, whole TF1
programs of 5-25 KB (benchmarks/tf1_programs/) in the "real-size" tree. Every tool runs
on every file of each tree, tf_upgrade_v2 included.

This script only measures and prints. It never asserts a timing: the project's goals
(>= 150x faster than tf_upgrade_v2, within 10x of grep) are shown next to the
figures so a reader can judge them, not enforced.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
GNU_TIME = "/usr/bin/time"

GOAL_VS_TF_UPGRADE = 150.0
GOAL_VS_GREP = 10.0
MEMORY_SIZES = (1000, 2000, 4000)
TREE_KINDS = ("small", "real-size")


# ---------------------------------------------------------------------------
# Running one command
# ---------------------------------------------------------------------------


@dataclass
class Run:
    seconds: float
    exit_code: int
    max_rss_kb: int  # peak RSS in KiB; see run_once for what it can and cannot tell
    rss_floor_kb: int  # a max_rss_kb at or below this says only "at most this much"
    stdout_lines: int
    traceback: bool
    stderr_tail: str
    tree_pss_kb: int | None = None  # sampled peak of the whole process tree, if asked
    cpu_seconds: float | None = None  # user + system, the child's and its reaped workers


class TreeSampler(threading.Thread):
    """Polls the summed PSS of a process and all its descendants (Linux /proc).

    ru_maxrss is per process, so it misses the total when the tool forks workers; PSS
    splits pages shared between forked workers, so the sum does not double count.
    A peak shorter than the polling interval can be missed: treat it as a lower bound.
    """

    def __init__(self, pid: int, interval: float = 0.02) -> None:
        super().__init__(daemon=True)
        self.pid, self.interval, self.peak_kb = pid, interval, 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            self.peak_kb = max(self.peak_kb, sum(pss_kb(p) for p in descendants(self.pid)))
            self.done.wait(self.interval)


def descendants(pid: int) -> list[int]:
    """`pid` and every process below it, via /proc/PID/task/TID/children."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as fh:
                    todo += [int(c) for c in fh.read().split()]
        except OSError:
            continue  # exited meanwhile
    return found


def pss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as fh:
            for line in fh:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def run_once(cmd: list[str], env: dict | None = None, sample_tree: bool = False) -> Run:
    """Run `cmd` to completion; wall time, exit code and the child's own peak RSS.

    os.wait4 gives the rusage of exactly this child (RUSAGE_CHILDREN would be a running
    maximum over every child we ever had). Linux folds the launching process's memory
    into the child's ru_maxrss at exec, so this launcher's own peak is a floor: values
    above it are the child's real peak, values at it mean "no more than that".
    """
    floor = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env)
        sampler = TreeSampler(proc.pid) if sample_tree else None
        if sampler:
            sampler.start()
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        if sampler:
            sampler.done.set()
            sampler.join()
        proc.returncode = os.waitstatus_to_exitcode(status)  # tell Popen it was reaped
        out.seek(0)
        err.seek(0)
        lines = out.read().count(b"\n")
        stderr = err.read().decode("utf-8", "replace")
    return Run(elapsed, proc.returncode, usage.ru_maxrss, floor, lines,
               "Traceback (most recent call last)" in stderr, stderr[-2000:],
               sampler.peak_kb if sampler else None, usage.ru_utime + usage.ru_stime)


def measure_memory(cmd: list[str], env: dict | None = None) -> tuple[Run, bool]:
    """Largest single-process peak RSS with no launcher floor (GNU time forks a fresh,
    tiny parent for `cmd`), plus the sampled peak PSS of the whole process tree.

    Returns the run (max_rss_kb replaced by GNU time's figure) and whether it was exact.
    """
    if not os.access(GNU_TIME, os.X_OK):
        return run_once(cmd, env, sample_tree=True), False
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        run = run_once([GNU_TIME, "-f", "%M", "-o", rss.name] + cmd, env, sample_tree=True)
        text = rss.read().strip().splitlines()
    if text and text[-1].isdigit():
        run.max_rss_kb, run.rss_floor_kb = int(text[-1]), 0
        return run, True
    return run, False


def warm_cache(root: str | os.PathLike) -> int:
    """Read every file once so each tool starts from the same (hot) page cache."""
    total = 0
    for dirpath, _, files in os.walk(root):
        for name in files:
            with open(os.path.join(dirpath, name), "rb") as fh:
                total += len(fh.read())
    return total


def count_py(root: str | os.PathLike) -> int:
    return sum(1 for p in Path(root).rglob("*.py") if p.is_file())


def make_tree(target: str, n_files: int, seed: int, parseable_only: bool, real_size: bool = False) -> None:
    """Generate in a child process: keeps this launcher small (see run_once on RSS)."""
    cmd = [sys.executable, str(HERE / "make_tree.py"), target, "-n", str(n_files), "--seed", str(seed)]
    if parseable_only:
        cmd.append("--parseable-by-tf-upgrade")
    if real_size:
        cmd.append("--real-size")
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


# ---------------------------------------------------------------------------
# The three tools
# ---------------------------------------------------------------------------


def child_env(scratch: str) -> dict:
    """Environment for children: the repo importable, so `-m tfmigrate` works uninstalled,
    and Python free to cache bytecode (in `scratch`, not the checkout). An installed
    tfmigrate, like the installed tf_upgrade_v2, has its bytecode compiled by pip; a
    checkout run with PYTHONDONTWRITEBYTECODE=1 (as some sandboxes set) would compile
    tfmigrate's sources on every run instead, about 50 ms that no user pays."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(scratch, "pycache")
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if str(REPO) not in paths:
        paths.append(str(REPO))
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def find_tf_upgrade() -> str | None:
    beside = Path(sys.executable).parent / "tf_upgrade_v2"
    return str(beside) if beside.exists() else shutil.which("tf_upgrade_v2")


# Run in a child so importing tfmigrate (and LibCST, via the rules) neither inflates
# this launcher's memory (see run_once) nor can break the benchmark mid-way.
_PATTERN_SCRIPT = """
from tfmigrate import engine
print(engine._trigger_pattern((), ()).grep_source())
"""


def trigger_pattern(env: dict) -> str:
    """What grep searches for: the very words and regexes of tfmigrate's prefilter
    (tfmigrate/prefilter.py writes them so that `grep -E` reads them alike)."""
    proc = subprocess.run([sys.executable, "-c", _PATTERN_SCRIPT], env=env,
                          capture_output=True, text=True, check=True)
    return proc.stdout.strip()


def tfmigrate_cmd(tree: str) -> list[str]:
    return [sys.executable, "-m", "tfmigrate", "rewrite", "--check", tree]


def grep_cmd(tree: str, pattern: str) -> list[str]:
    return ["grep", "-rlE", pattern, tree]


def tfmigrate_ok(run: Run) -> bool:
    # 0 = nothing to change, 1 = changes pending, 2 = some files failed (still a result).
    return run.exit_code in (0, 1, 2) and not run.traceback


def grep_ok(run: Run) -> bool:
    return run.exit_code in (0, 1)  # 1 just means no file matched


def time_tfmigrate(tree: str, repeat: int, env: dict) -> list[Run]:
    run_once(tfmigrate_cmd(tree), env)  # untimed: writes the bytecode cache (see child_env)
    runs = []
    for _ in range(repeat):
        warm_cache(tree)
        runs.append(run_once(tfmigrate_cmd(tree), env))
    return runs


def time_grep(tree: str, pattern: str, repeat: int, env: dict) -> list[Run]:
    runs = []
    for _ in range(repeat):
        warm_cache(tree)
        runs.append(run_once(grep_cmd(tree, pattern), env))
    return runs


def tf_upgrade_cmd(exe: str, intree: str, outtree: str, report: str) -> list[str]:
    return [exe, "--intree", intree, "--outtree", outtree, "--reportfile", report]


def tf_upgrade_env(scratch: str) -> dict:
    # tf_upgrade_v2 writes a NamedTemporaryFile per input and leaks it when it crashes;
    # point TMPDIR at our scratch dir so nothing is left behind in /tmp.
    return dict(os.environ, TMPDIR=scratch, TF_CPP_MIN_LOG_LEVEL="2")


def time_tf_upgrade(exe: str, tree: str, repeat: int, scratch: str, tag: str = "") -> list[Run]:
    """Runs on a copy of the tree (outtree must not exist yet), so `tree` stays untouched."""
    intree = os.path.join(scratch, f"tfu_in{tag}")
    if not os.path.exists(intree):
        shutil.copytree(tree, intree)
    runs = []
    for i in range(repeat):
        outtree = os.path.join(scratch, f"tfu_out{tag}_{i}")
        report = os.path.join(scratch, f"tfu_report{tag}_{i}.txt")
        warm_cache(intree)
        runs.append(run_once(tf_upgrade_cmd(exe, intree, outtree, report), tf_upgrade_env(scratch)))
        shutil.rmtree(outtree, ignore_errors=True)  # keep the disk and cache state alike
    shutil.rmtree(intree, ignore_errors=True)
    return runs


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------


@dataclass
class ToolResult:
    name: str
    runs: list[Run]
    ok: bool
    median_s: float | None = None
    files_per_s: float | None = None
    median_cpu_s: float | None = None
    note: str = ""

    @classmethod
    def of(cls, name: str, runs: list[Run], ok_fn, n_files: int) -> "ToolResult":
        ok = bool(runs) and all(ok_fn(r) for r in runs)
        res = cls(name, runs, ok)
        if ok:
            res.median_s = statistics.median(r.seconds for r in runs)
            res.files_per_s = n_files / res.median_s
            res.median_cpu_s = statistics.median(r.cpu_seconds or 0.0 for r in runs)
        elif runs:
            bad = next(r for r in runs if not ok_fn(r))
            last = (bad.stderr_tail.strip().splitlines() or [""])[-1]
            res.note = f"exit {bad.exit_code}: {last}"
        return res


def ratio(a: ToolResult | None, b: ToolResult | None, cpu: bool = False) -> float | None:
    if a and b and a.median_s and b.median_s:
        if cpu:
            return a.median_cpu_s / b.median_cpu_s if a.median_cpu_s and b.median_cpu_s else None
        return a.median_s / b.median_s
    return None


def fmt(x: float | None, spec: str, unit: str = "") -> str:
    return "n/a" if x is None else format(x, spec) + unit


def rss_text(runs: list[Run]) -> str:
    peak = max(runs, key=lambda r: r.max_rss_kb, default=None)
    if peak is None:
        return "n/a"
    mib = peak.max_rss_kb / 1024
    return f"<= {mib:.1f}" if peak.max_rss_kb <= peak.rss_floor_kb else f"{mib:.1f}"


def print_table(results: list[ToolResult], n_files: int) -> None:
    print(f"\nTimed on a tree of {n_files} .py files (median of each tool's runs, hot cache)\n")
    print(f"{'tool':<28}{'runs':>5}{'median s':>11}{'CPU s':>9}{'files/s':>11}{'peak RSS MiB':>14}  exit codes")
    for r in results:
        codes = ",".join(str(x.exit_code) for x in r.runs)
        print(f"{r.name:<28}{len(r.runs):>5}{fmt(r.median_s, '.3f'):>11}{fmt(r.median_cpu_s, '.2f'):>9}"
              f"{fmt(r.files_per_s, ',.0f'):>11}{rss_text(r.runs):>14}  {codes}")
        if r.note:
            print(f"{'':<28}  !! {r.note}")


def print_ratios(by_name: dict[str, ToolResult]) -> dict:
    slow = ratio(by_name.get("tf_upgrade_v2"), by_name.get("tfmigrate rewrite --check"))
    grep = ratio(by_name.get("tfmigrate rewrite --check"), by_name.get("grep -rlE"))
    slow_cpu = ratio(by_name.get("tf_upgrade_v2"), by_name.get("tfmigrate rewrite --check"), cpu=True)
    print("\nRatios (of median wall times; CPU times, which suffer less from other work, in brackets)")
    print(f"  tf_upgrade_v2 / tfmigrate = {fmt(slow, '.1f', 'x')} [{fmt(slow_cpu, '.1f', 'x')}]   "
          f"(goal: >= {GOAL_VS_TF_UPGRADE:.0f}x; bigger is better)")
    print(f"  tfmigrate / grep          = {fmt(grep, '.1f', 'x')}   (goal: <= {GOAL_VS_GREP:.0f}x; smaller is better)")
    return {"tf_upgrade_v2_over_tfmigrate": slow, "tfmigrate_over_grep": grep,
            "tf_upgrade_v2_over_tfmigrate_cpu": slow_cpu}


# ---------------------------------------------------------------------------
# Memory scaling
# ---------------------------------------------------------------------------


def memory_scaling(seed: int, scratch: str, env: dict) -> list[dict]:
    """Peak RSS of one `tfmigrate rewrite --check` per tree size; should stay flat."""
    rows = []
    print("\nMemory of tfmigrate rewrite --check by tree size (one run each)")
    print(f"  {'files':>5}  {'largest process peak RSS':>24}  {'whole tree peak PSS':>20}  seconds")
    for n in MEMORY_SIZES:
        tree = os.path.join(scratch, f"mem_{n}")
        make_tree(tree, n, seed, parseable_only=False)  # tfmigrate must cope with all syntax
        warm_cache(tree)
        run, exact = measure_memory(tfmigrate_cmd(tree), env)
        ok = tfmigrate_ok(run)
        rows.append({"files": n, "max_rss_kb": run.max_rss_kb, "max_rss_exact": exact,
                     "tree_pss_kb": run.tree_pss_kb, "seconds": run.seconds,
                     "exit_code": run.exit_code, "ok": ok})
        rss = ("" if exact else "<= ") + f"{run.max_rss_kb / 1024:.1f} MiB"
        pss = f"{run.tree_pss_kb / 1024:.1f} MiB"
        flag = "" if ok else f"  !! exit {run.exit_code}: {run.stderr_tail.strip()[-200:]}"
        print(f"  {n:>5}  {rss:>24}  {pss:>20}  {run.seconds:7.2f}{flag}")
        shutil.rmtree(tree, ignore_errors=True)
    return rows


# ---------------------------------------------------------------------------
# tf_upgrade_v2 on modern syntax (reported, not timed)
# ---------------------------------------------------------------------------

# Small, ordinary modules, each using one construct pasta (tf_upgrade_v2's parser)
# predates. Python 3.11 itself parses all of them.
MODERN_SAMPLES = {
    "walrus": (
        "import re\n\n\n"
        "def first_number(text):\n"
        "    if (m := re.search(r'\\d+', text)) is not None:\n"
        "        return int(m.group())\n"
        "    return None\n"
    ),
    "match": (
        "def describe(command):\n"
        "    match command.split():\n"
        "        case ['go', direction]:\n"
        "            return 'moving ' + direction\n"
        "        case _:\n"
        "            return 'unknown'\n"
    ),
    "positional-only /": "def first(items, /):\n    return items[0]\n",
    "f-string {x=}": "def show(x):\n    return f'{x=}'\n",
    "f-string {x:#x}": "def show(x):\n    return f'{x:#x}'\n",
    "multi-line f-string": (
        "def pattern(delim, name):\n"
        '    return f"""\n'
        "        {delim}(?:\n"
        "          (?P<named>{name}) |   # an identifier\n"
        "          (?P<invalid>)          # anything else\n"
        "        )\n"
        '        """\n'
    ),
    "parenthesized with": "def both(a, b):\n    with (open(a) as f,\n          open(b) as g):\n        return f.read() + g.read()\n",
    "except*": "def run(job):\n    try:\n        job()\n    except* ValueError:\n        pass\n",
}
TREE_SAMPLES = ("match", "walrus")  # the two put in the small "modern tree"


def exception_line(stderr: str) -> str:
    """The `Type: message` line that ends the last traceback in `stderr`, if any."""
    lines = stderr.splitlines()
    frames = [i for i, line in enumerate(lines) if line.startswith("  File ")]
    if not frames:
        return ""
    for line in lines[frames[-1] + 1:]:
        if line and not line.startswith(" "):
            return line.strip()
    return ""


def describe_tf_upgrade_run(run: Run, intree: str, outtree: str, report: str) -> dict:
    out_files = list(Path(outtree).rglob("*.py")) if os.path.isdir(outtree) else []
    # An empty output for a non-empty input is a file tf_upgrade_v2 failed to parse.
    empty = sorted(
        str(rel) for rel in (p.relative_to(outtree) for p in out_files)
        if Path(outtree, rel).stat().st_size == 0 and Path(intree, rel).stat().st_size > 0
    )
    return {
        "exit_code": run.exit_code,
        "aborted": run.traceback,
        "error": exception_line(run.stderr_tail),
        "files_in": count_py(intree),
        "files_written": len(out_files),
        "empty_outputs": empty,
        "report_written": os.path.exists(report),
        "seconds": run.seconds,
    }


def tf_upgrade_on_tree(exe: str, intree: str, scratch: str, tag: str) -> dict:
    outtree = os.path.join(scratch, f"{tag}_out")
    report = os.path.join(scratch, f"{tag}_report.txt")
    run = run_once(tf_upgrade_cmd(exe, intree, outtree, report), tf_upgrade_env(scratch))
    return describe_tf_upgrade_run(run, intree, outtree, report)


def modern_tree_check(exe: str, seed: int, scratch: str) -> dict:
    """tf_upgrade_v2 on a small tree holding a `match` and a walrus file, then on
    one-file trees per construct, so each failure mode is seen on its own."""
    base = os.path.join(scratch, "modern_base")
    make_tree(base, 40, seed, parseable_only=True)  # ordinary files tf_upgrade_v2 handles
    tree = os.path.join(scratch, "modern_tree")
    shutil.copytree(base, tree)
    Path(tree, "pkg_modern").mkdir()
    for label in TREE_SAMPLES:
        Path(tree, "pkg_modern", label.replace(" ", "_") + ".py").write_text(MODERN_SAMPLES[label])
    result = {"tree": tf_upgrade_on_tree(exe, tree, scratch, "modern_tree"), "constructs": {}}
    for i, (label, text) in enumerate(MODERN_SAMPLES.items()):
        one = os.path.join(scratch, f"construct_{i}")
        os.makedirs(one)
        Path(one, "sample.py").write_text(text)
        result["constructs"][label] = tf_upgrade_on_tree(exe, one, scratch, f"construct_{i}")
    return result


def outcome(r: dict) -> str:
    if r["aborted"]:
        report = "report written" if r["report_written"] else "no report"
        return f"ABORTS (exit {r['exit_code']}, {report}): {r['error']}"
    if r["empty_outputs"]:
        return f"exit {r['exit_code']}, but writes an EMPTY output file (parse failure, logged in the report)"
    return f"ok (exit {r['exit_code']})"


def print_modern(result: dict) -> None:
    r = result["tree"]
    print("\ntf_upgrade_v2 on modern syntax (not timed)")
    print(f"  tree of {r['files_in']} files incl. one `match` and one walrus file:")
    if r["aborted"]:
        print(f"    ABORTED with exit {r['exit_code']} after writing {r['files_written']} of {r['files_in']} "
              f"outputs; report file written: {r['report_written']}")
        print(f"    error: {r['error']}")
    else:
        print(f"    {outcome(r)}; wrote {r['files_written']} of {r['files_in']} outputs")
    print("  one construct per run:")
    for label, c in result["constructs"].items():
        print(f"    {label:<22} {outcome(c)}")


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def environment() -> dict:
    from importlib.metadata import PackageNotFoundError, version

    info = {"python": sys.version.split()[0], "platform": platform.platform(),
            "cpus": os.cpu_count(), "locale": os.environ.get("LC_ALL") or os.environ.get("LANG"),
            "loadavg_at_start": os.getloadavg()}  # other work on the machine skews timings
    for dist in ("tensorflow-cpu", "tensorflow", "libcst", "google-pasta"):
        try:
            info[dist] = version(dist)
        except PackageNotFoundError:
            pass
    return info


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tree", help="existing tree to time (default: generate the trees of --trees)")
    ap.add_argument("--trees", default=",".join(TREE_KINDS),
                    help="generated trees to time, in this order: small, real-size (default: both)")
    ap.add_argument("-n", "--files", type=int, default=4000, help="size of each generated tree")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3, help="runs per tool; the median is reported")
    ap.add_argument("--slow-repeat", type=int, default=None,
                    help="runs of tf_upgrade_v2 per tree (default: --repeat); each takes minutes")
    ap.add_argument("--tools", default="tfmigrate,tf_upgrade_v2,grep",
                    help="comma-separated subset of tfmigrate,tf_upgrade_v2,grep")
    ap.add_argument("--memory-scaling", action="store_true",
                    help="also report tfmigrate's peak RSS at 1000/2000/4000 files")
    ap.add_argument("--no-modern-check", action="store_true",
                    help="skip running tf_upgrade_v2 on the match/walrus tree")
    ap.add_argument("--json", metavar="FILE", help="also write all results to FILE")
    args = ap.parse_args(argv)
    args.trees = [t.strip() for t in args.trees.split(",") if t.strip()]
    unknown = sorted(set(args.trees) - set(TREE_KINDS))
    if unknown:
        ap.error(f"unknown tree kind(s) {', '.join(unknown)}; choose from {', '.join(TREE_KINDS)}")
    return args


def tf1_sizes(tree: str, pattern: str, env: dict) -> dict:
    """Sizes of the files grep lists (the ones tfmigrate parses): what the tree is made of."""
    proc = subprocess.run(grep_cmd(tree, pattern), capture_output=True, text=True, env=env)
    sizes = sorted(os.path.getsize(p) for p in proc.stdout.splitlines() if p)
    if not sizes:
        return {"files": 0}
    return {"files": len(sizes), "min_kb": sizes[0] / 1024, "median_kb": statistics.median(sizes) / 1024,
            "max_kb": sizes[-1] / 1024}


def time_tree(label: str, tree: str, tools: set[str], args: argparse.Namespace, exe: str | None,
              scratch: str, env: dict, pattern: str) -> dict:
    """All requested tools on one tree; prints its table and ratios, returns its figures."""
    n_files = count_py(tree)
    warm_cache(tree)
    sizes = tf1_sizes(tree, pattern, env)
    info: dict = {"path": tree, "py_files": n_files, "files_matching_triggers": sizes["files"], "tf1_sizes": sizes}
    print(f"\n=== {label} tree: {n_files} .py files; grep lists {sizes['files']}", end="")
    if sizes["files"]:
        print(f" ({sizes['min_kb']:.1f}-{sizes['max_kb']:.1f} KB, median {sizes['median_kb']:.1f} KB)", end="")
    print(" ===", flush=True)

    results = []
    if "tfmigrate" in tools:
        print("timing tfmigrate rewrite --check ...", flush=True)
        runs = time_tfmigrate(tree, args.repeat, env)
        results.append(ToolResult.of("tfmigrate rewrite --check", runs, tfmigrate_ok, n_files))
    if "grep" in tools:
        print("timing grep -rlE ...", flush=True)
        runs = time_grep(tree, pattern, args.repeat, env)
        results.append(ToolResult.of("grep -rlE", runs, grep_ok, n_files))
    if "tf_upgrade_v2" in tools:
        if exe is None:
            print("tf_upgrade_v2 not found next to this Python or on PATH; skipped")
        else:
            slow_repeat = args.slow_repeat or args.repeat
            print(f"timing tf_upgrade_v2 ({slow_repeat} run(s); minutes each) ...", flush=True)
            runs = time_tf_upgrade(exe, tree, slow_repeat, scratch, tag="_" + label)
            results.append(ToolResult.of("tf_upgrade_v2", runs, lambda r: r.exit_code == 0, n_files))

    print_table(results, n_files)
    info["ratios"] = print_ratios({r.name: r for r in results})
    info["tools"] = [asdict(r) for r in results]
    return info


def print_summary(trees: dict[str, dict]) -> None:
    print("\nSummary (ratios of median wall times, every tool on every file of the tree)")
    print(f"  {'tree':<10} {'TF1 files':>10} {'median size':>12} {'tf_upgrade_v2 / tfmigrate':>27} "
          f"{'[CPU]':>8} {'tfmigrate / grep':>17}")
    for label, info in trees.items():
        sizes, ratios = info["tf1_sizes"], info["ratios"]
        median = f"{sizes['median_kb']:.1f} KB" if sizes["files"] else "n/a"
        print(f"  {label:<10} {sizes['files']:>10} {median:>12} "
              f"{fmt(ratios['tf_upgrade_v2_over_tfmigrate'], '.1f', 'x'):>27} "
              f"{fmt(ratios['tf_upgrade_v2_over_tfmigrate_cpu'], '.1f', 'x'):>8} "
              f"{fmt(ratios['tfmigrate_over_grep'], '.1f', 'x'):>17}")
    print(f"  goals: tf_upgrade_v2 / tfmigrate >= {GOAL_VS_TF_UPGRADE:.0f}x, tfmigrate / grep <= {GOAL_VS_GREP:.0f}x")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    tools = {t.strip() for t in args.tools.split(",") if t.strip()}
    exe = find_tf_upgrade()
    out: dict = {"environment": environment(), "args": vars(args), "trees": {}}
    print(f"python {out['environment']['python']}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f} at start")

    with tempfile.TemporaryDirectory(prefix="tfmigrate-bench-") as scratch:
        env = child_env(scratch)
        pattern = trigger_pattern(env)
        out["trigger_pattern"] = pattern
        print(f"grep pattern (tfmigrate's prefilter): {len(pattern)} characters, from "
              f"{pattern[:60]}...")
        if args.tree:
            out["trees"]["given"] = time_tree("given", args.tree, tools, args, exe, scratch, env, pattern)
        for kind in [] if args.tree else args.trees:
            # tf_upgrade_v2 must be able to finish, so the timed trees avoid what aborts it.
            tree = os.path.join(scratch, f"tree_{kind}")
            make_tree(tree, args.files, args.seed, parseable_only=True, real_size=kind == "real-size")
            out["trees"][kind] = time_tree(kind, tree, tools, args, exe, scratch, env, pattern)
            shutil.rmtree(tree, ignore_errors=True)
        print_summary(out["trees"])
        out["loadavg_at_end"] = os.getloadavg()
        print(f"load average {out['loadavg_at_end'][0]:.2f} at end")

        if args.memory_scaling:
            out["memory_scaling"] = memory_scaling(args.seed, scratch, env)
        if exe and not args.no_modern_check:
            out["tf_upgrade_v2_modern_syntax"] = modern_tree_check(exe, args.seed, scratch)
            print_modern(out["tf_upgrade_v2_modern_syntax"])

    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
