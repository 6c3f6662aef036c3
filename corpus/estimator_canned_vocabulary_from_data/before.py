"""Vocabularies read from the training data in a loop, as the TF 2.0 Titanic tutorial builds them."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(3)
train = {"sex": rng.choice(["male", "female"], 300), "deck": rng.choice(["A", "B", "C", "unknown"], 300),
         "parch": rng.poisson(0.6, 300).astype(np.int64), "fare": rng.lognormal(3.0, 0.5, 300)}
survived = ((train["sex"] == "female") | (train["fare"] > 30.0)).astype(np.int64)

CATEGORICAL = ["sex", "deck", "parch"]
feature_columns = []
for name in CATEGORICAL:
    vocabulary = np.unique(train[name])
    feature_columns.append(tf.feature_column.categorical_column_with_vocabulary_list(name, vocabulary))
feature_columns.append(tf.feature_column.numeric_column("fare", dtype=tf.float32))

classifier = tf.estimator.LinearClassifier(feature_columns=feature_columns,
                                           config=tf.estimator.RunConfig(tf_random_seed=123))
classifier.train(lambda: tf.data.Dataset.from_tensor_slices((train, survived)).repeat().batch(32), steps=40)
scores = classifier.evaluate(lambda: tf.data.Dataset.from_tensor_slices((train, survived)).batch(50))
print("FINAL", {k: round(float(scores[k]), 5) for k in ("accuracy", "auc", "average_loss", "global_step")})
