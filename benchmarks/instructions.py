"""Instructions the engine executes per TF1 file, counted by valgrind's callgrind.

    python benchmarks/instructions.py TREE        # about 3 minutes for the 4,000-file tree

Seconds on a shared machine drift by a quarter within minutes; an instruction count
repeats exactly, whatever else the machine is doing, so it can tell a 3% change from
noise. The files of TREE that pass tfmigrate's prefilter go through
`engine.process_bytes` (as `rewrite --check` does) once in one child process and twice
in another, both under callgrind; the difference, divided by the number of files, is
what one more pass costs: start-up and imports cancel out. It only measures.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def candidates(tree: str) -> list[tuple[str, bytes]]:
    from tfmigrate import engine, prefilter

    triggers = engine._trigger_pattern((), ())
    found = []
    for folder, dirs, names in os.walk(tree):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                data = Path(path).read_bytes()
                if prefilter.might_match(data, triggers):
                    found.append((path, data))
    return found


def child(tree: str, passes: int) -> None:
    from tfmigrate import engine

    files = candidates(tree)
    options = engine.Options(mode="check")
    rules = engine.selected_rules(options)
    gc.freeze()  # as the workers do
    for _ in range(passes):
        for path, data in files:
            engine.process_bytes(path, data, rules, options, path)
    print(f"files={len(files)}")


def counted(tree: str, passes: int) -> tuple[int, int]:
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, __file__, "--child", str(passes), tree]
    proc = subprocess.run(command, capture_output=True, text=True, check=True)
    total = re.search(r"Collected : (\d+)", proc.stderr)
    files = re.search(r"files=(\d+)", proc.stdout)
    if total is None or files is None:
        sys.exit(f"unexpected output from callgrind:\n{proc.stderr[-2000:]}")
    return int(total.group(1)), int(files.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)  # passes, under callgrind
    args = parser.parse_args()
    if args.child is not None:
        child(args.tree, args.child)
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    once, files = counted(args.tree, 1)
    twice, _ = counted(args.tree, 2)
    if not files:
        sys.exit("no file of the tree passes the prefilter")
    print(f"{files} files pass the prefilter; one more pass over them costs "
          f"{(twice - once) / files / 1e6:.1f} million instructions per file")


if __name__ == "__main__":
    main()
