"""One RunConfig with a session_config serves two Estimators: its thread setting becomes one
tf.config call, written once, and the RunConfig goes with the last Estimator."""
import tempfile

import numpy as np
import tensorflow as tf

MODEL_DIR = tempfile.mkdtemp(prefix="shared_config_")
FEATURES = np.random.RandomState(0).rand(32, 3).astype("float32")
LABELS = (FEATURES.sum(axis=1, keepdims=True) > 1.5).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).repeat().batch(8)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).batch(8)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer="zeros")

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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.5),
        loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
    )
    return model


tf.config.threading.set_intra_op_parallelism_threads(1)

tf.keras.utils.set_random_seed(3)
first = make_keras_model()
# A model_dir of None or "" gave the Estimator a temporary directory.
checkpoint = tf.train.Checkpoint(model=first, optimizer=first.optimizer)
checkpoints = tf.train.CheckpointManager(checkpoint, MODEL_DIR or tempfile.mkdtemp(), max_to_keep=2)
if checkpoints.latest_checkpoint:
    # Estimator resumed from model_dir: build the model and its optimizer, then restore.
    first.predict(input_fn().take(1), verbose=0)
    first.optimizer.build(first.trainable_variables)
    checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
first.fit(input_fn(), steps_per_epoch=5)
checkpoints.save(checkpoint_number=int(first.optimizer.iterations.numpy()), check_interval=False)
print("first", {**first.evaluate(eval_input_fn(), return_dict=True), "global_step": first.optimizer.iterations.numpy()})

tf.keras.utils.set_random_seed(3)
resumed = make_keras_model()
# A model_dir of None or "" gave the Estimator a temporary directory.
keras_checkpoint = tf.train.Checkpoint(model=resumed, optimizer=resumed.optimizer)
checkpoint_manager = tf.train.CheckpointManager(keras_checkpoint, MODEL_DIR or tempfile.mkdtemp(), max_to_keep=2)
if checkpoint_manager.latest_checkpoint:
    # Estimator resumed from model_dir: build the model and its optimizer, then restore.
    resumed.predict(input_fn().take(1), verbose=0)
    resumed.optimizer.build(resumed.trainable_variables)
    keras_checkpoint.restore(checkpoint_manager.latest_checkpoint).assert_existing_objects_matched()
resumed.fit(input_fn(), steps_per_epoch=3)
checkpoint_manager.save(checkpoint_number=int(resumed.optimizer.iterations.numpy()), check_interval=False)
print("resumed", {**resumed.evaluate(eval_input_fn(), return_dict=True), "global_step": resumed.optimizer.iterations.numpy()})
