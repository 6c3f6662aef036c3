"""A regression model_fn exported for serving with a receiver function of placeholders;
the program loads the SavedModel back and serves two rows through its signature."""
import os
import tempfile

import numpy as np
import tensorflow as tf
import time

WIDTH = 3
X = np.random.RandomState(3).rand(40, WIDTH).astype("float32")
Y = (X @ np.array([[1.0], [2.0], [-1.0]], dtype="float32")).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(8)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        output = self.dense(features["x"])
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

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        output = self(features, training=False)
        predictions = {"value": output, "doubled": 2.0 * output}
        return predictions


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


def main():
    estimator = make_keras_model()
    estimator.fit(input_fn(), steps_per_epoch=5)
    base = os.path.join(tempfile.mkdtemp(), "export")
    export_archive = tf.keras.export.ExportArchive()
    # Estimator wrote a SavedModel in a new folder of export_dir_base named by the time, whose serving_default
    # signature took the receiver's tensors and returned the PREDICT spec's predictions.
    export_archive.track(estimator)
    export_archive.add_endpoint(name="serving_default", fn=lambda receivers: estimator.predict_step({"x": receivers["measurements"]}), input_signature=[{"measurements": tf.TensorSpec([None, WIDTH], tf.float32, name="measurements")}])
    export_path = os.path.join(tf.compat.as_str(base), str(int(time.time())))
    export_archive.write_out(export_path, verbose=False)
    exported = tf.compat.as_bytes(export_path)
    print("written", isinstance(exported, bytes), os.listdir(base) == [os.path.basename(exported.decode())],
          os.path.exists(os.path.join(exported.decode(), "saved_model.pb")))
    serve = tf.saved_model.load(exported.decode()).signatures["serving_default"]
    print("inputs", sorted(serve.structured_input_signature[1]))
    served = serve(measurements=tf.constant(X[:2]))
    print("served", {key: np.round(value.numpy(), 5).ravel().tolist() for key, value in sorted(served.items())})


main()
