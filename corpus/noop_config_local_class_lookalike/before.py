"""Configuration objects for our own job scheduler (not TensorFlow)."""
from dataclasses import dataclass, field


@dataclass
class GPUOptions:
    allow_growth: bool = False
    per_process_gpu_memory_fraction: float = 1.0


@dataclass
class ConfigProto:
    allow_soft_placement: bool = False
    gpu_options: GPUOptions = field(default_factory=GPUOptions)


class Session:
    def __init__(self, config=None):
        self.config = config or ConfigProto()


config = ConfigProto(allow_soft_placement=True, gpu_options=GPUOptions(allow_growth=True))
config.gpu_options.per_process_gpu_memory_fraction = 0.5
sess = Session(config=config)
