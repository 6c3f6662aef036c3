"""Binary classifier whose input_fns return one-shot iterators' next elements, TF1 style."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(0)
POINTS = RNG.normal(size=(200, 4)).astype(np.float32)
LABELS = (POINTS[:, 0] - POINTS[:, 1] > 0).astype(np.int64)


def train_input_fn():
    dataset = tf.data.Dataset.from_tensor_slices(({"x": POINTS}, LABELS)).repeat().batch(20)
    # Keras iterates the Dataset itself: the one-shot iterator gave the Estimator the same elements.
    return dataset


def eval_input_fn(batch_size):
    dataset = tf.compat.v1.data.Dataset.from_tensor_slices(({"x": POINTS}, LABELS))
    # Keras iterates the Dataset itself: the one-shot iterator gave the Estimator the same elements.
    return dataset.batch(batch_size)


def predict_input_fn():
    dataset = tf.data.Dataset.from_tensor_slices({"x": POINTS}).batch(64)
    # Keras iterates the Dataset itself: the one-shot iterator gave the Estimator the same elements.
    return dataset


class ClassifierModel(tf.keras.Model):
    """The Estimator model_fn `classifier_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=2, kernel_initializer="zeros")

    def call(self, features, training=False):
        logits = self.dense(features["x"])
        return logits

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        replicas = tf.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        return {"class": tf.argmax(logits, 1)}


def make_classifier_model():
    model = ClassifierModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.5),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


classifier = make_classifier_model()
classifier.fit(train_input_fn(), steps_per_epoch=30)
metrics = {**classifier.evaluate(eval_input_fn(50), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()}
classes = [p["class"] for p in (dict(zip(outputs, row)) for outputs in [classifier.predict(predict_input_fn())] for row in zip(*outputs.values()))]
print("FINAL", {k: round(float(v), 4) for k, v in sorted(metrics.items())})
print("PRED", len(classes), sum(int(c) for c in classes))
