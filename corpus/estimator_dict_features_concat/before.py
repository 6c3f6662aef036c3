"""Dict features in two branches joined by tf.concat, class-spelled layers, a logging hook, predict_keys."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(7)
IMAGE = RNG.rand(6, 4, 4, 1).astype("float32")
EXTRA = RNG.rand(6, 2).astype("float32")
LABELS = np.array([0, 1, 2, 2, 1, 0], dtype="int32")


def input_fn():
    features = {"image": IMAGE, "extra": EXTRA}
    return tf.data.Dataset.from_tensor_slices((features, LABELS)).batch(3)


def model_fn(features, labels, mode):
    image = tf.layers.Flatten()(features["image"])
    image = tf.layers.Dense(4, activation=tf.nn.relu)(image)
    extra = tf.layers.Dense(4, activation=tf.nn.relu)(features["extra"])
    logits = tf.layers.Dense(3)(tf.concat([image, extra], axis=1))
    if mode == tf.estimator.ModeKeys.PREDICT:
        predictions = {"class": tf.argmax(logits, 1), "probabilities": tf.nn.softmax(logits), "logits": logits}
        return tf.estimator.EstimatorSpec(mode, predictions=predictions)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdagradOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=2, hooks=[tf.train.LoggingTensorHook({"step": "global_step"}, every_n_iter=1)])
for prediction in estimator.predict(input_fn, predict_keys=["class", "probabilities"]):
    print(sorted(prediction), prediction["class"])
