"""One model_fn serves two Estimators, and the second one is exported, which has no
automatic Keras form: the model_fn must stay, so the first pipeline is left as it is too
(its Keras model would replace the function the second one still needs)."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(1).rand(16, 2).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).batch(4)


def regression_fn(features, labels, mode):
    predictions = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, predictions)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


trial = tf.estimator.Estimator(model_fn=regression_fn)
trial.train(input_fn, steps=3)

final = tf.estimator.Estimator(regression_fn, model_dir="regression_model")
final.train(input_fn, steps=10)
final.export_saved_model("exported", lambda: None)
