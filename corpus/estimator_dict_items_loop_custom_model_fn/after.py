"""Two sizes of one custom model, kept in a dict: a loop over its items trains and scores
each, and the wider one is evaluated again by its key."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

FEATURES = np.linspace(-1.0, 1.0, 40, dtype=np.float32).reshape(20, 2)
TARGETS = (FEATURES.sum(axis=1, keepdims=True) * 0.5).astype(np.float32)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=params["units"], activation="relu", kernel_initializer=tf2.keras.initializers.Constant(value=0.1))
        self.dense_1 = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=0.2))

    def call(self, features, training=False):
        hidden = self.dense(features["x"])
        output = self.dense_1(hidden)
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
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS)).batch(5)


narrow_estimator = make_keras_model({"units": 2})
wide_estimator = make_keras_model({"units": 6})
sizes = {
    "narrow": narrow_estimator,
    "wide": wide_estimator,
}
for label, model in sizes.items():
    model.fit(input_fn(), steps_per_epoch=6)
    print("score", label, {**model.evaluate(input_fn(), return_dict=True), "global_step": model.optimizer.iterations.numpy()})
print("again", {**sizes["wide"].evaluate(input_fn(), steps=2, return_dict=True), "global_step": sizes["wide"].optimizer.iterations.numpy()})
