"""Gap 2 and 3: the columns come from a helper function (returned as a tuple and
unpacked), and the wide part crosses a bucketized column with a raw key."""
import os
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(4)
N = 120
EDUCATION = ["Bachelors", "HS-grad", "Masters", "Doctorate"]
OCCUPATION = ["Tech", "Sales", "Craft", "Admin", "Farming", ""]
age = rng.randint(17, 80, N).astype("float32")
hours = rng.randint(10, 70, N).astype("float32")
education = np.array([EDUCATION[i] for i in rng.randint(0, 4, N)], dtype=object)
education[:5] = "Preschool"
occupation = np.array([OCCUPATION[i] for i in rng.randint(0, 6, N)], dtype=object)
label = ((age > 40) & (hours > 35) | (education == "Masters")).astype("int64")


def input_fn():
    features = {"age": age, "hours": hours, "education": education.astype(str), "occupation": occupation.astype(str)}
    return tf.data.Dataset.from_tensor_slices((features, label)).batch(10).repeat(3)


def build_model_columns():
    age_column = tf.feature_column.numeric_column("age")
    hours_column = tf.feature_column.numeric_column("hours")
    age_buckets = tf.feature_column.bucketized_column(age_column, boundaries=[18, 25, 30, 35, 40, 45, 50, 55, 60, 65])
    education_column = tf.feature_column.categorical_column_with_vocabulary_list("education", EDUCATION,
                                                                                 num_oov_buckets=1)
    occupation_column = tf.feature_column.categorical_column_with_hash_bucket("occupation", hash_bucket_size=50)
    base_columns = [age_buckets, education_column, occupation_column]
    crossed_columns = [
        tf.feature_column.crossed_column([age_buckets, "education"], hash_bucket_size=200),
        tf.feature_column.crossed_column(["occupation", education_column, age_buckets], hash_bucket_size=30),
    ]
    wide_columns = base_columns + crossed_columns
    deep_columns = [
        age_column,
        hours_column,
        tf.feature_column.indicator_column(education_column),
        tf.feature_column.embedding_column(occupation_column, dimension=4),
    ]
    return wide_columns, deep_columns


wide_columns, deep_columns = build_model_columns()
estimator = tf.estimator.DNNLinearCombinedClassifier(
    linear_feature_columns=wide_columns, dnn_feature_columns=deep_columns, dnn_hidden_units=[16, 8],
    config=tf.estimator.RunConfig(tf_random_seed=int(os.environ.get("CANNED_SEED", "1"))))
