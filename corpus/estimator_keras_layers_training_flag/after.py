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
