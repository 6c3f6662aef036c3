"""A model_dir trained by one Estimator, read by a second one to evaluate, and trained
further by that second one: its training resumes from the checkpoint, optimizer and step."""
import os
import tempfile

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(19)
SCORES = rng.normal(size=(90, 2)).astype(np.float32)
PASSED = (SCORES.sum(axis=1) > 0.2).astype(np.int64)
MODEL_DIR = os.path.join(tempfile.mkdtemp(), "exam_model")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"scores": SCORES}, PASSED)).batch(15)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=2, kernel_initializer="zeros")

    def call(self, features, training=False):
        logits = self.dense(features["scores"])
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
        return {"passed": tf.argmax(logits, axis=1)}


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.3, momentum=0.9),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


trainer = make_keras_model()
# A model_dir of None or "" gave the Estimator a temporary directory.
checkpoint = tf.train.Checkpoint(model=trainer, optimizer=trainer.optimizer)
checkpoints = tf.train.CheckpointManager(checkpoint, MODEL_DIR or tempfile.mkdtemp(), max_to_keep=5)
if checkpoints.latest_checkpoint:
    # Estimator resumed from model_dir: build the model and its optimizer, then restore.
    trainer.predict(input_fn().take(1), verbose=0)
    trainer.optimizer.build(trainer.trainable_variables)
    checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
trainer.fit(input_fn())
checkpoints.save(checkpoint_number=int(trainer.optimizer.iterations.numpy()), check_interval=False)

reopened = make_keras_model()
# A model_dir of None or "" gave the Estimator a temporary directory.
keras_checkpoint = tf.train.Checkpoint(model=reopened, optimizer=reopened.optimizer)
checkpoint_manager = tf.train.CheckpointManager(keras_checkpoint, MODEL_DIR or tempfile.mkdtemp(), max_to_keep=5)
if not checkpoint_manager.latest_checkpoint:
    raise ValueError("Could not find trained model in model_dir: {}.".format(MODEL_DIR or tempfile.mkdtemp()))
# Estimator read the model's variables and the global step from the latest checkpoint of model_dir.
reopened.predict(input_fn().take(1), verbose=0)
tf.train.Checkpoint(model=reopened).read(checkpoint_manager.latest_checkpoint).assert_existing_objects_matched().expect_partial()
reopened.optimizer.iterations.assign(int(checkpoint_manager.latest_checkpoint.rsplit("-", 1)[1]))
print("reopened", {**reopened.evaluate(input_fn(), return_dict=True), "global_step": reopened.optimizer.iterations.numpy()})
if checkpoint_manager.latest_checkpoint:
    # Estimator resumed from model_dir: build the model and its optimizer, then restore.
    reopened.predict(input_fn().take(1), verbose=0)
    reopened.optimizer.build(reopened.trainable_variables)
    keras_checkpoint.restore(checkpoint_manager.latest_checkpoint).assert_existing_objects_matched()
reopened.fit(input_fn(), steps_per_epoch=3)
checkpoint_manager.save(checkpoint_number=int(reopened.optimizer.iterations.numpy()), check_interval=False)
print("trained more", {**reopened.evaluate(input_fn(), return_dict=True), "global_step": reopened.optimizer.iterations.numpy()})
