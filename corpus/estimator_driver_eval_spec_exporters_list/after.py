"""EvalSpec(exporters=[...]) wrote a SavedModel through a serving_input_receiver_fn of
placeholders after the evaluations; the newest is the one after training, which the Keras
model writes with the same serving signature."""
import numpy as np
import tensorflow as tf
import os
import time

FEATURES = np.random.RandomState(21).rand(20, 2).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS)).batch(5)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1)

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
        return {"value": output}


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


estimator = make_keras_model()
checkpoint = tf.train.Checkpoint(model=estimator, optimizer=estimator.optimizer)
checkpoints = tf.train.CheckpointManager(checkpoint, "exported_run", max_to_keep=5)
if checkpoints.latest_checkpoint:
    # Estimator resumed from model_dir: build the model and its optimizer, then restore.
    estimator.predict(input_fn().take(1), verbose=0)
    estimator.optimizer.build(estimator.trainable_variables)
    checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
if estimator.optimizer.iterations.numpy() < 20:
    estimator.fit(input_fn(), steps_per_epoch=int(20 - estimator.optimizer.iterations.numpy()))
checkpoints.save(checkpoint_number=int(estimator.optimizer.iterations.numpy()), check_interval=False)
export_archive = tf.keras.export.ExportArchive()
# Estimator wrote a SavedModel in a new folder of export_dir_base named by the time, whose serving_default
# signature took the receiver's tensors and returned the PREDICT spec's predictions.
export_archive.track(estimator)
export_archive.add_endpoint(name="serving_default", fn=lambda receivers: estimator.predict_step({"x": receivers["x"]}), input_signature=[{"x": tf.TensorSpec([None, 2], tf.float32, name="x")}])
export_path = os.path.join(os.path.join(tf.compat.as_str("exported_run"), "export", "regressor"), str(int(time.time())))
export_archive.write_out(export_path, verbose=False)
{**estimator.evaluate(input_fn(), steps=100, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
