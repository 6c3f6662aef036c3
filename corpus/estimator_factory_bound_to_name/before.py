"""A model_fn made by a builder and bound to a name before the Estimator takes it, the way
many fine-tuning scripts write `model_fn = model_fn_builder(...)`."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(23)
VECTORS = rng.normal(size=(72, 5)).astype(np.float32)
TOPICS = (VECTORS[:, 0] + VECTORS[:, 1] > 0).astype(np.int64) + (VECTORS[:, 2] > 1).astype(np.int64)
HIDDEN_INIT = np.linspace(-0.4, 0.4, 35).reshape(5, 7).astype(np.float32)
LOGIT_INIT = np.sin(np.arange(21)).reshape(7, 3).astype(np.float32) * 0.3


def model_fn_builder(num_labels, learning_rate):
    """The model_fn closure the Estimator gets."""

    def model_fn(features, labels, mode, params):
        hidden = tf.layers.dense(features["vectors"], 7, activation=tf.nn.relu,
                                 kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
        logits = tf.layers.dense(hidden, num_labels, kernel_initializer=tf.constant_initializer(LOGIT_INIT))
        if mode == tf.estimator.ModeKeys.PREDICT:
            return tf.estimator.EstimatorSpec(mode, predictions={"label": tf.argmax(logits, axis=-1)})
        loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
        if mode == tf.estimator.ModeKeys.EVAL:
            accuracy = tf.metrics.accuracy(labels, tf.argmax(logits, axis=-1))
            return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
        train_op = tf.train.AdamOptimizer(learning_rate).minimize(loss, global_step=tf.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

    return model_fn


def input_fn(params):
    return tf.data.Dataset.from_tensor_slices(({"vectors": VECTORS}, TOPICS)).repeat(2).batch(params["batch_size"])


model_fn = model_fn_builder(num_labels=3, learning_rate=0.02)
estimator = tf.estimator.Estimator(model_fn=model_fn, params={"batch_size": 12})
estimator.train(input_fn)
print("eval", estimator.evaluate(input_fn))
