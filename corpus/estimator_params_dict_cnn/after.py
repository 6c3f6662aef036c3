"""A small CNN with params as a dict literal and a TRAIN branch before the EVAL return."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

IMAGES = np.random.RandomState(0).rand(8, 6, 6, 1).astype("float32")
LABELS = np.array([0, 1, 2, 0, 1, 2, 0, 1], dtype="int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((IMAGES, LABELS)).batch(4)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.conv2d = tf2.keras.layers.Conv2D(filters=params["filters"], kernel_size=3, padding="same", activation="relu")
        self.max_pooling2d = tf2.keras.layers.MaxPooling2D(pool_size=2, strides=2)
        self.flatten = tf2.keras.layers.Flatten()
        self.dense = tf2.keras.layers.Dense(units=params["classes"])

    def call(self, features, training=False):
        net = self.conv2d(features)
        net = self.max_pooling2d(net)
        net = self.flatten(net)
        logits = self.dense(net)
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
        return {"classes": tf.argmax(logits, axis=1)}


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=params["learning_rate"], epsilon=1e-08),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


estimator = make_keras_model({"filters": 4, "classes": 3, "learning_rate": 0.01})
estimator.fit(input_fn(), steps_per_epoch=4)
print("accuracy", {**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["accuracy"])
