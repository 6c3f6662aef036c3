"""Where the time goes for the files tfmigrate parses: each step timed alone.

    python benchmarks/per_file.py TREE [--passes 3]

TREE is a tree from make_tree.py (or any folder). The files that pass tfmigrate's own
prefilter are read once; then, pass after pass, each is parsed, analysed step by step
as tfmigrate.metadata.analyse does it, run through the rules, and finally transformed
as a whole. It prints the mean CPU milliseconds per file of each step (CPU time, since
wall time on a shared machine drifts by a quarter within minutes). It only measures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from types import MappingProxyType
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree")
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args()

    import libcst as cst
    from libcst.metadata import (ExpressionContextProvider, MetadataWrapper, PositionProvider,
                                 QualifiedNameProvider, ScopeProvider)

    from tfmigrate import engine, metadata, prefilter

    triggers = engine._trigger_pattern((), ())
    texts = []
    for folder, _, names in os.walk(args.tree):
        for name in sorted(names):
            if name.endswith(".py"):
                data = Path(folder, name).read_bytes()
                if prefilter.might_match(data, triggers):
                    texts.append(data.decode("utf-8", "replace"))
    rules = engine.load_rules()
    totals: dict[str, float] = {}

    def timed(step: str, start: float) -> None:
        totals[step] = totals.get(step, 0.0) + time.process_time() - start

    for _ in range(args.passes):
        for text in texts:
            start = time.process_time()
            module = cst.parse_module(text)
            timed("parse", start)
            wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
            resolved = wrapper._metadata
            start = time.process_time()
            index = metadata.node_index(module)
            resolved[ExpressionContextProvider] = MappingProxyType(index.contexts)
            timed("node index", start)
            start = time.process_time()
            scopes = resolved[ScopeProvider] = metadata._run(metadata._ScopeProvider(), wrapper)
            resolved[QualifiedNameProvider] = metadata.QualifiedNames(index, scopes)
            timed("scope analysis", start)
            positions = resolved[PositionProvider] = metadata.Positions(module, text)  # computes nothing yet
            start = time.process_time()
            findings = []
            for rule in rules:  # as the engine does: only rules whose trigger words the file holds
                if engine._rule_triggers(rule).search(text.encode("utf-8", "surrogatepass")):
                    findings += rule.find(wrapper)
            timed("rules", start)
            start = time.process_time()
            for finding in findings:  # as the engine does: only for what it reports
                for node in [note.node for note in finding.notes] if finding.fixable else [finding.node]:
                    positions[node]
            timed("positions", start)
            start = time.process_time()
            engine.transform_source(text, rules)
            timed("whole transform", start)
    count = len(texts) * args.passes
    print(f"{len(texts)} files pass the prefilter; mean ms per file over {args.passes} passes:")
    for step, seconds in totals.items():
        print(f"  {step:16} {1000 * seconds / count:6.1f}")


if __name__ == "__main__":
    main()
