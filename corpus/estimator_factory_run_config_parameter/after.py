"""The RunConfig is built in main() and handed to the function that builds the Estimator,
as many training scripts do; its seed and checkpoint directory come from module flags."""
import argparse

import numpy as np
import tensorflow as tf
import tempfile

parser = argparse.ArgumentParser()
parser.add_argument("--model_dir", default="/tmp/ratings_model")
parser.add_argument("--seed", type=int, default=11)
FLAGS, _ = parser.parse_known_args()


class RatingsModel(tf.keras.Model):
    """The Estimator model_fn `ratings_model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf.keras.layers.Dense(units=params["width"], activation="relu")
        self.dense_1 = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        hidden = self.dense(features["user_item"])
        rating = self.dense_1(hidden)
        return rating

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


def make_ratings_model(params):
    model = RatingsModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


def ratings_input_fn():
    pairs = np.random.RandomState(5).rand(48, 6).astype(np.float32)
    ratings = pairs.sum(axis=1, keepdims=True)
    return tf.data.Dataset.from_tensor_slices(({"user_item": pairs}, ratings)).batch(12)


def build_estimator(width):
    tf.keras.utils.set_random_seed(FLAGS.seed)
    model = make_ratings_model({"width": width})
    # A model_dir of None or "" gave the Estimator a temporary directory.
    checkpoint = tf.train.Checkpoint(model=model, optimizer=model.optimizer)
    checkpoints = tf.train.CheckpointManager(checkpoint, FLAGS.model_dir or tempfile.mkdtemp(), max_to_keep=5)
    # Keras has no model_dir: the caller restores from and saves to this checkpoint manager, as the Estimator did.
    return model, checkpoints


def main():
    estimator, checkpoints = build_estimator(width=16)
    if checkpoints.latest_checkpoint:
        # Estimator resumed from model_dir: build the model and its optimizer, then restore.
        estimator.predict(ratings_input_fn().take(1), verbose=0)
        estimator.optimizer.build(estimator.trainable_variables)
        checkpoints.checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
    estimator.fit(ratings_input_fn(), steps_per_epoch=8)
    checkpoints.save(checkpoint_number=int(estimator.optimizer.iterations.numpy()), check_interval=False)
    print({**estimator.evaluate(ratings_input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})


if __name__ == "__main__":
    main()
