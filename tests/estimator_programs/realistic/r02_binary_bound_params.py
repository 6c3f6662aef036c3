"""Binary classifier: params bound to a name, lambdas around one dataset helper, TRAIN
branch first and PREDICT last, sigmoid cross-entropy, Adagrad, four eval metrics and
predict(predict_keys=...)."""
import random

import numpy as np
import tensorflow as tf

SEED = 42
random.seed(SEED)
np.random.seed(SEED)

rng = np.random.RandomState(2024)
FEATURES = rng.normal(size=(900, 4)).astype(np.float32)
score = FEATURES[:, 0] + 0.5 * FEATURES[:, 1] - FEATURES[:, 2] * FEATURES[:, 3]
LABELS = (score > 0.2).astype(np.int64)
flip = rng.uniform(size=900) < 0.08
LABELS[flip] = 1 - LABELS[flip]
x_train, y_train = FEATURES[:700], LABELS[:700]
x_test, y_test = FEATURES[700:], LABELS[700:]


def make_dataset(x, y=None, batch_size=25, training=False):
    feats = {"x": x}
    ds = tf.data.Dataset.from_tensor_slices(feats if y is None else (feats, y))
    if training:
        ds = ds.shuffle(len(x), seed=7).repeat()
    return ds.batch(batch_size)


def model_fn(features, labels, mode, params):
    hidden = tf.compat.v1.layers.dense(features["x"], params["units"], activation=tf.nn.tanh)
    hidden = tf.compat.v1.layers.dense(hidden, params["units"], activation=tf.nn.relu)
    logit = tf.compat.v1.layers.dense(hidden, 1)
    probability = tf.sigmoid(logit)
    predicted = tf.cast(probability > 0.5, tf.int64)

    if mode == tf.estimator.ModeKeys.TRAIN:
        y = tf.reshape(tf.cast(labels, tf.float32), [-1, 1])
        loss = tf.compat.v1.losses.sigmoid_cross_entropy(multi_class_labels=y, logits=logit)
        opt = tf.compat.v1.train.AdagradOptimizer(params["learning_rate"])
        step = opt.minimize(loss, global_step=tf.compat.v1.train.get_or_create_global_step())
        return tf.estimator.EstimatorSpec(mode=mode, loss=loss, train_op=step)

    if mode == tf.estimator.ModeKeys.EVAL:
        y = tf.reshape(tf.cast(labels, tf.float32), [-1, 1])
        loss = tf.compat.v1.losses.sigmoid_cross_entropy(multi_class_labels=y, logits=logit)
        metrics = {
            "accuracy": tf.compat.v1.metrics.accuracy(labels=y, predictions=predicted),
            "auc": tf.compat.v1.metrics.auc(labels=y, predictions=probability),
            "precision": tf.compat.v1.metrics.precision(labels=y, predictions=predicted),
            "recall": tf.compat.v1.metrics.recall(labels=y, predictions=predicted),
        }
        return tf.estimator.EstimatorSpec(mode=mode, loss=loss, eval_metric_ops=metrics)

    return tf.estimator.EstimatorSpec(
        mode=mode,
        predictions={"probability": probability, "label": predicted, "logit": logit},
    )


hparams = {"units": 16, "learning_rate": 0.3}
estimator = tf.estimator.Estimator(
    model_fn=model_fn,
    params=hparams,
    config=tf.estimator.RunConfig(tf_random_seed=SEED, save_checkpoints_steps=250),
)
estimator.train(input_fn=lambda: make_dataset(x_train, y_train, training=True), steps=500)
scores = estimator.evaluate(input_fn=lambda: make_dataset(x_test, y_test, batch_size=40))

outputs = list(estimator.predict(
    input_fn=lambda: make_dataset(x_test[:30]), predict_keys=["probability", "label"]))
print("PRED count", len(outputs))
print("PRED keys", sorted(outputs[0].keys()))
print("PRED shapes", sorted((k, np.asarray(v).shape) for k, v in outputs[0].items()))

summary = {name: round(float(scores[name]), 4)
           for name in ("loss", "accuracy", "auc", "precision", "recall")}
summary["global_step"] = int(scores["global_step"])
print(f"FINAL {summary}")
