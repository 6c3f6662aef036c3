"""What `import tfmigrate.compat` adds to a program's start, in both import orders.

    python benchmarks/shim_import.py [--runs 10] [--seed 0] [--no-bytecode-cache] [--json FILE] [--checkout DIR]

Three programs, each a whole fresh interpreter, timed from launch to exit:

    tensorflow   import tensorflow
    shim first   import tfmigrate.compat; import tensorflow    (the order the README recommends)
    shim last    import tensorflow; import tfmigrate.compat

Each round runs all three, in a shuffled order, back to back; a round gives one ratio
per order (shim first / tensorflow, shim last / tensorflow) and one difference in ms.
The figures are the medians of those paired values over the rounds, so that a load
that changes during the run moves both sides of a pair alike. Wall time is what a user
waits for; CPU time (user + system, from os.wait4) is less sensitive to other work on
the machine; minor page faults are deterministic and show the data-stack churn that
stack_room.py (tfmigrate/compat) avoids: compare the fault counts, not only the times.

Python may cache bytecode (in a scratch folder, after one untimed run of each program),
as it has for an installed tfmigrate and for TensorFlow; `--no-bytecode-cache` measures
a checkout run with PYTHONDONTWRITEBYTECODE=1 instead, where every run compiles
tfmigrate's sources again. The script only measures and prints; it never fails
because of a timing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Each program checks that the shim really is installed: a program that silently
# skipped the shim would look fast.
PROGRAMS = {
    "tensorflow": "import tensorflow\n",
    "shim first": "import tfmigrate.compat\nimport tensorflow\nassert tfmigrate.compat.is_installed()\n",
    "shim last": "import tensorflow\nimport tfmigrate.compat\nassert tfmigrate.compat.is_installed()\n",
}
BASELINE = "tensorflow"


def child_env(scratch: str, bytecode_cache: bool, checkout: Path) -> dict:
    env = dict(os.environ)
    env.pop("TFMIGRATE_COMPAT_DISABLE", None)
    env.pop("TFMIGRATE_COMPAT_VERBOSE", None)
    if bytecode_cache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(scratch, "pycache")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    paths.insert(0, str(checkout))
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def run_once(path: str, env: dict) -> dict:
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, path], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    stderr = child.stderr.read().decode(errors="replace") if child.stderr else ""
    if child.stderr:
        child.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{path} failed:\n{stderr}")
    return {"wall_s": wall, "cpu_s": usage.ru_utime + usage.ru_stime, "minflt": usage.ru_minflt}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="rounds of the three programs (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the order within each round")
    parser.add_argument("--no-bytecode-cache", action="store_true", help="compile tfmigrate on every run")
    parser.add_argument("--json", help="also write every run's figures to this file")
    parser.add_argument("--checkout", type=Path, default=REPO,
                        help="measure the tfmigrate of this checkout (default: this one), e.g. an older commit's")
    args = parser.parse_args()

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with tempfile.TemporaryDirectory(prefix="tfm-shim-import-") as scratch:
        env = child_env(scratch, not args.no_bytecode_cache, args.checkout.resolve())
        paths = {}
        for index, (name, source) in enumerate(PROGRAMS.items()):
            paths[name] = os.path.join(scratch, f"program_{index}.py")
            Path(paths[name]).write_text(source)
        for name in PROGRAMS:  # untimed: fills the bytecode cache and the page cache
            run_once(paths[name], env)
        order = random.Random(args.seed)
        rounds = []
        for _ in range(args.runs):
            names = list(PROGRAMS)
            order.shuffle(names)
            rounds.append({name: run_once(paths[name], env) for name in names})
    end_load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")

    print(f"{args.runs} rounds, load average {load:.2f} at start, {end_load:.2f} at end; "
          f"bytecode cache {'off' if args.no_bytecode_cache else 'warm'}; Python {sys.version.split()[0]}; "
          f"tfmigrate from {args.checkout}")
    print(f"{'program':<12} {'wall':>10} {'CPU':>10} {'page faults':>12}   (medians)")
    for name in PROGRAMS:
        wall = statistics.median(r[name]["wall_s"] for r in rounds)
        cpu = statistics.median(r[name]["cpu_s"] for r in rounds)
        faults = statistics.median(r[name]["minflt"] for r in rounds)
        print(f"{name:<12} {ms(wall):>10} {ms(cpu):>10} {faults:>12,.0f}")
    summary = {}
    for name in PROGRAMS:
        if name == BASELINE:
            continue
        figures = {}
        for key in ("wall_s", "cpu_s"):
            figures[key] = {
                "ratio": statistics.median(r[name][key] / r[BASELINE][key] for r in rounds),
                "added_s": statistics.median(r[name][key] - r[BASELINE][key] for r in rounds),
            }
        summary[name] = figures
        wall, cpu = figures["wall_s"], figures["cpu_s"]
        print(f"{name} / tensorflow: wall {wall['ratio']:.3f}x ({wall['added_s'] * 1000:+,.0f} ms), "
              f"CPU {cpu['ratio']:.3f}x ({cpu['added_s'] * 1000:+,.0f} ms)   (medians of paired runs)")
    if args.json:
        Path(args.json).write_text(json.dumps({"load_average": [load, end_load], "rounds": rounds,
                                               "summary": summary}, indent=1))


if __name__ == "__main__":
    main()
