"""Names that look like TensorFlow's device APIs but belong to other objects."""
import mylib
import mylib.config as config
from mylib import device_lib


class Checks:
    def __init__(self, test):
        self.test = test

    def run(self):
        return self.test.is_gpu_available() and self.test.gpu_device_name()


print(mylib.test.is_gpu_available())
print(config.experimental.list_physical_devices("GPU"))
print(len([d for d in device_lib.list_local_devices() if d.device_type == "GPU"]))
print("call tf.test.is_gpu_available() to check")  # text only
