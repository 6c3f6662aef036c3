import tensorflow as tf

from launcher import launch_workers

# Every worker builds its own ConfigProto from these options.
gpu_options = tf.GPUOptions(allow_growth=True, per_process_gpu_memory_fraction=0.25)
launch_workers(num_workers=4, gpu_options=gpu_options)
