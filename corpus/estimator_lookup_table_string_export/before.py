"""Short texts classified from a vocabulary table the model_fn builds, then exported with a
receiver of one string placeholder, as text-classification course labs did. The table moves
to the Keras model's __init__ (TF1 made it once with the graph) and the export serves it.
The layers start from fixed weights."""
import tempfile

import numpy as np
import tensorflow as tf

VOCAB = ["good", "great", "bad", "awful", "fine"]
TEXTS = np.array(["good great", "bad", "awful bad", "great", "fine good", "awful", "good", "bad fine"])
LABELS = np.array([1, 0, 0, 1, 1, 0, 1, 0], dtype=np.int64)
EMBEDDINGS = np.random.RandomState(4).normal(0.0, 0.5, (len(VOCAB) + 1, 3)).astype(np.float32)


def input_fn(repeat=False):
    dataset = tf.data.Dataset.from_tensor_slices(({"text": TEXTS[:, None]}, LABELS))
    return (dataset.repeat() if repeat else dataset).batch(4)


def model_fn(features, labels, mode, params):
    table = tf.lookup.StaticVocabularyTable(
        tf.lookup.KeyValueTensorInitializer(tf.constant(VOCAB), tf.range(len(VOCAB), dtype=tf.int64)),
        num_oov_buckets=1)
    words = tf.compat.v1.string_split(tf.squeeze(features["text"], [1]))
    ids = table.lookup(tf.compat.v1.sparse_tensor_to_dense(words, default_value="fine"))
    embedding = tf.compat.v1.get_variable("embedding", [len(VOCAB) + 1, 3], dtype=tf.float32,
                                          initializer=tf.compat.v1.constant_initializer(EMBEDDINGS))
    mean = tf.reduce_mean(tf.nn.embedding_lookup(embedding, ids), axis=1)
    logits = tf.compat.v1.layers.dense(mean, 2, kernel_initializer=tf.compat.v1.constant_initializer(0.2))
    predictions = {"class_ids": tf.argmax(logits, axis=1), "probabilities": tf.nn.softmax(logits)}
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions=predictions)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.AdamOptimizer(0.1).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_fn():
    feature_placeholders = {"text": tf.compat.v1.placeholder(tf.string, [None])}
    features = {key: tf.expand_dims(tensor, -1) for key, tensor in feature_placeholders.items()}
    return tf.estimator.export.ServingInputReceiver(features, feature_placeholders)


classifier = tf.estimator.Estimator(model_fn)
classifier.train(lambda: input_fn(repeat=True), steps=6)
print("eval", classifier.evaluate(input_fn))
path = classifier.export_saved_model(tempfile.mkdtemp(), serving_input_fn)
served = tf.saved_model.load(path).signatures["serving_default"](text=tf.constant(["great good", "awful"]))
print("served", served["class_ids"].numpy().tolist(), np.round(served["probabilities"].numpy(), 4).tolist())
