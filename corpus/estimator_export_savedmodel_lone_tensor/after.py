"""The older export_savedmodel, a model_fn whose features and predictions are lone tensors,
and a TensorServingInputReceiver whose one placeholder is given without a dict: the model
got the tensor as it is, the signature took it as "input" and named the prediction
"output"."""
import os
import tempfile

import numpy as np
import tensorflow as tf
import time

X = np.linspace(-1.0, 1.0, 30, dtype="float32").reshape(-1, 2)
Y = (X[:, :1] > X[:, 1:]).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(5)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer="ones")

    def call(self, features, training=False):
        logits = self.dense(features)
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
        return tf.sigmoid(logits)


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.05, epsilon=1e-08),
        loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
    )
    return model


classifier = make_keras_model()
classifier.fit(input_fn(), steps_per_epoch=6)
export_archive = tf.keras.export.ExportArchive()
# Estimator wrote a SavedModel in a new folder of export_dir_base named by the time, whose serving_default
# signature took the receiver's tensors and returned the PREDICT spec's predictions.
export_archive.track(classifier)
export_archive.add_endpoint(name="serving_default", fn=lambda receivers: {"output": classifier.predict_step(receivers["input"])}, input_signature=[{"input": tf.TensorSpec([None, 2], tf.float32, name="input")}])
export_path = os.path.join(tf.compat.as_str(os.path.join(tempfile.mkdtemp(), "models")), str(int(time.time())))
export_archive.write_out(export_path, verbose=False)
path = tf.compat.as_bytes(export_path).decode()
serve = tf.saved_model.load(path).signatures["serving_default"]
print("inputs", sorted(serve.structured_input_signature[1]))
print("served", {key: np.round(value.numpy(), 5).ravel().tolist() for key, value in serve(input=tf.constant(X[:3])).items()})
