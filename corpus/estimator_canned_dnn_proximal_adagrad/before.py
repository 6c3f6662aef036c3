"""Loan grades from a DNNClassifier: a hashed branch code seen through an embedding, the
region as an indicator, and proximal Adagrad with an L1 strength as the optimizer."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(2)
BRANCHES = np.array(["b%03d" % i for i in rng.randint(0, 40, size=300)])
REGIONS = rng.choice(["north", "south", "east"], size=300)
INCOME = rng.gamma(2.0, 20.0, size=300).astype(np.float32)
GRADES = ((INCOME > 40) + (REGIONS == "east")).astype(np.int64)

branch = tf.feature_column.categorical_column_with_hash_bucket("branch", 64)
region = tf.feature_column.categorical_column_with_vocabulary_list("region", ["north", "south", "east"])
columns = [
    tf.feature_column.embedding_column(branch, dimension=4),
    tf.feature_column.indicator_column(region),
    tf.feature_column.numeric_column("income", normalizer_fn=lambda x: x / 50.0),
]


def train_input():
    data = tf.data.Dataset.from_tensor_slices(({"branch": BRANCHES, "region": REGIONS, "income": INCOME}, GRADES))
    return data.shuffle(300, seed=3).repeat().batch(30)


def eval_input():
    data = tf.data.Dataset.from_tensor_slices(({"branch": BRANCHES, "region": REGIONS, "income": INCOME}, GRADES))
    return data.batch(60)


classifier = tf.compat.v1.estimator.DNNClassifier(
    feature_columns=columns,
    hidden_units=[16, 8],
    n_classes=3,
    optimizer=tf.compat.v1.train.ProximalAdagradOptimizer(learning_rate=0.1, l1_regularization_strength=0.001),
    config=tf.estimator.RunConfig(tf_random_seed=5))
classifier.train(train_input, steps=200)
print(classifier.evaluate(eval_input))
