"""An autoencoder: the input_fn gives features only, and the loss compares the
reconstruction with the input."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(41)
FRAMES = np.tanh(RNG.randn(40, 6)).astype("float32")
W_ENCODE = (RNG.randn(6, 3) * 0.4).astype("float32")
W_DECODE = (RNG.randn(3, 6) * 0.4).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices({"frame": FRAMES}).repeat().batch(10)


class AutoencoderModel(tf2.keras.Model):
    """The Estimator model_fn `autoencoder_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=3, activation="tanh", kernel_initializer=tf2.keras.initializers.Constant(value=W_ENCODE))
        self.dense_1 = tf2.keras.layers.Dense(units=6, kernel_initializer=tf2.keras.initializers.Constant(value=W_DECODE))

    def call(self, features, training=False):
        frame = features["frame"]
        code = self.dense(frame)
        reconstruction = self.dense_1(code)
        return reconstruction

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's loss compared the output with the input features x["frame"]: they are the targets.
        return super().compute_loss(x, x["frame"], y_pred, sample_weight, training)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        return super().compute_metrics(x, x["frame"], y_pred, sample_weight)

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

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        reconstruction = self(features, training=False)
        return {"reconstruction": reconstruction}


def make_autoencoder_model(params):
    model = AutoencoderModel()
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=params["learning_rate"], epsilon=1e-08),
        loss=tf2.keras.losses.MeanSquaredError(),
        metrics=[tf2.keras.metrics.MeanAbsoluteError(name="mae")],
    )
    return model


estimator = make_autoencoder_model({"learning_rate": 0.01})
estimator.fit(input_fn(), steps_per_epoch=15)
result = {**estimator.evaluate(input_fn(), steps=4, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
rows = (dict(zip(outputs, row)) for outputs in [estimator.predict(tf.data.Dataset.from_tensor_slices({"frame": FRAMES[:2]}).batch(2))] for row in zip(*outputs.values()))
print("PREDICT", [[round(float(v), 5) for v in row["reconstruction"]] for row in rows])
