"""An input_fn defined here that takes `params` and reads its batch size from them."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

X = np.random.RandomState(26).rand(12, 4).astype("float32")
Y = (X.sum(axis=1) > 2.0).astype("int32")


def input_fn(params):
    dataset = tf.data.Dataset.from_tensor_slices((X, Y))
    return dataset.shuffle(12, seed=1).repeat().batch(params["batch_size"])


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=params["hidden"], activation="elu")
        self.dense_1 = tf2.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        hidden = self.dense(features)
        logits = self.dense_1(hidden)
        return logits

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
        logits = self(features, training=False)
        return {"label": tf.argmax(logits, axis=1)}


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=0.02, epsilon=1e-08),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


estimator = make_keras_model({"batch_size": 4, "hidden": 5})
estimator.fit(input_fn(params={"batch_size": 4, "hidden": 5}), steps_per_epoch=6)
print("accuracy", {**estimator.evaluate(input_fn(params={"batch_size": 4, "hidden": 5}), steps=3, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["accuracy"])
