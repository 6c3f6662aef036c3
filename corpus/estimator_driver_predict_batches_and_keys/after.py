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


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

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
        predictions = {"class": tf.argmax(logits, 1), "probabilities": tf.nn.softmax(logits)}
        return predictions


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.5),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


classifier = make_keras_model()
classifier.fit(input_fn(), steps_per_epoch=8)
for batch in (classifier.predict_on_batch(tf.keras.utils.unpack_x_y_sample_weight(batch)[0]) for batch in predict_input_fn()):
    print("batch", sorted(batch), batch["class"].shape, batch["class"].tolist())
classes = [b["class"] for b in ({key: value for key, value in classifier.predict_on_batch(tf.keras.utils.unpack_x_y_sample_weight(batch)[0]).items() if key in ["class"]} for batch in predict_input_fn())]
print("class batches", len(classes), [len(c) for c in classes], sorted(({key: value for key, value in classifier.predict_on_batch(tf.keras.utils.unpack_x_y_sample_weight(batch)[0]).items() if key in ["class"]} for batch in predict_input_fn()).__next__()))
singles = list((dict(zip(outputs, row)) for outputs in [{key: value for key, value in classifier.predict(predict_input_fn()).items() if key in ["probabilities"]}] for row in zip(*outputs.values())))
print("singles", len(singles), sorted(singles[0]), np.round(singles[0]["probabilities"], 5))
