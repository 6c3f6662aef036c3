"""Train into a model directory, then say where the newest checkpoint is."""
import tempfile

import tensorflow as tf


def input_fn():
    points = [[0.0], [1.0], [2.0], [3.0]]
    return tf.data.Dataset.from_tensor_slices((points, [[1.0], [3.0], [5.0], [7.0]])).batch(2).repeat()


class LineModel(tf.keras.Model):
    """The Estimator model_fn `line_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        fitted = self.dense(features)
        return fitted

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


def make_line_model():
    model = LineModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.05),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


model_dir = tempfile.mkdtemp()
line = make_line_model()
# A model_dir of None or "" gave the Estimator a temporary directory.
checkpoint = tf.train.Checkpoint(model=line, optimizer=line.optimizer)
checkpoints = tf.train.CheckpointManager(checkpoint, model_dir or tempfile.mkdtemp(), max_to_keep=5)
if checkpoints.latest_checkpoint:
    # Estimator resumed from model_dir: build the model and its optimizer, then restore.
    line.predict(input_fn().take(1), verbose=0)
    line.optimizer.build(line.trainable_variables)
    checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
line.fit(input_fn(), steps_per_epoch=20)
checkpoints.save(checkpoint_number=int(line.optimizer.iterations.numpy()), check_interval=False)
newest = checkpoints.latest_checkpoint
print("checkpoint written:", newest is not None)
