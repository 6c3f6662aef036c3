"""A text CNN as the cloud text-classification labs wrote it: word ids embedded with
tf.contrib.layers.embed_sequence, a 1-D convolution, max-pooling over time and a dense
layer, trained with Adam. Ids repeat within a batch (padding, common words), which TF1's
Adam summed per id before its update. Fixed initial weights."""
import numpy as np
import tensorflow as tf

VOCAB_SIZE, EMBED_DIM, LENGTH = 12, 4, 6
RNG = np.random.RandomState(17)
WORDS = RNG.randint(0, VOCAB_SIZE, size=(40, LENGTH)).astype(np.int64)
LABELS = ((WORDS < 4).sum(axis=1) > 1).astype(np.int64)
EMBEDDINGS = RNG.normal(0.0, 0.5, (VOCAB_SIZE, EMBED_DIM)).astype(np.float32)
FILTERS = RNG.normal(0.0, 0.3, (3, EMBED_DIM, 5)).astype(np.float32)


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"words": WORDS}, LABELS)).repeat().batch(10)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"words": WORDS}, LABELS)).batch(10)


def cnn_model_fn(features, labels, mode, params):
    embedded = tf.contrib.layers.embed_sequence(features["words"], vocab_size=VOCAB_SIZE, embed_dim=EMBED_DIM,
                                                initializer=tf.compat.v1.constant_initializer(EMBEDDINGS))
    conv = tf.compat.v1.layers.conv1d(embedded, filters=5, kernel_size=3, padding="same", activation=tf.nn.relu,
                                      kernel_initializer=tf.compat.v1.constant_initializer(FILTERS))
    pooled = tf.reduce_max(conv, axis=1)
    logits = tf.compat.v1.layers.dense(pooled, 2, kernel_initializer=tf.compat.v1.constant_initializer(0.1))
    predicted = tf.argmax(logits, axis=1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class": predicted, "prob": tf.nn.softmax(logits)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.AdamOptimizer(params["learning_rate"]).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    metrics = {"accuracy": tf.compat.v1.metrics.accuracy(labels, predicted)}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(cnn_model_fn, params={"learning_rate": 0.05})
estimator.train(train_input_fn, steps=12)
print("eval", estimator.evaluate(eval_input_fn))
print("classes", [int(p["class"]) for p in estimator.predict(eval_input_fn)][:10])
