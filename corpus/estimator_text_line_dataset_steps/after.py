"""Training from a CSV file read with TextLineDataset, twice: tf.data cannot know the
dataset's length, and Keras counts one iteration more when such a dataset runs out, so the
model puts back the steps really taken (evaluate()'s global_step is TF1's)."""
import os
import tempfile

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(3)
ROWS = rng.uniform(-1.0, 1.0, size=(50, 2)).astype(np.float32)
CSV = os.path.join(tempfile.mkdtemp(), "rows.csv")
with open(CSV, "w") as f:
    for a, b in ROWS:
        f.write("%.4f,%.4f,%.4f\n" % (a, b, 2.0 * a - b + 0.5))


def input_fn():
    def parse(line):
        a, b, target = tf.io.decode_csv(line, record_defaults=[[0.0], [0.0], [0.0]])
        return {"a": a, "b": b}, target

    return tf.data.TextLineDataset(CSV).map(parse).batch(8)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer=tf.keras.initializers.Constant(value=[[0.3], [0.2]]))

    def call(self, features, training=False):
        inputs = tf.stack([features["a"], features["b"]], axis=1)
        output = self.dense(inputs)
        return output

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

    def fit(self, *args, **kwargs):
        # Keras counts one optimizer iteration more when a dataset runs out under a strategy or
        # is of unknown length (no weight changes); Estimator's global_step counted real steps.
        last = {}
        record = tf.keras.callbacks.LambdaCallback(
            on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
        history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
        if "step" in last:
            self.optimizer.iterations.assign(last["step"])
        return history


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


estimator = make_keras_model()
for _ in range(2):
    estimator.fit(input_fn())
print("eval", {**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
