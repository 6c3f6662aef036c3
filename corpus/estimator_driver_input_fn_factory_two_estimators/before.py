"""Two Estimators over one model_fn take their input_fns from one numpy_input_fn factory:
the factory and the model_fn are each rewritten once, for both."""
import numpy as np
import tensorflow as tf

LABEL = "price"
RNG = np.random.RandomState(6)
TRAIN = {"size": RNG.rand(48).astype("float32"), "rooms": RNG.rand(48).astype("float32")}
TRAIN[LABEL] = (2 * TRAIN["size"] + TRAIN["rooms"]).astype("float32")
TEST = {key: values[:24] for key, values in TRAIN.items()}  # three whole batches
NEW = {"size": TRAIN["size"][:5], "rooms": TRAIN["rooms"][:5]}


def get_input_fn(data_set, num_epochs=None, shuffle=False):
    return tf.compat.v1.estimator.inputs.numpy_input_fn(
        x={k: data_set[k] for k in ("size", "rooms")},
        y=data_set[LABEL] if LABEL in data_set else None,
        batch_size=8,
        num_epochs=num_epochs,
        shuffle=shuffle)


def model_fn(features, labels, mode):
    inputs = tf.stack([features["size"], features["rooms"]], axis=1)
    price = tf.squeeze(tf.compat.v1.layers.dense(inputs, 1, kernel_initializer=tf.compat.v1.zeros_initializer()), 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"price": price})
    loss = tf.compat.v1.losses.mean_squared_error(labels, price)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


trial = tf.estimator.Estimator(model_fn=model_fn)
trial.train(input_fn=get_input_fn(TRAIN), steps=5)
print("trial", trial.evaluate(input_fn=get_input_fn(TEST, num_epochs=1)))
regressor = tf.estimator.Estimator(model_fn=model_fn)
regressor.train(input_fn=get_input_fn(TRAIN), steps=20)
print("eval", regressor.evaluate(input_fn=get_input_fn(TEST, num_epochs=1)))
prices = [p["price"] for p in regressor.predict(input_fn=get_input_fn(NEW, num_epochs=1))]
print("predictions", len(prices), np.round(prices, 5))
