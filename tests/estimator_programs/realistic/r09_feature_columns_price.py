"""House-price style regression whose model_fn reads a dict of scalar features through
tf.compat.v1.feature_column.input_layer with numeric_columns: a hidden_units loop,
mean squared error, Adagrad, rmse, and predict(predict_keys=...) on a lambda."""
import random

import numpy as np
import tensorflow as tf

SEED = 42
random.seed(SEED)
np.random.seed(SEED)

COLUMNS = ["rooms", "age", "distance", "income"]


def load_frame(n, seed):
    r = np.random.RandomState(seed)
    frame = {
        "rooms": r.randint(1, 8, size=n).astype(np.float32),
        "age": r.uniform(0, 60, size=n).astype(np.float32),
        "distance": r.exponential(5.0, size=n).astype(np.float32),
        "income": r.lognormal(1.0, 0.4, size=n).astype(np.float32),
    }
    price = (0.6 * frame["rooms"] - 0.03 * frame["age"] + 2.0 * np.exp(-frame["distance"] / 4)
             + 0.8 * frame["income"] + r.normal(scale=0.4, size=n))
    return frame, price.astype(np.float32)


def to_dataset(frame, price=None, batch_size=32, epochs=None, shuffle=False):
    ds = tf.data.Dataset.from_tensor_slices(frame if price is None else (frame, price))
    if shuffle:
        ds = ds.shuffle(1000, seed=SEED)
    return ds.repeat(epochs).batch(batch_size)


def price_model_fn(features, labels, mode, params):
    net = tf.compat.v1.feature_column.input_layer(features, params["feature_columns"])
    for units in params["hidden_units"]:
        net = tf.compat.v1.layers.dense(net, units=units, activation=tf.nn.relu)
    price = tf.compat.v1.layers.dense(net, 1)[:, 0]

    if mode == tf.estimator.ModeKeys.PREDICT:
        predictions = {"price": price, "log_price": tf.math.log(tf.maximum(price, 1e-3))}
        return tf.estimator.EstimatorSpec(mode, predictions=predictions)

    loss = tf.compat.v1.losses.mean_squared_error(labels, price)
    if mode == tf.estimator.ModeKeys.TRAIN:
        optimizer = tf.compat.v1.train.AdagradOptimizer(learning_rate=params["learning_rate"])
        train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

    rmse = tf.compat.v1.metrics.root_mean_squared_error(labels, price)
    return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"rmse": rmse})


train_frame, train_price = load_frame(1200, seed=41)
test_frame, test_price = load_frame(300, seed=42)

model_params = {
    "feature_columns": [tf.feature_column.numeric_column(name) for name in COLUMNS],
    "hidden_units": [32, 16],
    "learning_rate": 0.1,
}
regressor = tf.estimator.Estimator(model_fn=price_model_fn, params=model_params,
                                   config=tf.estimator.RunConfig(tf_random_seed=SEED))
regressor.train(input_fn=lambda: to_dataset(train_frame, train_price, shuffle=True, epochs=20))
report = regressor.evaluate(input_fn=lambda: to_dataset(test_frame, test_price, batch_size=64, epochs=1))

sample = {key: value[:9] for key, value in test_frame.items()}
predicted = list(regressor.predict(input_fn=lambda: to_dataset(sample, epochs=1), predict_keys="price"))
print("PRED count", len(predicted))
print("PRED keys", sorted(predicted[0]))
print("PRED price shape", np.shape(predicted[0]["price"]))
print("FINAL", {"loss": round(float(report["loss"]), 4), "rmse": round(float(report["rmse"]), 4),
                "global_step": int(report["global_step"])})
