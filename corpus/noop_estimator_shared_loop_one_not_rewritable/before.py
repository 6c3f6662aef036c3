"""A boosted-trees model has no Keras form, so the loop that trains it beside a linear model
stays TF1 for both."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(4).rand(40, 2).astype("float32")
Y = (X[:, 0] > X[:, 1]).astype("int32")
COLUMNS = [tf.feature_column.numeric_column("a"), tf.feature_column.numeric_column("b")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"a": X[:, 0], "b": X[:, 1]}, Y)).batch(10)


linear = tf.estimator.LinearClassifier(feature_columns=COLUMNS)
trees = tf.estimator.BoostedTreesClassifier(feature_columns=[
    tf.feature_column.bucketized_column(c, boundaries=[0.25, 0.5, 0.75]) for c in COLUMNS], n_batches_per_layer=1)
results = {}
for name, model in (("linear", linear), ("trees", trees)):
    model.train(input_fn=input_fn, steps=10)
    results[name] = model.evaluate(input_fn=input_fn)["accuracy"]
print(results)
