"""predict() one batch at a time (yield_single_examples=False), with and without
predict_keys, beside the per-example form."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(20)
FEATURES = RNG.rand(36, 3).astype("float32")
LABELS = (FEATURES[:, 0] > FEATURES[:, 2]).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, LABELS)).repeat().batch(6)


def predict_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, LABELS)).batch(10)


def model_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features["x"], 2, kernel_initializer=tf.compat.v1.zeros_initializer())
    if mode == tf.estimator.ModeKeys.PREDICT:
        predictions = {"class": tf.argmax(logits, 1), "probabilities": tf.nn.softmax(logits)}
        return tf.estimator.EstimatorSpec(mode, predictions=predictions)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.5).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


classifier = tf.estimator.Estimator(model_fn=model_fn)
classifier.train(input_fn, steps=8)
for batch in classifier.predict(predict_input_fn, yield_single_examples=False):
    print("batch", sorted(batch), batch["class"].shape, batch["class"].tolist())
classes = [b["class"] for b in classifier.predict(predict_input_fn, predict_keys=["class"], yield_single_examples=False)]
print("class batches", len(classes), [len(c) for c in classes], sorted(classifier.predict(predict_input_fn, predict_keys="class", yield_single_examples=False).__next__()))
singles = list(classifier.predict(predict_input_fn, predict_keys=["probabilities"]))
print("singles", len(singles), sorted(singles[0]), np.round(singles[0]["probabilities"], 5))
