"""Notebook-era helper module: everything comes in through the course's utils."""
from utils2 import *

np.set_printoptions(4)
cfg = K.tf.ConfigProto(gpu_options={"allow_growth": True})
K.set_session(K.tf.Session(config=cfg))
