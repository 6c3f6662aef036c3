"""TF2 version of the old ConfigProto/GPUOptions setup (kept in sync with docs/gpu.md)."""
import tensorflow as tf

tf.config.threading.set_intra_op_parallelism_threads(4)
gpus = tf.config.list_physical_devices("GPU")
if gpus:
    tf.config.set_visible_devices(gpus[:1], "GPU")
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
tf.config.set_soft_device_placement(True)

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
