"""The custom-Estimator tutorial's shape: the model_fn reads its feature columns from params,
and params is a base dict merged with the columns (dict(base, key=...) and {**base, ...})."""
import numpy as np
import tensorflow as tf

FEATURES = ["sepal_length", "sepal_width", "petal_length"]
BASE = {"hidden_units": [10, 10], "n_classes": 3}
rng = np.random.RandomState(1)
TABLE = {name: rng.uniform(0.0, 1.0, 90).astype(np.float32) for name in FEATURES}
SPECIES = np.digitize(TABLE["petal_length"], [0.33, 0.66]).astype(np.int32)


def train_input_fn(batch_size):
    return tf.data.Dataset.from_tensor_slices((dict(TABLE), SPECIES)).shuffle(90, seed=2).repeat().batch(batch_size)


def my_model(features, labels, mode, params):
    net = tf.compat.v1.feature_column.input_layer(features, params["feature_columns"])
    for units in params["hidden_units"]:
        net = tf.compat.v1.layers.dense(net, units=units, activation=tf.nn.relu)
    logits = tf.compat.v1.layers.dense(net, params["n_classes"], activation=None)
    predicted_classes = tf.argmax(logits, 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        predictions = {"class_ids": predicted_classes[:, tf.newaxis], "probabilities": tf.nn.softmax(logits)}
        return tf.estimator.EstimatorSpec(mode, predictions=predictions)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    accuracy = tf.compat.v1.metrics.accuracy(labels=labels, predictions=predicted_classes)
    if mode == tf.estimator.ModeKeys.EVAL:
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    optimizer = tf.compat.v1.train.AdagradOptimizer(learning_rate=0.1)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def main():
    my_feature_columns = [tf.feature_column.numeric_column(key=name) for name in FEATURES]
    params = dict(BASE, feature_columns=my_feature_columns)
    classifier = tf.estimator.Estimator(model_fn=my_model, params=params)
    classifier.train(input_fn=lambda: train_input_fn(30), steps=20)
    tuned = tf.estimator.Estimator(model_fn=my_model, params={**params, "hidden_units": [16]})
    tuned.train(input_fn=lambda: train_input_fn(30), steps=20)


if __name__ == "__main__":
    main()
