"""Noise and dropout the model_fn adds only while training, under `if mode == TRAIN` (the
random draws differ from TF1's, not their distribution)."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(51)
POINTS = RNG.randn(40, 5).astype("float32")
TARGETS = (POINTS[:, :1] * 2.0 - POINTS[:, 1:2]).astype("float32")
W_HIDDEN = (RNG.randn(5, 8) * 0.4).astype("float32")
W_OUT = (RNG.randn(8, 1) * 0.4).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, TARGETS)).repeat().batch(10)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.gaussian_noise = tf2.keras.layers.GaussianNoise(stddev=params["noise"])
        self.dense = tf2.keras.layers.Dense(units=8, activation="relu", kernel_initializer=tf2.keras.initializers.Constant(value=W_HIDDEN))
        self.dropout = tf2.keras.layers.Dropout(rate=1 - (params["keep"]))
        self.dense_1 = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=W_OUT))

    def call(self, features, training=False):
        net = features["x"]
        net = self.gaussian_noise(net, training=training)
        net = self.dense(net)
        net = self.dropout(net, training=training)
        output = self.dense_1(net)
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

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        output = self(features, training=False)
        return {"value": output}


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.05),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


estimator = make_keras_model({"noise": 0.1, "keep": 0.8})
estimator.fit(input_fn(), steps_per_epoch=20)
result = {**estimator.evaluate(input_fn(), steps=4, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("RESULT", {key: round(float(value), 3) for key, value in sorted(result.items())})
