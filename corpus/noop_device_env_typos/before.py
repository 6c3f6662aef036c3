import os

# Each of these is one or two keystrokes away from the variable CUDA reads.
os.environ["CUDA_VISIBLE_DIVICES"] = "1"
os.environ.setdefault("CUDA_VISIBLE_DEVICE", "1")
os.putenv("CUDA_DEVICE_ODER", "PCI_BUS_ID")
print(os.getenv("cuda_visible_devices"))

# Real names, other vendors' names and other CUDA variables are fine.
os.environ["HIP_VISIBLE_DEVICES"] = "0"
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
print(os.environ.get("CUDA_VISIBLE_DEVICES", "all"))
