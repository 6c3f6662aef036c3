"""Constructor values spelled through names: a hyperparameter dict, len() of the labels, a
vocabulary built by +, columns from a helper that takes the data, a normalizer factory."""
import numpy as np
import tensorflow as tf

HP = {"hidden": [16, 8], "steps": 200, "lr": 0.01}
LABELS = ["low", "mid", "high"]
WARM, COLD = ["red", "orange"], ["blue"]

rng = np.random.RandomState(5)
table = {"temp": rng.uniform(-10, 40, 300).astype(np.float32), "color": rng.choice(WARM + COLD, 300)}
level = np.digitize(table["temp"], [5.0, 20.0]).astype(np.int32)


def scale(factor):
    return lambda x: x / factor


def make_columns(frame):
    color = tf.feature_column.categorical_column_with_vocabulary_list("color", WARM + COLD)
    return [tf.feature_column.numeric_column("temp", normalizer_fn=scale(40.0)),
            tf.feature_column.indicator_column(color)]


classifier = tf.estimator.DNNClassifier(hidden_units=HP["hidden"], n_classes=len(LABELS),
                                        feature_columns=make_columns(table),
                                        optimizer=tf.keras.optimizers.legacy.Adam(learning_rate=HP["lr"]),
                                        config=tf.estimator.RunConfig(tf_random_seed=7))
classifier.train(lambda: tf.data.Dataset.from_tensor_slices((table, level)).repeat().batch(30), steps=HP["steps"])
scores = classifier.evaluate(lambda: tf.data.Dataset.from_tensor_slices((table, level)).batch(30))
print("FINAL", {k: round(float(scores[k]), 5) for k in ("accuracy", "average_loss", "global_step")})
