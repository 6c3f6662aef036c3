"""A BasicLSTMCell unrolled over whole sequences, its last output classifying them (the
common text-classification model_fn); Keras draws the initial weights its own way, which
the rewrite's notes say."""
import numpy as np
import tensorflow as tf

SEQUENCES = np.random.RandomState(9).rand(40, 5, 3).astype(np.float32)
LABELS = (SEQUENCES[:, -1, 0] > 0.5).astype(np.int32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((SEQUENCES, LABELS)).batch(10)


class RnnModel(tf.keras.Model):
    """The Estimator model_fn `rnn_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.lstm = tf.keras.layers.LSTM(units=8, return_sequences=True, return_state=True)
        self.dense = tf.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        outputs, _, _ = self.lstm(features, training=False)
        logits = self.dense(outputs[:, -1, :])
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


def make_rnn_model():
    model = RnnModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


classifier = make_rnn_model()
classifier.fit(input_fn(), steps_per_epoch=4)
print("eval", {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
