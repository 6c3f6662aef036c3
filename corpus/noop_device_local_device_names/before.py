from tensorflow.python.client import device_lib


def available_gpus():
    local_device_protos = device_lib.list_local_devices()
    return [x.name for x in local_device_protos if x.device_type == "GPU"]


def gpu_names():
    return [x.name for x in device_lib.list_local_devices() if x.device_type == "GPU"]


for dev in device_lib.list_local_devices():
    print(dev.name, dev.memory_limit)
print(available_gpus(), gpu_names())
