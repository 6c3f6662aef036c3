"""TF1 per-process memory fraction, under the fake-GPU seam (16000 MiB per fake GPU);
then a config that TF2 cannot express (growth plus a limit)."""
import tfmigrate.compat  # noqa: F401

import tensorflow as tf

gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=0.25)
sess = tf.Session(config=tf.ConfigProto(gpu_options=gpu_options))

both = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=0.5, allow_growth=True))
other = tf.Session(config=both)  # LINE_OF_BOTH
tf.InteractiveSession().close()  # its implied allow_growth comes too late, but nobody wrote it: no warning
print("PROGRAM {}")
