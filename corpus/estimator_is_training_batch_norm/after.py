"""An is_training flag for batch norm with UPDATE_OPS, a dropout without training=, binary metrics."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

POINTS = np.random.RandomState(4).randn(16, 4).astype("float32")
LABELS = (POINTS[:, :1] + POINTS[:, 1:2] > 0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(8)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=8)
        self.batch_norm = tf2.keras.layers.BatchNormalization()
        self.dense_1 = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        net = self.dense(features)
        net = self.batch_norm(net, training=training)
        net = tf.nn.relu(net)
        net = net
        logits = self.dense_1(net)
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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=tf2.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=[4, 8], values=[0.01, 0.005, 0.001]), epsilon=1e-08),
        loss=tf2.keras.losses.BinaryCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.AUC(name="auc", from_logits=True), tf2.keras.metrics.Precision(name="precision", thresholds=0.0), tf2.keras.metrics.Recall(name="recall", thresholds=0.0)],
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=10)
result = {**estimator.evaluate(input_fn(), steps=2, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print({key: float(result[key]) for key in ("auc", "precision", "recall")})
