import mylib
import tensorflow as tf
from serving.client import ConfigProto as ServingConfigProto

# mylib mirrors the TF1 names for its own RPC sessions.
cfg = mylib.ConfigProto(allow_soft_placement=True, log_device_placement=True)
cfg.gpu_options.allow_growth = True
rpc = mylib.Session(config=cfg)

request_config = ServingConfigProto(timeout_ms=500)
rpc.send(request_config, tf.__version__)
