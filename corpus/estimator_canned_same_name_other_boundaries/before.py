"""Wide & deep on one raw age: coarse buckets for the wide part, fine ones for the deep part."""
import numpy as np
import tensorflow as tf

AGES = np.random.RandomState(5).uniform(18, 80, size=(80,)).astype("float32")
HOURS = np.random.RandomState(6).uniform(10, 60, size=(80,)).astype("float32")
EARNS_MORE = ((AGES > 35) & (HOURS > 30)).astype("int32")


def input_fn(epochs):
    data = ({"age": AGES, "hours": HOURS}, EARNS_MORE)
    return tf.data.Dataset.from_tensor_slices(data).shuffle(80, seed=2).batch(16).repeat(epochs)


age = tf.feature_column.numeric_column("age")
hours = tf.feature_column.numeric_column("hours", normalizer_fn=lambda x: (x - 35.0) / 15.0)
wide_columns = [tf.feature_column.bucketized_column(age, boundaries=[30, 50]), hours]
deep_columns = [tf.feature_column.indicator_column(tf.feature_column.bucketized_column(
    age, boundaries=[25, 30, 35, 40, 45, 50, 60])), hours]

model = tf.estimator.DNNLinearCombinedClassifier(
    linear_feature_columns=wide_columns, dnn_feature_columns=deep_columns, dnn_hidden_units=[8, 4],
    config=tf.estimator.RunConfig(tf_random_seed=1))
model.train(input_fn=lambda: input_fn(20))
print(model.evaluate(input_fn=lambda: input_fn(1)))
