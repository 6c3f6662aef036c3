"""Run a program with every `MirroredStrategy()` spread over 2 logical CPUs.

    python two_replicas.py PROGRAM [ARGS ...]
    python two_replicas.py -m PACKAGE.MODULE [ARGS ...]   (from the folder that holds PACKAGE)

The one physical CPU is split into 2 logical devices (SEMANTICS fact 9), and a
MirroredStrategy made without devices gets ["/cpu:0", "/cpu:1"] instead of the single
CPU it would find. The program then runs as `__main__` with sys.argv = [PROGRAM, ARGS...].
At exit the replica count of every strategy made is written to stderr as
`two_replicas: strategies [2, ...]`, so a caller can tell the program really ran on 2.
"""

import atexit
import os
import runpy
import sys

# oneDNN's fused Conv2D rejects the empty batch the second logical CPU gets at the end of an
# odd number of evaluation batches ("input depth must be evenly divisible by filter depth:
# 1 vs 8"), on some processors (seen on AMD EPYC, not on the machines of earlier runs). GPUs,
# which replicas stand in for, never run oneDNN; so the stand-in turns it off.
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf

REPLICAS = 2
DEVICES = [f"/cpu:{i}" for i in range(REPLICAS)]
made = []

cpus = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * REPLICAS)


def _default_to_logical_cpus(cls):
    original = cls.__init__

    def __init__(self, devices=None, *args, **kwargs):
        original(self, devices or DEVICES, *args, **kwargs)
        made.append(self.num_replicas_in_sync)

    cls.__init__ = __init__


_classes = {tf.distribute.MirroredStrategy}
_v1 = getattr(getattr(tf.compat.v1, "distribute", None), "MirroredStrategy", None)
if _v1 is not None:
    _classes.add(_v1)
for _cls in _classes:
    _default_to_logical_cpus(_cls)


@atexit.register
def _report():
    print(f"two_replicas: strategies {made}", file=sys.stderr, flush=True)


if __name__ == "__main__" and sys.argv[1] == "-m":  # a package's module, as `python -m trainer.task`
    sys.argv = [sys.argv[2], *sys.argv[3:]]
    sys.path[0] = os.getcwd()
    runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
elif __name__ == "__main__":
    program = os.path.abspath(sys.argv[1])
    sys.argv = [program, *sys.argv[2:]]
    sys.path[0] = os.path.dirname(program)
    runpy.run_path(program, run_name="__main__")
