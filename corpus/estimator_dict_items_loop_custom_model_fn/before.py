"""Two sizes of one custom model, kept in a dict: a loop over its items trains and scores
each, and the wider one is evaluated again by its key."""
import numpy as np
import tensorflow.compat.v1 as tf

FEATURES = np.linspace(-1.0, 1.0, 40, dtype=np.float32).reshape(20, 2)
TARGETS = (FEATURES.sum(axis=1, keepdims=True) * 0.5).astype(np.float32)


def model_fn(features, labels, mode, params):
    hidden = tf.layers.dense(features["x"], params["units"], activation=tf.nn.relu,
                             kernel_initializer=tf.constant_initializer(0.1))
    output = tf.layers.dense(hidden, 1, kernel_initializer=tf.constant_initializer(0.2))
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": output})
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS)).batch(5)


sizes = {
    "narrow": tf.estimator.Estimator(model_fn=model_fn, params={"units": 2}),
    "wide": tf.estimator.Estimator(model_fn=model_fn, params={"units": 6}),
}
for label, model in sizes.items():
    model.train(input_fn=input_fn, steps=6)
    print("score", label, model.evaluate(input_fn=input_fn))
print("again", sizes["wide"].evaluate(input_fn=input_fn, steps=2))
