"""A model_fn builder in the style of fine-tuning scripts: the EVAL branch defines its own
metric_fn and calls it for the eval_metric_ops."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(51)
EMBEDDED = rng.normal(size=(80, 6)).astype(np.float32)
LABEL_IDS = (EMBEDDED[:, 0] * EMBEDDED[:, 1] > 0).astype(np.int32)
HIDDEN_INIT = np.linspace(-0.3, 0.3, 48).reshape(6, 8).astype(np.float32)
OUTPUT_INIT = np.sin(np.arange(16)).reshape(8, 2).astype(np.float32) * 0.2


def model_fn_builder(learning_rate):
    def model_fn(features, labels, mode, params):
        hidden = tf.compat.v1.layers.dense(features["embedded"], 8, activation=tf.nn.tanh,
                                           kernel_initializer=tf.compat.v1.constant_initializer(HIDDEN_INIT))
        logits = tf.compat.v1.layers.dense(hidden, 2,
                                           kernel_initializer=tf.compat.v1.constant_initializer(OUTPUT_INIT))
        predicted = tf.argmax(logits, axis=-1, output_type=tf.int32)
        probabilities = tf.nn.softmax(logits, axis=-1)
        if mode == tf.estimator.ModeKeys.PREDICT:
            return tf.estimator.EstimatorSpec(mode, predictions={"label": predicted, "probabilities": probabilities})
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
        if mode == tf.estimator.ModeKeys.TRAIN:
            optimizer = tf.compat.v1.train.AdamOptimizer(learning_rate)
            train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
            output_spec = tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)
        else:

            def metric_fn(label_ids, predicted_ids, positive):
                return {
                    "eval_accuracy": tf.compat.v1.metrics.accuracy(label_ids, predicted_ids),
                    "eval_auc": tf.compat.v1.metrics.auc(label_ids, positive),
                }

            output_spec = tf.estimator.EstimatorSpec(
                mode, loss=loss, eval_metric_ops=metric_fn(labels, predicted, probabilities[:, 1]))
        return output_spec

    return model_fn


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"embedded": EMBEDDED}, LABEL_IDS)).repeat(2).batch(16)


model_fn = model_fn_builder(learning_rate=0.05)
estimator = tf.estimator.Estimator(model_fn=model_fn)
estimator.train(input_fn)
print("eval", estimator.evaluate(input_fn))
