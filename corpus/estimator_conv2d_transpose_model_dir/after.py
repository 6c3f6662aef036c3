"""A conv2d / conv2d_transpose autoencoder with model_dir, a seed, keep_checkpoint_max and max_steps twice."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

PATCHES = np.random.RandomState(5).rand(6, 8, 8, 1).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((PATCHES, PATCHES)).repeat().batch(3)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.conv2d = tf2.keras.layers.Conv2D(filters=4, kernel_size=3, strides=2, padding="same", activation="relu")
        self.conv2d_transpose = tf2.keras.layers.Conv2DTranspose(filters=1, kernel_size=3, strides=2, padding="same")

    def call(self, features, training=False):
        code = self.conv2d(features)
        output = self.conv2d_transpose(code)
        return output

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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=tf2.keras.optimizers.schedules.InverseTimeDecay(initial_learning_rate=0.05, decay_steps=2, decay_rate=0.5)),
        loss=tf2.keras.losses.MeanSquaredError(),
        metrics=[tf2.keras.metrics.RootMeanSquaredError(name="rmse")],
    )
    return model


tf2.keras.utils.set_random_seed(7)
autoencoder = make_keras_model()
checkpoint = tf2.train.Checkpoint(model=autoencoder, optimizer=autoencoder.optimizer)
checkpoints = tf2.train.CheckpointManager(checkpoint, "autoencoder_ckpt", max_to_keep=2)
if checkpoints.latest_checkpoint:
    # Estimator resumed from model_dir: build the model and its optimizer, then restore.
    autoencoder.predict(input_fn().take(1), verbose=0)
    autoencoder.optimizer.build(autoencoder.trainable_variables)
    checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
if autoencoder.optimizer.iterations.numpy() < 3:
    autoencoder.fit(input_fn(), steps_per_epoch=int(3 - autoencoder.optimizer.iterations.numpy()))
checkpoints.save(checkpoint_number=int(autoencoder.optimizer.iterations.numpy()), check_interval=False)
if autoencoder.optimizer.iterations.numpy() < 6:
    autoencoder.fit(input_fn(), steps_per_epoch=int(6 - autoencoder.optimizer.iterations.numpy()))
checkpoints.save(checkpoint_number=int(autoencoder.optimizer.iterations.numpy()), check_interval=False)
print("step", autoencoder.optimizer.iterations.numpy())
print("rmse", {**autoencoder.evaluate(input_fn(), steps=2, return_dict=True), "global_step": autoencoder.optimizer.iterations.numpy()}["rmse"])
