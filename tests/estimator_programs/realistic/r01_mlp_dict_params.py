"""Three-class MLP on 2-D points: a params dict literal, a hidden_units loop,
dropout switched on in TRAIN, Adam, train(steps) / evaluate / predict."""
import random

import numpy as np
import tensorflow as tf

SEED = 42
random.seed(SEED)
np.random.seed(SEED)

# Class = which third of the plane the angle of the point falls in, plus label noise.
data_rng = np.random.RandomState(101)


def make_points(n):
    x = data_rng.uniform(-1.0, 1.0, size=(n, 2)).astype(np.float32)
    angle = np.arctan2(x[:, 1], x[:, 0]) + np.pi
    y = np.minimum((angle / (2 * np.pi / 3)).astype(np.int32), 2)
    noisy = data_rng.uniform(size=n) < 0.1  # 10% of the labels are random
    y[noisy] = data_rng.randint(0, 3, size=noisy.sum())
    return x, y


train_x, train_y = make_points(600)
eval_x, eval_y = make_points(200)


def train_input_fn():
    ds = tf.data.Dataset.from_tensor_slices(({"xy": train_x}, train_y))
    return ds.shuffle(600, seed=SEED).repeat().batch(32)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"xy": eval_x}, eval_y)).batch(50)


def predict_input_fn():
    return tf.data.Dataset.from_tensor_slices({"xy": eval_x[:20]}).batch(8)


def mlp_model_fn(features, labels, mode, params):
    net = features["xy"]
    for units in params["hidden_units"]:
        net = tf.compat.v1.layers.dense(net, units, activation=tf.nn.relu)
        net = tf.compat.v1.layers.dropout(
            net, rate=params["dropout"], training=(mode == tf.estimator.ModeKeys.TRAIN))
    logits = tf.compat.v1.layers.dense(net, params["n_classes"])
    class_ids = tf.argmax(logits, axis=1)

    if mode == tf.estimator.ModeKeys.PREDICT:
        predictions = {
            "class_ids": class_ids,
            "probabilities": tf.nn.softmax(logits),
            "logits": logits,
        }
        return tf.estimator.EstimatorSpec(mode, predictions=predictions)

    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)

    if mode == tf.estimator.ModeKeys.TRAIN:
        optimizer = tf.compat.v1.train.AdamOptimizer(learning_rate=params["learning_rate"])
        train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

    accuracy = tf.compat.v1.metrics.accuracy(labels=labels, predictions=class_ids)
    return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})


def main():
    classifier = tf.estimator.Estimator(
        model_fn=mlp_model_fn,
        params={"hidden_units": [32, 16], "n_classes": 3, "dropout": 0.1, "learning_rate": 0.01},
        config=tf.estimator.RunConfig(tf_random_seed=SEED),
    )
    classifier.train(input_fn=train_input_fn, steps=400)
    results = classifier.evaluate(input_fn=eval_input_fn)

    predictions = list(classifier.predict(input_fn=predict_input_fn))
    first = predictions[0]
    print("PRED count", len(predictions))
    print("PRED keys", sorted(first))
    print("PRED shapes", {k: tuple(np.shape(v)) for k, v in sorted(first.items())})

    final = {
        "loss": round(float(results["loss"]), 4),
        "accuracy": round(float(results["accuracy"]), 4),
        "global_step": int(results["global_step"]),
    }
    print("FINAL", final)


if __name__ == "__main__":
    main()
