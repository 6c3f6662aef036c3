"""A linear model over shop categories with proximal Adagrad and an L1 strength: TF1 shrank
only the weights of the categories a batch held."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(8)
SHOPS = rng.choice(["grocer", "baker", "butcher", "florist"], size=200)
SPEND = rng.normal(30.0, 8.0, size=200).astype(np.float32)
RETURNS = (SPEND + 5.0 * (SHOPS == "florist")).astype(np.float32)

shop = tf.feature_column.categorical_column_with_vocabulary_list("shop", ["grocer", "baker", "butcher", "florist"])
regressor = tf.estimator.LinearRegressor(
    feature_columns=[shop, tf.feature_column.numeric_column("spend")],
    optimizer=tf.compat.v1.train.ProximalAdagradOptimizer(0.5, l1_regularization_strength=0.01))


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"shop": SHOPS, "spend": SPEND}, RETURNS)).batch(20)


regressor.train(input_fn, steps=50)
print(regressor.evaluate(input_fn))
