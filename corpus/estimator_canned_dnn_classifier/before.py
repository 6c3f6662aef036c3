"""Soil samples sorted into three drainage classes by a premade DNN."""
import numpy as np
import tensorflow as tf

MEASUREMENTS = ["clay", "silt", "sand", "organic"]


def soil_table(n, seed):
    rng = np.random.RandomState(seed)
    table = {name: rng.uniform(0.0, 1.0, n).astype(np.float32) for name in MEASUREMENTS}
    drainage = (table["sand"] * 2.0 + table["organic"] - table["clay"] > 0.9).astype(np.int32)
    drainage += (table["sand"] > 0.8).astype(np.int32)
    return table, drainage


def batches(table, drainage, repeat):
    samples = tf.data.Dataset.from_tensor_slices((table, drainage))
    return (samples.shuffle(256).repeat() if repeat else samples).batch(32)


columns = [tf.feature_column.numeric_column(name) for name in MEASUREMENTS]
classifier = tf.estimator.DNNClassifier(hidden_units=[12, 6], feature_columns=columns, n_classes=3,
                                        optimizer="Adam")
train_table, train_drainage = soil_table(600, seed=3)
classifier.train(lambda: batches(train_table, train_drainage, repeat=True), steps=200)
scores = classifier.evaluate(lambda: batches(*soil_table(200, seed=4), repeat=False))
print("accuracy", scores["accuracy"], "at step", scores["global_step"])
for row in classifier.predict(lambda: batches(*soil_table(3, seed=5), repeat=False)):
    print(row["class_ids"], row["probabilities"])
