"""Two linear models with metrics of their own added through tf.estimator.add_metrics:
a regressor's error measures, and a classifier's ranking quality, one of them a Keras
metric object as the add_metrics documentation shows it."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(7)
SIZE = rng.uniform(30.0, 120.0, 200).astype(np.float32)
ROOMS = rng.randint(1, 6, 200).astype(np.float32)
PRICE = (0.02 * SIZE + 0.3 * ROOMS + rng.normal(0.0, 0.2, 200)).astype(np.float32)
EXPENSIVE = (PRICE > np.median(PRICE)).astype(np.int64)
COLUMNS = [tf.feature_column.numeric_column("size", normalizer_fn=lambda x: (x - 75.0) / 25.0),
           tf.feature_column.numeric_column("rooms")]


def input_fn(labels, epochs=1):
    features = {"size": SIZE, "rooms": ROOMS}
    return tf.data.Dataset.from_tensor_slices((features, labels)).repeat(epochs).batch(20)


def price_metrics(labels, predictions):
    price = predictions["predictions"]
    return {
        "rmse": tf.compat.v1.metrics.root_mean_squared_error(labels, price),
        "mae": tf.compat.v1.metrics.mean_absolute_error(labels=labels, predictions=price),
        "mean_price": tf.compat.v1.metrics.mean(price),
    }


def ranking_metrics(labels, predictions):
    pr_auc = tf.keras.metrics.AUC(curve="PR", name="pr")
    pr_auc.update_state(y_true=labels, y_pred=predictions["logistic"])
    return {
        "roc_auc": tf.compat.v1.metrics.auc(labels, predictions["logistic"]),
        "hit_rate": tf.compat.v1.metrics.recall(labels, predictions["class_ids"]),
        "pr_auc": pr_auc,
    }


regressor = tf.estimator.LinearRegressor(COLUMNS)
regressor = tf.estimator.add_metrics(regressor, price_metrics)
regressor.train(lambda: input_fn(PRICE, epochs=3))
print("regressor", regressor.evaluate(lambda: input_fn(PRICE)))

classifier = tf.estimator.LinearClassifier(COLUMNS)
classifier = tf.estimator.add_metrics(classifier, ranking_metrics)
classifier.train(lambda: input_fn(EXPENSIVE, epochs=3))
print("classifier", classifier.evaluate(lambda: input_fn(EXPENSIVE)))
