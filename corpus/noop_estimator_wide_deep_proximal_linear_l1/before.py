"""A wide-and-deep classifier whose linear part uses proximal Adagrad with an L1 strength:
TF1 shrank only the weights of the categories a batch held, and the Keras linear part's
gradients are dense. Left as it is, reported."""
import tensorflow as tf

color = tf.feature_column.categorical_column_with_vocabulary_list("color", ["red", "green", "blue"])
classifier = tf.compat.v1.estimator.DNNLinearCombinedClassifier(
    linear_feature_columns=[color],
    linear_optimizer=tf.compat.v1.train.ProximalAdagradOptimizer(0.1, l1_regularization_strength=0.01),
    dnn_feature_columns=[tf.feature_column.numeric_column("size")],
    dnn_hidden_units=[4])


def input_fn():
    features = {"color": ["red", "blue", "green", "red"], "size": [1.0, 2.5, 0.5, 3.0]}
    return tf.data.Dataset.from_tensor_slices((features, [0, 1, 0, 1])).repeat(3).batch(2)


classifier.train(input_fn)
