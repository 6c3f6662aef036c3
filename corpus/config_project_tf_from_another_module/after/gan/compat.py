"""One place that says which TensorFlow API the package uses."""
import tensorflow.compat.v1 as tfv1
