from tensorflow.python.client import device_lib


def count_gpus():
    return len([d for d in device_lib.list_local_devices() if d.device_type == "GPU"])


def has_gpu():
    return any(dev.device_type == "GPU" for dev in device_lib.list_local_devices())


NUM_CPUS = sum(1 for d in device_lib.list_local_devices() if d.device_type == "CPU")
print(count_gpus(), has_gpu(), NUM_CPUS)
