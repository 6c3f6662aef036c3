"""Feature columns of the housing job."""
import tensorflow as tf

ROOMS = tf.feature_column.numeric_column("rooms")
DISTANCE = tf.feature_column.numeric_column("distance", normalizer_fn=lambda x: x / 10.0)
NEIGHBOURHOOD = tf.feature_column.categorical_column_with_vocabulary_list("neighbourhood", ["north", "south", "east"])

ALL = [ROOMS, DISTANCE, tf.feature_column.indicator_column(NEIGHBOURHOOD)]
