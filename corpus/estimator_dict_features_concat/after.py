"""Dict features in two branches joined by tf.concat, class-spelled layers, a logging hook, predict_keys."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(7)
IMAGE = RNG.rand(6, 4, 4, 1).astype("float32")
EXTRA = RNG.rand(6, 2).astype("float32")
LABELS = np.array([0, 1, 2, 2, 1, 0], dtype="int32")


def input_fn():
    features = {"image": IMAGE, "extra": EXTRA}
    return tf.data.Dataset.from_tensor_slices((features, LABELS)).batch(3)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.flatten = tf2.keras.layers.Flatten()
        self.dense = tf2.keras.layers.Dense(units=4, activation="relu")
        self.dense_1 = tf2.keras.layers.Dense(units=4, activation="relu")
        self.dense_2 = tf2.keras.layers.Dense(units=3)

    def call(self, features, training=False):
        image = self.flatten(features["image"])
        image = self.dense(image)
        extra = self.dense_1(features["extra"])
        logits = self.dense_2(tf.concat([image, extra], axis=1))
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
        predictions = {"class": tf.argmax(logits, 1), "probabilities": tf.nn.softmax(logits), "logits": logits}
        return predictions


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.Adagrad(learning_rate=0.1, epsilon=0.0),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=2)
for prediction in (dict(zip(outputs, row)) for outputs in [{key: value for key, value in estimator.predict(input_fn()).items() if key in ["class", "probabilities"]}] for row in zip(*outputs.values())):
    print(sorted(prediction), prediction["class"])
