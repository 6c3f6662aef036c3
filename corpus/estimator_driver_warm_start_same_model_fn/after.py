"""Pre-train, then fine-tune twice from the pre-trained checkpoint: once through
WarmStartSettings, once with warm_start_from=<the model_dir>. Each fine-tune starts from the
pre-trained weights but from step 0 and a fresh optimizer."""
import tempfile

import numpy as np
import tensorflow as tf

PRETRAIN_DIR = tempfile.mkdtemp(prefix="pretrain_")
RNG = np.random.RandomState(15)
FEATURES = RNG.rand(60, 3).astype("float32")
LABELS = (FEATURES @ np.array([1.0, -1.0, 0.5], dtype="float32") > 0.2).astype("int32")


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).repeat().batch(12)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).batch(12)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=4, activation="tanh", kernel_initializer=tf.keras.initializers.Constant(value=0.1))
        self.dense_1 = tf.keras.layers.Dense(units=2, kernel_initializer="zeros")

    def call(self, features, training=False):
        hidden = self.dense(features)
        logits = self.dense_1(hidden)
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


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=params["learning_rate"], epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


pretrained = make_keras_model({"learning_rate": 0.05})
# A model_dir of None or "" gave the Estimator a temporary directory.
checkpoint = tf.train.Checkpoint(model=pretrained, optimizer=pretrained.optimizer)
checkpoints = tf.train.CheckpointManager(checkpoint, PRETRAIN_DIR or tempfile.mkdtemp(), max_to_keep=5)
if checkpoints.latest_checkpoint:
    # Estimator resumed from model_dir: build the model and its optimizer, then restore.
    pretrained.predict(train_input_fn().take(1), verbose=0)
    pretrained.optimizer.build(pretrained.trainable_variables)
    checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
pretrained.fit(train_input_fn(), steps_per_epoch=10)
checkpoints.save(checkpoint_number=int(pretrained.optimizer.iterations.numpy()), check_interval=False)
print("pretrained", {**pretrained.evaluate(eval_input_fn(), return_dict=True), "global_step": pretrained.optimizer.iterations.numpy()})

tuned = make_keras_model({"learning_rate": 0.01})
tuned.predict(train_input_fn().take(1), verbose=0)
tuned.optimizer.build(tuned.trainable_variables)
tuned_optimizer_state = [variable.numpy() for variable in tuned.optimizer.variables]
# Estimator(warm_start_from=...) gave the first training its trainable weights (not the step, not the optimizer's state) from that checkpoint.
tf.train.Checkpoint(model=tuned).read(tf.train.latest_checkpoint(PRETRAIN_DIR)).assert_existing_objects_matched().expect_partial()
[variable.assign(value) for variable, value in zip(tuned.optimizer.variables, tuned_optimizer_state)]
tuned.fit(train_input_fn(), steps_per_epoch=4)
print("tuned", {**tuned.evaluate(eval_input_fn(), return_dict=True), "global_step": tuned.optimizer.iterations.numpy()})

again = make_keras_model({"learning_rate": 0.02})
again.predict(train_input_fn().take(1), verbose=0)
again.optimizer.build(again.trainable_variables)
again_optimizer_state = [variable.numpy() for variable in again.optimizer.variables]
# Estimator(warm_start_from=...) gave the first training its trainable weights (not the step, not the optimizer's state) from that checkpoint.
tf.train.Checkpoint(model=again).read(tf.train.latest_checkpoint(PRETRAIN_DIR)).assert_existing_objects_matched().expect_partial()
[variable.assign(value) for variable, value in zip(again.optimizer.variables, again_optimizer_state)]
again.fit(train_input_fn(), steps_per_epoch=3)
again.fit(train_input_fn(), steps_per_epoch=2)
print("again", {**again.evaluate(eval_input_fn(), return_dict=True), "global_step": again.optimizer.iterations.numpy()})
