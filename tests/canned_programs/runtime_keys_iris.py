import os
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(3)
N = 150
NAMES = ["SepalLength", "SepalWidth", "PetalLength", "PetalWidth"]


def load_data():
    x = rng.rand(N, 4).astype("float32") * [7.0, 4.0, 6.0, 2.5]
    y = (x[:, 2] > 2.0).astype("int64") + (x[:, 3] > 1.5).astype("int64")
    return {name: x[:, i] for i, name in enumerate(NAMES)}, y


def main():
    train_x, train_y = load_data()

    def input_fn():
        return tf.data.Dataset.from_tensor_slices((dict(train_x), train_y)).batch(10).repeat(2)

    my_feature_columns = []
    for key in train_x.keys():
        my_feature_columns.append(tf.feature_column.numeric_column(key=key))
    estimator = tf.estimator.DNNClassifier(
        feature_columns=my_feature_columns, hidden_units=[10, 10], n_classes=3,
        config=tf.estimator.RunConfig(tf_random_seed=int(os.environ.get("CANNED_SEED", "1"))))
    return estimator, input_fn


estimator, input_fn = main()
