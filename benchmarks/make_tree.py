"""Generate a benchmark tree: mostly ordinary Python, a few TF1 files.

The ordinary files are copies of the running interpreter's standard library (real
code of real sizes, present on every machine). The TF1 files come in two kinds:

- small (the default): GPU-configuration scripts of 50-120 lines assembled here from
  small templates, so that every rule-relevant shape appears in varied combinations;
- real-size (`--real-size`): whole TF1 programs of 5-25 KB, rendered from the programs
  in benchmarks/tf1_programs/ (training scripts, Estimator pipelines, Keras on TF1,
  written for this benchmark): optional blocks kept or dropped, import spellings and
  licence headers varied, so that no two files are alike.

Everything is driven by one seeded RNG, so the same arguments give the same tree.

    python benchmarks/make_tree.py OUT_DIR [-n 4000] [--seed 0] [--parseable-by-tf-upgrade] [--real-size]
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import re
import sys
import sysconfig
from pathlib import Path

FILES_PER_DIR = 100  # keeps directories a realistic size for os.walk / grep -r
SKIP_DIRS = {"test", "tests", "idle_test", "site-packages", "__pycache__"}

# ---------------------------------------------------------------------------
# Ordinary code: the standard library
# ---------------------------------------------------------------------------


def stdlib_files() -> list[Path]:
    """All *.py files of the stdlib, minus test suites and installed packages, sorted."""
    root = Path(sysconfig.get_paths()["stdlib"])
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        found += [Path(dirpath, f) for f in sorted(filenames) if f.endswith(".py")]
    return found


# Found empirically (TF 2.21, pasta 0.2.0, Python 3.11): pasta's annotator raises
# something other than SyntaxError on these, and tf_upgrade_v2 only catches
# SyntaxError/ValueError/TypeError, so one such file aborts the whole --intree run.
_UNSUPPORTED_NODES = tuple(
    getattr(ast, name) for name in ("NamedExpr", "Match", "TryStar") if hasattr(ast, name)
)
_PAREN_WITH = re.compile(r"^\s*(?:async\s+)?with\s*\(", re.MULTILINE)


def _bad_fstring(node: ast.JoinedStr) -> bool:
    """f-string shapes pasta mis-tokenizes: debug `{x=}`, a `#` in a format spec, or
    spanning several lines (pasta re-tokenizes the literal and trips on indentation)."""
    if node.lineno != node.end_lineno:
        return True
    parts = node.values
    for before, part in zip([None] + parts, parts):
        if not isinstance(part, ast.FormattedValue):
            continue
        if isinstance(before, ast.Constant) and str(before.value).endswith("="):
            return True  # conservative: also drops some plain f"a={a}"
        if part.format_spec is not None and "#" in ast.unparse(part.format_spec):
            return True
    return False


def tf_upgrade_can_parse(source: str) -> bool:
    """Cheap pre-check: False if tf_upgrade_v2 (pasta) would choke on this source."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    if _PAREN_WITH.search(source):  # parenthesized context managers (3.10+)
        return False
    for node in ast.walk(tree):
        if isinstance(node, _UNSUPPORTED_NODES):
            return False
        if isinstance(node, ast.arguments) and node.posonlyargs:
            return False  # `/` in a signature; pasta handles only some layouts
        if isinstance(node, ast.JoinedStr) and _bad_fstring(node):
            return False
    return True


def ordinary_sources(parseable_only: bool) -> list[tuple[str, bytes]]:
    """(basename, bytes) for each usable stdlib file, in a stable order."""
    out = []
    for path in stdlib_files():
        data = path.read_bytes()
        if parseable_only:
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if not tf_upgrade_can_parse(text):
                continue
        out.append((path.name, data))
    return out


# ---------------------------------------------------------------------------
# TF1 GPU-config files, written from templates
# ---------------------------------------------------------------------------

# (import lines, prefix for the v1 API, how Keras' backend is imported)
IMPORT_STYLES = [
    ("import tensorflow as tf", "tf."),
    ("import tensorflow.compat.v1 as tf1", "tf1."),
    ("import tensorflow as tf", "tf.compat.v1."),
    ("from tensorflow.compat import v1 as tfv1", "tfv1."),
]
KERAS_IMPORTS = [
    "from keras import backend as K",
    "import keras.backend as K",
    "from tensorflow.compat.v1.keras import backend as K",
]


def config_block(rng: random.Random, v1: str) -> list[str]:
    """Lines that build a variable `config` in one of several TF1 styles."""
    frac = rng.choice(["0.3", "0.4", "0.5", "0.8"])
    threads = rng.choice(["1", "2", "4", "8"])
    choice = rng.randrange(6)
    if choice == 0:
        return [f"config = {v1}ConfigProto(gpu_options={v1}GPUOptions(allow_growth=True))"]
    if choice == 1:
        return [
            f"gpu_options = {v1}GPUOptions(per_process_gpu_memory_fraction={frac})",
            f"config = {v1}ConfigProto(gpu_options=gpu_options, allow_soft_placement=True)",
        ]
    if choice == 2:
        return [
            f"config = {v1}ConfigProto()",
            "config.gpu_options.allow_growth = True",
            f"config.log_device_placement = {rng.choice(['True', 'False'])}",
        ]
    if choice == 3:
        return [
            f"config = {v1}ConfigProto(device_count={{'GPU': 0}},",
            f"                        intra_op_parallelism_threads={threads},",
            f"                        inter_op_parallelism_threads={threads})",
        ]
    if choice == 4:
        return [
            f"config = {v1}ConfigProto(allow_soft_placement=True, log_device_placement=False)",
            f"config.gpu_options.per_process_gpu_memory_fraction = {frac}",
        ]
    return [
        f"config = {v1}ConfigProto(",
        f"    gpu_options={v1}GPUOptions(per_process_gpu_memory_fraction={frac}, allow_growth=True),",
        "    allow_soft_placement=True,",
        f"    intra_op_parallelism_threads={threads},",
        ")",
    ]


def session_block(rng: random.Random, v1: str, uses_keras: bool) -> list[str]:
    """Lines that consume `config`: a session, optionally handed to Keras."""
    if uses_keras:
        return rng.choice([
            [f"sess = {v1}Session(config=config)", "K.set_session(sess)"],
            [f"K.set_session({v1}Session(config=config))"],
        ])
    return rng.choice([
        [f"sess = {v1}Session(config=config)", f"sess.run({v1}global_variables_initializer())"],
        [
            f"with {v1}Session(config=config) as sess:",
            f"    sess.run({v1}global_variables_initializer())",
            "    print('session ready:', sess is not None)",
        ],
    ])


def indent(lines: list[str], prefix: str = "    ") -> list[str]:
    return [prefix + line if line else line for line in lines]


# Ordinary surrounding code; each entry is one self-contained top-level block.
FILLER_BLOCKS = [
    [
        "def parse_args(argv=None):",
        "    parser = argparse.ArgumentParser(description='Train a small model.')",
        "    parser.add_argument('--epochs', type=int, default=10)",
        "    parser.add_argument('--batch-size', type=int, default=32)",
        "    parser.add_argument('--learning-rate', type=float, default=1e-3)",
        "    parser.add_argument('--data-dir', default='data')",
        "    return parser.parse_args(argv)",
    ],
    [
        "def load_csv(path, skip_header=True):",
        "    rows = []",
        "    with open(path) as handle:",
        "        for number, line in enumerate(handle):",
        "            if skip_header and number == 0:",
        "                continue",
        "            fields = line.rstrip('\\n').split(',')",
        "            rows.append([float(value) for value in fields])",
        "    return np.array(rows, dtype=np.float32)",
    ],
    [
        "def batches(features, labels, batch_size, shuffle=True):",
        "    order = np.arange(len(features))",
        "    if shuffle:",
        "        np.random.shuffle(order)",
        "    for start in range(0, len(order), batch_size):",
        "        picked = order[start:start + batch_size]",
        "        yield features[picked], labels[picked]",
    ],
    [
        "class RunningMean:",
        '    """Average of the values seen so far."""',
        "",
        "    def __init__(self):",
        "        self.total = 0.0",
        "        self.count = 0",
        "",
        "    def update(self, value, weight=1):",
        "        self.total += value * weight",
        "        self.count += weight",
        "",
        "    @property",
        "    def value(self):",
        "        return self.total / max(self.count, 1)",
    ],
    [
        "def setup_logging(verbose=False):",
        "    level = logging.DEBUG if verbose else logging.INFO",
        "    logging.basicConfig(level=level, format='%(asctime)s %(levelname)s %(message)s')",
        "    return logging.getLogger(__name__)",
    ],
    [
        "def save_history(history, out_dir):",
        "    os.makedirs(out_dir, exist_ok=True)",
        "    path = os.path.join(out_dir, 'history.json')",
        "    with open(path, 'w') as handle:",
        "        json.dump(history, handle, indent=2, sort_keys=True)",
        "    return path",
    ],
    [
        "def normalize(features, eps=1e-7):",
        "    mean = features.mean(axis=0)",
        "    std = features.std(axis=0)",
        "    return (features - mean) / (std + eps), mean, std",
    ],
    [
        "def split(features, labels, fraction=0.8, seed=0):",
        "    rng = np.random.RandomState(seed)",
        "    order = rng.permutation(len(features))",
        "    cut = int(len(order) * fraction)",
        "    train, valid = order[:cut], order[cut:]",
        "    return (features[train], labels[train]), (features[valid], labels[valid])",
    ],
    [
        "DEFAULTS = {",
        "    'epochs': 10,",
        "    'batch_size': 32,",
        "    'hidden_units': [128, 64],",
        "    'dropout': 0.2,",
        "}",
    ],
]


def graph_block(v1: str) -> list[str]:
    """A TF1 graph so the file reads like real training code around the session."""
    return [
        "def build_graph(n_features, n_classes, hidden=64):",
        f"    x = {v1}placeholder({v1}float32, [None, n_features], name='x')",
        f"    y = {v1}placeholder({v1}int64, [None], name='y')",
        f"    w1 = {v1}get_variable('w1', [n_features, hidden])",
        f"    w2 = {v1}get_variable('w2', [hidden, n_classes])",
        f"    logits = {v1}matmul({v1}nn.relu({v1}matmul(x, w1)), w2)",
        f"    loss = {v1}reduce_mean({v1}nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))",
        f"    train_op = {v1}train.AdamOptimizer(1e-3).minimize(loss)",
        "    return x, y, loss, train_op",
    ]


def tf_config_file(rng: random.Random) -> str:
    """One TF1 GPU-config module of roughly 50-120 lines."""
    import_line, v1 = rng.choice(IMPORT_STYLES)
    uses_keras = rng.random() < 0.4
    header = ['"""Training entry point (generated benchmark file)."""', "",
              "import argparse", "import json", "import logging", "import os", "",
              "import numpy as np", import_line]
    if uses_keras:
        header.append(rng.choice(KERAS_IMPORTS))

    setup = config_block(rng, v1) + session_block(rng, v1, uses_keras)
    if rng.random() < 0.5:  # module-level configuration, the classic script style
        config_part = setup
    else:
        config_part = ["def make_session():"] + indent(setup) + ["    return config"]

    fillers = rng.sample(FILLER_BLOCKS, rng.randint(3, len(FILLER_BLOCKS)))
    body = []
    for block in fillers + [graph_block(v1)]:
        body += block + ["", ""]
    entry = ["def main(argv=None):", "    print('starting with', argv)", "",
             "", "if __name__ == '__main__':", "    main()"]
    lines = header + ["", ""] + body + config_part + ["", ""] + entry
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Real-size TF1 programs, rendered from benchmarks/tf1_programs/
# ---------------------------------------------------------------------------

PROGRAMS_DIR = Path(__file__).resolve().parent / "tf1_programs"
OPTIONAL_BEGIN = "# @optional"
OPTIONAL_END = "# @end"
DROP_OPTIONAL = 0.3  # chance that one optional block is left out of a rendered file

# Headers real projects put above their modules (written for this benchmark).
HEADERS = [
    [],
    ["# -*- coding: utf-8 -*-"],
    [
        "# Copyright 2018 The project authors. All Rights Reserved.",
        "#",
        '# Licensed under the Apache License, Version 2.0 (the "License");',
        "# you may not use this file except in compliance with the License.",
        "# You may obtain a copy of the License at",
        "#",
        "#     http://www.apache.org/licenses/LICENSE-2.0",
        "#",
        "# Unless required by applicable law or agreed to in writing, software",
        '# distributed under the License is distributed on an "AS IS" BASIS,',
        "# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.",
        "# See the License for the specific language governing permissions and",
        "# limitations under the License.",
        "# ==============================================================================",
    ],
    ["# Author: research team", "# Last tested with TensorFlow 1.14 and Python 3.6", ""],
]


def program_templates() -> list[tuple[str, str]]:
    """(stem, source) of every TF1 program template, sorted by name."""
    return [(path.stem, path.read_text(encoding="utf-8")) for path in sorted(PROGRAMS_DIR.glob("*.py"))]


def render_program(rng: random.Random, source: str) -> str:
    """One variant of a template: optional blocks dropped at random (markers removed),
    sometimes the tf.compat.v1 import spelling, sometimes a header above it all."""
    out: list[str] = []
    keep = [True]  # a stack: optional blocks may nest
    for line in source.splitlines():
        marker = line.strip()
        if marker == OPTIONAL_BEGIN:
            keep.append(keep[-1] and rng.random() >= DROP_OPTIONAL)
            continue
        if marker == OPTIONAL_END:
            keep.pop()
            continue
        if keep[-1]:
            out.append(line)
    if len(keep) != 1:
        raise ValueError("unbalanced # @optional / # @end markers")
    if "import tensorflow as tf" in out and rng.random() < 0.3:
        at = out.index("import tensorflow as tf")
        out[at:at + 1] = ["import tensorflow.compat.v1 as tf", "tf.disable_v2_behavior()"]
    header = rng.choice(HEADERS)
    if header and not (out and out[0].startswith("# -*-") and header[0].startswith("# -*-")):
        out = header + out
    return "\n".join(out) + "\n"


def real_size_tf1_files(rng: random.Random, count: int) -> list[tuple[str, bytes]]:
    """`count` rendered programs, the templates taken in turn (shuffled each round)."""
    templates = program_templates()
    if not templates:
        raise SystemExit(f"no TF1 program templates in {PROGRAMS_DIR}")
    files: list[tuple[str, bytes]] = []
    while len(files) < count:
        batch = templates[:]
        rng.shuffle(batch)
        for stem, source in batch[: count - len(files)]:
            files.append((f"{stem}_{len(files):03d}.py", render_program(rng, source).encode()))
    return files


# ---------------------------------------------------------------------------
# The tree
# ---------------------------------------------------------------------------


def plan_tree(n_files: int, tf_share: float, seed: int, parseable_only: bool,
              real_size: bool = False) -> list[tuple[str, bytes]]:
    """(relative path, contents) for every file of the tree; no I/O but reading the stdlib."""
    rng = random.Random(seed)
    ordinary = ordinary_sources(parseable_only)
    n_tf = max(1, round(n_files * tf_share))
    # Cycle through a shuffled stdlib so every file is used before any repeats
    # (the stdlib has fewer files than a 4000-file tree needs).
    pool = []
    while len(pool) < n_files - n_tf:
        batch = ordinary[:]
        rng.shuffle(batch)
        pool += batch
    entries = pool[: n_files - n_tf]
    if real_size:
        entries += real_size_tf1_files(rng, n_tf)
    else:
        entries += [(f"train_gpu_{i:03d}.py", tf_config_file(rng).encode()) for i in range(n_tf)]
    rng.shuffle(entries)
    return [
        (f"pkg_{i // FILES_PER_DIR:03d}/m{i:05d}_{name}", data)
        for i, (name, data) in enumerate(entries)
    ]


def write_tree(target: str | os.PathLike, n_files: int = 4000, seed: int = 0,
               tf_share: float = 0.02, parseable_only: bool = False, real_size: bool = False) -> int:
    """Write the tree under `target` (created; must be empty or absent). Returns file count."""
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    if any(target.iterdir()):
        raise SystemExit(f"{target} is not empty")
    plan = plan_tree(n_files, tf_share, seed, parseable_only, real_size)
    for rel, data in plan:
        path = target / rel
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
    return len(plan)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("target", help="directory to create (must be empty or absent)")
    ap.add_argument("-n", "--files", type=int, default=4000, help="number of files (default 4000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tf-share", type=float, default=0.02, help="fraction of TF1 config files")
    ap.add_argument("--parseable-by-tf-upgrade", action="store_true",
                    help="only stdlib files that tf_upgrade_v2 can parse without aborting")
    ap.add_argument("--real-size", action="store_true",
                    help="TF1 files are whole programs of 5-25 KB (benchmarks/tf1_programs/)")
    args = ap.parse_args(argv)
    count = write_tree(args.target, args.files, args.seed, args.tf_share, args.parseable_by_tf_upgrade,
                       args.real_size)
    print(f"wrote {count} files to {args.target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
