"""The feature columns of the job, kept apart from the training code: numeric columns with
their scaling, a bucketized age and an occupation vocabulary for the linear side, an
indicator of the occupation for the deep side."""
import tensorflow as tf

OCCUPATIONS = ["tech", "sales", "craft", "admin", "service"]
AGE_BOUNDARIES = [25.0, 35.0, 45.0, 55.0]

age = tf.feature_column.numeric_column("age", normalizer_fn=lambda x: (x - 45.0) / 15.0)
hours = tf.feature_column.numeric_column("hours_per_week", normalizer_fn=lambda x: (x - 40.0) / 12.0)
occupation = tf.feature_column.categorical_column_with_vocabulary_list("occupation", OCCUPATIONS)

WIDE_COLUMNS = [tf.feature_column.bucketized_column(tf.feature_column.numeric_column("age"), AGE_BOUNDARIES),
                occupation]


def deep_columns():
    return [age, hours, tf.feature_column.indicator_column(occupation)]
