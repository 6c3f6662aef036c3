"""PREDICT returns a hidden representation next to the probabilities (an embedding export)."""
import numpy as np
import tensorflow as tf

USERS = np.random.RandomState(1).randint(0, 12, size=(36,)).astype("int32")
CLICKED = (USERS % 3 == 0).astype("float32").reshape(-1, 1)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"user": USERS}, CLICKED)).repeat(4).batch(6)


def predict_input_fn():
    return tf.data.Dataset.from_tensor_slices({"user": USERS[:5]}).batch(5)


def model_fn(features, labels, mode, params):
    user_vector = tf.keras.layers.Embedding(12, params["dim"])(features["user"])
    hidden = tf.compat.v1.layers.dense(user_vector, 8, activation=tf.nn.relu)
    logit = tf.compat.v1.layers.dense(hidden, 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        predictions = {"probability": tf.sigmoid(logit), "user_vector": user_vector}
        return tf.estimator.EstimatorSpec(mode, predictions=predictions)
    loss = tf.compat.v1.losses.sigmoid_cross_entropy(labels, logit)
    train_op = tf.compat.v1.train.AdamOptimizer(0.05).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"dim": 4})
estimator.train(input_fn)
for prediction in estimator.predict(predict_input_fn):
    print(sorted(prediction), prediction["user_vector"].shape)
