"""Feature columns whose scaling reads a constant of this module: a Keras model written in the
trainer would not see SCALE."""
import tensorflow as tf

SCALE = 10.0

ROOMS = tf.feature_column.numeric_column("rooms")
DISTANCE = tf.feature_column.numeric_column("distance", normalizer_fn=lambda x: x / SCALE)

ALL = [ROOMS, DISTANCE]
