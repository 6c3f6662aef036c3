"""Run the legacy programs of this folder in fresh interpreters, two at a time.

tf.config settings are process-wide and cannot be undone, so every program gets its own
`python probe.py PROGRAM` process. The runner starts them all at once on a pool of two
workers (a TensorFlow import takes seconds) and hands each test its own result.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
PROBE = os.path.join(HERE, "probe.py")
TIMEOUT_S = 240  # an Estimator run once hung here (SEMANTICS fact 7): never wait forever


@dataclass(frozen=True)
class Case:
    program: str
    fake_gpus: int = 0
    env: dict[str, str] = field(default_factory=dict)
    probe: bool = True  # False: run the program directly, without probe.py
    preload: bool = True  # False: probe.py must not import TensorFlow first


@dataclass
class Run:
    case: Case
    returncode: int
    stdout: str
    stderr: str

    def _line(self, prefix: str) -> Optional[dict[str, Any]]:
        for line in self.stdout.splitlines():
            if line.startswith(prefix + " "):
                return json.loads(line[len(prefix) + 1:])
        return None

    @property
    def output(self) -> dict[str, Any]:
        """What the program itself printed on its `PROGRAM {...}` line."""
        found = self._line("PROGRAM")
        assert found is not None, self.explain()
        return found

    @property
    def probe(self) -> dict[str, Any]:
        found = self._line("PROBE")
        assert found is not None, self.explain()
        return found

    @property
    def warnings(self) -> list[dict[str, Any]]:
        """Warnings of tfmigrate.compat's own categories, in the order they were emitted."""
        from_shim = ("CompatWarning", "LateConfigWarning", "CudaVisibleDevicesWarning",
                     "UntranslatableConfigWarning", "ConfigNotAppliedWarning")
        return [w for w in self.probe["warnings"] if w["category"] in from_shim]

    def explain(self) -> str:
        return (f"{self.case.program} exited with {self.returncode}\n--- stdout ---\n{self.stdout[-4000:]}"
                f"\n--- stderr ---\n{self.stderr[-4000:]}")


def path_of(program: str) -> str:
    return os.path.join(HERE, program)


def line_of(program: str, marker: str) -> int:
    """The line number of the line of `program` that carries `# marker`."""
    with open(path_of(program), encoding="utf-8") as source:
        for number, line in enumerate(source, start=1):
            if f"# {marker}" in line:
                return number
    raise AssertionError(f"no '# {marker}' in {program}")


def run(case: Case) -> Run:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TFMIGRATE_COMPAT_") and k != "CUDA_VISIBLE_DEVICES"}
    env.update(case.env)
    command = [sys.executable]
    if case.probe:
        command += [PROBE, path_of(case.program)]
        if case.fake_gpus:
            command += ["--fake-gpus", str(case.fake_gpus)]
        if not case.preload:
            command.append("--no-preload")
    else:
        command.append(path_of(case.program))
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=HERE, timeout=TIMEOUT_S)
    return Run(case, done.returncode, done.stdout, done.stderr)


class Runner:
    """Starts every case at once; result(name) waits for that one."""

    def __init__(self, cases: dict[str, Case], workers: int = 2) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers)
        self._futures: dict[str, Future[Run]] = {name: self._pool.submit(run, case) for name, case in cases.items()}

    def result(self, name: str) -> Run:
        return self._futures[name].result()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
