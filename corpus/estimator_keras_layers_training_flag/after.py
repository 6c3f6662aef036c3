"""tf.keras Dropout and BatchNormalization in a model_fn, given the mode as their training flag."""
import numpy as np
import tensorflow as tf

READINGS = np.random.RandomState(12).randn(48, 4).astype("float32")
STATES = (READINGS[:, 1] > 0).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"reading": READINGS}, STATES)).repeat(10).batch(12)


class SensorModel(tf.keras.Model):
    """The Estimator model_fn `sensor_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=16, activation="relu")
        self.batch_norm = tf.keras.layers.BatchNormalization(momentum=1.0)
        self.dropout = tf.keras.layers.Dropout(rate=0.25)
        self.dense_1 = tf.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        net = self.dense(features["reading"])
        net = self.batch_norm(net, training=training)
        net = self.dropout(net, training=training)
        logits = self.dense_1(net)
        return logits


def make_sensor_model():
    model = SensorModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


classifier = make_sensor_model()
classifier.fit(input_fn())
print({**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
