"""The cloud-lab trainer: a canned regressor trained with train_and_evaluate and a
LatestExporter whose serving function makes a dict of placeholders and expands each to a
column; the trainer returns the Estimator with its results, the caller predicts with it and
serves two rows from the export."""
import os
import tempfile

import numpy as np
import tensorflow as tf
import time

RNG = np.random.RandomState(4)
DATA = {"weeks": RNG.uniform(30.0, 42.0, 40).astype("float32"), "twins": RNG.randint(0, 2, 40).astype("float32")}
WEIGHT = (0.2 * DATA["weeks"] - 1.5 * DATA["twins"]).astype("float32")
COLUMNS = [tf.feature_column.numeric_column("weeks"), tf.feature_column.numeric_column("twins")]


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices((DATA, WEIGHT)).repeat(epochs).batch(8)


class LinearRegressorModel(tf.keras.Model):
    """Keras form of tf.estimator.LinearRegressor: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        self.linear_model = tf.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
        self.head_loss = tf.keras.losses.MeanSquaredError(reduction="sum_over_batch_size")
        self.squared_errors = tf.keras.losses.MeanSquaredError(reduction=None)
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")

    def call(self, features, training=False):
        twins = tf.reshape(tf.cast(features['twins'], tf.float32), [-1, 1])
        weeks = tf.reshape(tf.cast(features['weeks'], tf.float32), [-1, 1])
        linear_inputs = tf.concat([twins, weeks], axis=1)
        linear_logits = self.linear_model(linear_inputs)
        return linear_logits

    def labels_of(self, y):
        return tf.reshape(tf.cast(y, tf.float32), [-1, 1])

    def example_weights(self, features):
        return None

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # loss_reduction SUM_OVER_BATCH_SIZE (V2 default); example weights from weight_column
        return self.head_loss(self.labels_of(y), y_pred, sample_weight=self.example_weights(x))

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        labels, weights = self.labels_of(y), self.example_weights(x)
        self.average_loss.update_state(self.squared_errors(labels, y_pred), sample_weight=weights)
        self.label_mean.update_state(labels, sample_weight=weights)
        self.prediction_mean.update_state(y_pred, sample_weight=weights)
        return self.get_metrics_result()

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        return {"predictions": logits}

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

    def _maybe_symbolic_build(self, iterator=None, data_batch=None):
        # A private Keras 3 hook, overridden because no public one runs before it: under a
        # tf.distribute strategy fit() builds the model from the MEAN of the first distributed
        # batch, which fails on string features or labels (AddN of strings). One replica's
        # batch has the same structure, shapes and dtypes; the rest is Keras's own build.
        if iterator is not None and self._distribute_strategy is not None:
            for _, _, it in iterator:
                first = next(it)
                break
            local = self.distribute_strategy.experimental_local_results
            data_batch = tf.nest.map_structure(
                lambda x: local(x)[0] if isinstance(x, tf.distribute.DistributedValues) else x, first)
            iterator = None
        super()._maybe_symbolic_build(iterator=iterator, data_batch=data_batch)


def make_linear_regressor_model():
    model = LinearRegressorModel()
    model.compile(optimizer=tf.keras.optimizers.SGD(0.0002))
    return model


def train_and_evaluate(output_dir):
    estimator = make_linear_regressor_model()
    # A model_dir of None or "" gave the Estimator a temporary directory.
    checkpoint = tf.train.Checkpoint(model=estimator, optimizer=estimator.optimizer)
    checkpoints = tf.train.CheckpointManager(checkpoint, output_dir or tempfile.mkdtemp(), max_to_keep=5)
    if checkpoints.latest_checkpoint:
        # Estimator resumed from model_dir: build the model and its optimizer, then restore.
        estimator.predict(input_fn(None).take(1), verbose=0)
        estimator.optimizer.build(estimator.trainable_variables)
        checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
    if estimator.optimizer.iterations.numpy() < 30:
        estimator.fit(input_fn(None), steps_per_epoch=int(30 - estimator.optimizer.iterations.numpy()))
    checkpoints.save(checkpoint_number=int(estimator.optimizer.iterations.numpy()), check_interval=False)
    export_archive = tf.keras.export.ExportArchive()
    # Estimator wrote a SavedModel in a new folder of export_dir_base named by the time, whose predict
    # signature took the receiver's tensors and returned the head's predictions (its only signature over these inputs).
    export_archive.track(estimator)
    # (each preprocessing layer too, so that its lookup table is saved with it)
    [export_archive.track(layer) for layer in estimator.layers if layer.built]
    export_archive.add_endpoint(name="predict", fn=lambda receivers: estimator.predict_step({key: tf.expand_dims(tensor, -1) for key, tensor in receivers.items()}), input_signature=[{"weeks": tf.TensorSpec([None], tf.float32, name="weeks"), "twins": tf.TensorSpec([None], tf.float32, name="twins")}])
    export_path = os.path.join(os.path.join(tf.compat.as_str(output_dir or tempfile.mkdtemp()), "export", "exporter"), str(int(time.time())))
    export_archive.write_out(export_path, verbose=False)
    result = ({**estimator.evaluate(input_fn(1), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}, [tf.compat.as_bytes(export_path)])
    return estimator, result


output_dir = os.path.join(tempfile.mkdtemp(), "trained")
estimator, (metrics, exports) = train_and_evaluate(output_dir)
print("metrics", metrics)
first = next((dict(zip(outputs, row)) for outputs in [estimator.predict(input_fn(1))] for row in zip(*outputs.values())))
print("first", sorted(first), round(float(first["predictions"][0]), 5))
loaded = tf.saved_model.load(exports[0].decode())
print("signatures", "predict" in loaded.signatures)
served = loaded.signatures["predict"](weeks=tf.constant([35.0, 40.0]), twins=tf.constant([0.0, 1.0]))
print("served", {key: np.round(value.numpy(), 5).ravel().tolist() for key, value in sorted(served.items())})
