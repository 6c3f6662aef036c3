"""A custom model_fn whose Estimator, RunConfig and MirroredStrategy are made in build_estimator()."""
import tempfile

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(5)
POINTS = RNG.uniform(-1, 1, size=(160, 3)).astype(np.float32)
TARGETS = (POINTS @ np.array([[1.5], [-2.0], [0.5]], np.float32) + 0.3).astype(np.float32)


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, TARGETS)).repeat(epochs).batch(16)


class RegressionModel(tf.keras.Model):
    """The Estimator model_fn `regression_fn` as a Keras model."""

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
        return {"value": output}

    def fit(self, *args, **kwargs):
        # Keras counts one optimizer iteration more when a dataset runs out under a strategy or
        # is of unknown length (no weight changes); Estimator's global_step counted real steps.
        last = {}
        record = tf.keras.callbacks.LambdaCallback(
            on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
        history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
        if "step" in last:
            self.optimizer.iterations.assign(last["step"])
        return history


def make_regression_model(params):
    model = RegressionModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=params["learning_rate"]),
        loss=tf.keras.losses.MeanSquaredError(),
        metrics=[tf.keras.metrics.RootMeanSquaredError(name="rmse")],
    )
    return model


def build_estimator(model_dir, learning_rate=0.1):
    strategy = tf.distribute.MirroredStrategy()
    tf.keras.utils.set_random_seed(11)
    # Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
    with strategy.scope():
        estimator = make_regression_model({"learning_rate": learning_rate})
    # A model_dir of None or "" gave the Estimator a temporary directory.
    checkpoint = tf.train.Checkpoint(model=estimator, optimizer=estimator.optimizer)
    checkpoints = tf.train.CheckpointManager(checkpoint, model_dir or tempfile.mkdtemp(), max_to_keep=2)
    # Keras has no model_dir: the caller restores from and saves to this checkpoint manager, as the Estimator did.
    return estimator, checkpoints


def main():
    regressor, checkpoints = build_estimator(tempfile.mkdtemp())
    if checkpoints.latest_checkpoint:
        # Estimator resumed from model_dir: build the model and its optimizer, then restore.
        regressor.predict(input_fn(2).take(1), verbose=0)
        regressor.optimizer.build(regressor.trainable_variables)
        checkpoints.checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
    if regressor.optimizer.iterations.numpy() < 15:
        regressor.fit(regressor.distribute_strategy.distribute_datasets_from_function(lambda _: input_fn(2)), steps_per_epoch=int(15 - regressor.optimizer.iterations.numpy()))
    checkpoints.save(checkpoint_number=int(regressor.optimizer.iterations.numpy()), check_interval=False)
    if regressor.optimizer.iterations.numpy() < 25:
        regressor.fit(regressor.distribute_strategy.distribute_datasets_from_function(lambda _: input_fn(2)), steps_per_epoch=int(25 - regressor.optimizer.iterations.numpy()))
    checkpoints.save(checkpoint_number=int(regressor.optimizer.iterations.numpy()), check_interval=False)
    metrics = {**regressor.evaluate(input_fn(1), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()}
    values = [p["value"] for p in (dict(zip(outputs, row)) for outputs in [regressor.predict(input_fn(1))] for row in zip(*outputs.values()))]
    print("FINAL", {k: round(float(v), 4) for k, v in sorted(metrics.items())})
    print("PRED", len(values), regressor.optimizer.iterations.numpy())


if __name__ == "__main__":
    main()
