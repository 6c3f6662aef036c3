"""What `import tfmigrate.compat` adds on top of `import tensorflow`.

    python benchmarks/shim_import.py [--runs 7]

Each run is a fresh interpreter (tests/compat_programs/import_cost.py) that times
`import tensorflow`, then `import tfmigrate.compat`, with time.perf_counter(). Prints
the median of each and the shim's share. Run it twice to see the figure with Python's
bytecode cache warm, unless PYTHONDONTWRITEBYTECODE is set.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

PROGRAM = os.path.join(os.path.dirname(__file__), "..", "tests", "compat_programs", "import_cost.py")


def one_run() -> dict:
    out = subprocess.run([sys.executable, PROGRAM], capture_output=True, text=True, check=True).stdout
    line = next(line for line in out.splitlines() if line.startswith("PROGRAM "))
    return json.loads(line[len("PROGRAM "):])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = [one_run() for _ in range(parser.parse_args().runs)]
    tensorflow_s = statistics.median(r["tensorflow_s"] for r in runs)
    shim_s = statistics.median(r["shim_s"] for r in runs)
    print(f"import tensorflow:        {tensorflow_s * 1000:8.1f} ms (median of {len(runs)})")
    print(f"+ import tfmigrate.compat: {shim_s * 1000:7.1f} ms ({shim_s / tensorflow_s:.1%} of the TensorFlow import)")


if __name__ == "__main__":
    main()
