import tensorflow as tf

from .utils import misc_utils as utils


def start_sess_and_load_model(infer_model, ckpt_path):
  """Start session and load model."""
  utils.get_config_proto()
  sess = tf.compat.v1.Session(
      graph=infer_model.graph)
  return sess
