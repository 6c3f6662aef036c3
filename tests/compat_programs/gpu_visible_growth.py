"""TF1 GPU selection and memory growth. Run under the fake-GPU seam (probe.py --fake-gpus 2)
with CUDA_VISIBLE_DEVICES=3,5: TF1's visible_device_list counts after that variable."""
import tfmigrate.compat  # noqa: F401

import tensorflow as tf

config = tf.ConfigProto()
config.gpu_options.visible_device_list = "1"
config.gpu_options.allow_growth = True
sess = tf.Session(config=config)
print("PROGRAM {}")
