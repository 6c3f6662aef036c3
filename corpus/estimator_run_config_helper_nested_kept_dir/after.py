"""A RunConfig helper written inside main() reads main's own output folder: each model's
checkpoints persist there, and a rerun resumes them."""
import argparse
import os

import numpy as np
import tensorflow as tf

X = np.arange(24, dtype="float32").reshape(12, 2) / 24.0
Y = X.sum(axis=1, keepdims=True)


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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(4)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--output", default="/tmp/sum_models")
    args = parser.parse_args()
    output = args.output

    first = make_keras_model()
    checkpoint = tf.train.Checkpoint(model=first, optimizer=first.optimizer)
    checkpoints = tf.train.CheckpointManager(checkpoint, os.path.join(output, "first"), max_to_keep=5, step_counter=first.optimizer.iterations, checkpoint_interval=3)
    if checkpoints.latest_checkpoint:
        # Estimator resumed from model_dir: build the model and its optimizer, then restore.
        first.predict(input_fn().take(1), verbose=0)
        first.optimizer.build(first.trainable_variables)
        checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
    first.fit(input_fn(), steps_per_epoch=3, callbacks=[tf.keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: checkpoints.save(checkpoint_number=int(first.optimizer.iterations.numpy()), check_interval=True))])
    checkpoints.save(checkpoint_number=int(first.optimizer.iterations.numpy()), check_interval=False)
    print({**first.evaluate(input_fn(), return_dict=True), "global_step": first.optimizer.iterations.numpy()})


main()
