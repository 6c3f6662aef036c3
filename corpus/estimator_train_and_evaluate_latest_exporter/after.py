"""A trainer in the cloud-job layout: train_and_evaluate with a LatestExporter whose
serving function makes placeholders; the program serves two rows from the newest export."""
import os
import tempfile

import numpy as np
import tensorflow as tf
import time

WIDTH = 3
X = np.random.RandomState(8).rand(48, WIDTH).astype("float32")
Y = (X @ np.array([[0.5], [-1.5], [2.0]], dtype="float32") + 0.25).astype("float32")


def input_fn(mode):
    dataset = tf.data.Dataset.from_tensor_slices(({"readings": X}, Y))
    if mode == "train":
        dataset = dataset.repeat()
    return dataset.batch(12)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        value = self.dense(features["readings"])
        return value

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
        value = self(features, training=False)
        return {"value": value}


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.2),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


def train_and_evaluate(output_dir):
    estimator = make_keras_model()
    # A model_dir of None or "" gave the Estimator a temporary directory.
    checkpoint = tf.train.Checkpoint(model=estimator, optimizer=estimator.optimizer)
    checkpoints = tf.train.CheckpointManager(checkpoint, output_dir or tempfile.mkdtemp(), max_to_keep=5)
    if checkpoints.latest_checkpoint:
        # Estimator resumed from model_dir: build the model and its optimizer, then restore.
        estimator.predict(input_fn("train").take(1), verbose=0)
        estimator.optimizer.build(estimator.trainable_variables)
        checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
    if estimator.optimizer.iterations.numpy() < 20:
        estimator.fit(input_fn("train"), steps_per_epoch=int(20 - estimator.optimizer.iterations.numpy()))
    checkpoints.save(checkpoint_number=int(estimator.optimizer.iterations.numpy()), check_interval=False)
    export_archive = tf.keras.export.ExportArchive()
    # Estimator wrote a SavedModel in a new folder of export_dir_base named by the time, whose serving_default
    # signature took the receiver's tensors and returned the PREDICT spec's predictions.
    export_archive.track(estimator)
    export_archive.add_endpoint(name="serving_default", fn=lambda receivers: estimator.predict_step({"readings": receivers["readings"]}), input_signature=[{"readings": tf.TensorSpec([None, WIDTH], tf.float32, name="readings")}])
    export_path = os.path.join(os.path.join(tf.compat.as_str(output_dir or tempfile.mkdtemp()), "export", "exporter"), str(int(time.time())))
    export_archive.write_out(export_path, verbose=False)
    return ({**estimator.evaluate(input_fn("eval"), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}, [tf.compat.as_bytes(export_path)])


output_dir = os.path.join(tempfile.mkdtemp(), "trained")
metrics, exports = train_and_evaluate(output_dir)
print("metrics", metrics)
export_base = os.path.join(output_dir, "export", "exporter")
newest = os.path.join(export_base, sorted(os.listdir(export_base))[-1])
print("exported", len(exports), exports[0].decode() == newest)
serve = tf.saved_model.load(newest).signatures["serving_default"]
print("inputs", sorted(serve.structured_input_signature[1]))
served = serve(readings=tf.constant(X[:2]))
print("served", {key: np.round(value.numpy(), 5).ravel().tolist() for key, value in sorted(served.items())})
