"""Serves the model with the same model_fn: a rewrite of model.py alone would break this."""
from trainer.model import model_fn

SERVING_MODEL_FN = model_fn
