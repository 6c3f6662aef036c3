"""A trained Estimator exported with export_saved_model and a TensorServingInputReceiver: the
lone placeholder reaches the model as it is."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2
import os
import time

X = np.random.RandomState(16).rand(6, 3).astype("float32")
Y = np.array([0, 1, 0, 1, 1, 0], dtype="int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(3)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        logits = self.dense(features)
        return logits

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf2.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        replicas = tf2.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf2.minimum(tf2.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        return {"class": tf.argmax(logits, 1)}


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=3)
export_archive = tf2.keras.export.ExportArchive()
# Estimator wrote a SavedModel in a new folder of export_dir_base named by the time, whose serving_default
# signature took the receiver's tensors and returned the PREDICT spec's predictions.
export_archive.track(estimator)
export_archive.add_endpoint(name="serving_default", fn=lambda receivers: estimator.predict_step(receivers["input"]), input_signature=[{"input": tf2.TensorSpec([None, 3], tf.float32, name="input")}])
export_path = os.path.join(tf2.compat.as_str("exported"), str(int(time.time())))
export_archive.write_out(export_path, verbose=False)
print(tf2.compat.as_bytes(export_path))
