"""Flight delays: both airports get an embedding, written as a comprehension over the columns."""
import numpy as np
import tensorflow as tf

AIRPORTS = ["ATL", "ORD", "DFW", "DEN", "LAX"]
RNG = np.random.RandomState(12)
ORIGIN = RNG.choice(AIRPORTS, size=200)
DEST = RNG.choice(AIRPORTS, size=200)
DELAYED = ((ORIGIN == "ORD") | (DEST == "DEN")).astype("int32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"origin": ORIGIN, "dest": DEST}, DELAYED)).batch(20).repeat(epochs)


def create_feature_columns():
    origin = tf.feature_column.categorical_column_with_vocabulary_list("origin", AIRPORTS)
    dest = tf.feature_column.categorical_column_with_vocabulary_list("dest", AIRPORTS)
    return [tf.feature_column.embedding_column(c, dimension=3) for c in (origin, dest)]


model = tf.estimator.DNNClassifier(hidden_units=[8], feature_columns=create_feature_columns(), optimizer="Adam",
                                   config=tf.estimator.RunConfig(tf_random_seed=2))
model.train(lambda: input_fn(10))
print(model.evaluate(lambda: input_fn(1)))
