"""1-D convolution regression in the compat.v1 style: `import tensorflow.compat.v1 as tf`,
tf.flags values as hyperparameters, tf.layers.conv1d, Huber loss, RMSProp with a
polynomial_decay rate, an `average_loss` mean metric, and predictions given as one
tensor (not a dict), run through tf.app.run."""
import random

import numpy as np
import tensorflow.compat.v1 as tf

flags = tf.app.flags
flags.DEFINE_float("learning_rate", 0.01, "initial learning rate")
flags.DEFINE_float("end_learning_rate", 0.001, "rate reached at train_steps")
flags.DEFINE_integer("filters", 12, "conv1d filters")
flags.DEFINE_integer("batch_size", 32, "examples per batch")
flags.DEFINE_integer("train_steps", 400, "training steps")
FLAGS = flags.FLAGS

SEED = 42
SEQ_LEN = 16


def make_series(n, seed):
    r = np.random.RandomState(seed)
    x = r.normal(size=(n, SEQ_LEN)).astype(np.float32)
    y = 1.5 * x[:, :8].mean(axis=1) - x[:, 8:].mean(axis=1) + 0.4 * np.abs(x).max(axis=1)
    y = y + r.normal(scale=0.2, size=n)
    return x[..., None], y.astype(np.float32).reshape(-1, 1)


def get_input_fn(x, y, batch_size, shuffle=False):
    def _input_fn():
        ds = tf.data.Dataset.from_tensor_slices((x, y))
        if shuffle:
            ds = ds.shuffle(1000, seed=SEED).repeat()
        return ds.batch(batch_size)
    return _input_fn


def model_fn(features, labels, mode, params):
    net = tf.layers.conv1d(features, params["filters"], kernel_size=3, activation=tf.nn.relu)
    net = tf.layers.conv1d(net, params["filters"], kernel_size=3, strides=2, activation=tf.nn.relu)
    net = tf.layers.dense(tf.layers.flatten(net), 16, activation=tf.nn.relu)
    output = tf.layers.dense(net, 1)

    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions=output)

    loss = tf.losses.huber_loss(labels, output, delta=1.0)
    if mode == tf.estimator.ModeKeys.EVAL:
        per_example = tf.losses.huber_loss(labels, output, reduction=tf.losses.Reduction.NONE)
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={
            "mae": tf.metrics.mean_absolute_error(labels, output),
            "average_loss": tf.metrics.mean(per_example),
        })

    global_step = tf.train.get_global_step()
    lr = tf.train.polynomial_decay(params["learning_rate"], global_step,
                                   params["train_steps"], params["end_learning_rate"], power=1.0)
    optimizer = tf.train.RMSPropOptimizer(learning_rate=lr)
    return tf.estimator.EstimatorSpec(mode, loss=loss,
                                      train_op=optimizer.minimize(loss, global_step=global_step))


def main(_):
    random.seed(SEED)
    np.random.seed(SEED)
    x_train, y_train = make_series(1000, seed=8)
    x_val, y_val = make_series(256, seed=9)

    params = {"filters": FLAGS.filters, "learning_rate": FLAGS.learning_rate,
              "end_learning_rate": FLAGS.end_learning_rate, "train_steps": FLAGS.train_steps}
    model = tf.estimator.Estimator(model_fn=model_fn, params=params,
                                   config=tf.estimator.RunConfig(tf_random_seed=SEED))
    model.train(get_input_fn(x_train, y_train, FLAGS.batch_size, shuffle=True),
                steps=FLAGS.train_steps)
    result = model.evaluate(get_input_fn(x_val, y_val, 64))

    predicted = list(model.predict(get_input_fn(x_val[:10], y_val[:10], 4)))
    print("PRED count", len(predicted))
    print("PRED type", type(predicted[0]).__name__, "shape", predicted[0].shape)
    print("FINAL", {k: (int(v) if k == "global_step" else round(float(v), 4))
                    for k, v in sorted(result.items())})


if __name__ == "__main__":
    tf.app.run(main)
