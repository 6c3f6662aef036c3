try:
    import tensorflow as tf
except ImportError:  # documentation builds run without TensorFlow
    tf = None
