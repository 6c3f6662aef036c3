"""A tf.estimator Estimator given tf.contrib.learn's RunConfig. The Estimator read its
seed and model_dir like tf.estimator.RunConfig's; the GPU share only went into the
RunConfig's tf_config, which an Estimator never used."""
import numpy as np
import tensorflow as tf

FEATURES = np.linspace(-1.0, 1.0, 40, dtype=np.float32).reshape(20, 2)
LABELS = (FEATURES.sum(axis=1, keepdims=True) > 0).astype(np.float32)


class LogisticModel(tf.keras.Model):
    """The Estimator model_fn `logistic_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        logits = self.dense(features)
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


def make_logistic_model():
    model = LogisticModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.5),
        loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
    )
    return model


def batches():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).repeat(3).batch(5)


tf.keras.utils.set_random_seed(7)
model = make_logistic_model()
model.fit(batches())
print({**model.evaluate(batches(), steps=2, return_dict=True), "global_step": model.optimizer.iterations.numpy()})
