"""A linear scorer whose train_op names every trainable variable, as minimize did by default."""
import tensorflow as tf


def input_fn():
    scores = [[0.1, 0.9], [0.8, 0.3], [0.4, 0.4], [0.9, 0.7]]
    return tf.data.Dataset.from_tensor_slices((scores, [[1.0], [0.0], [0.0], [1.0]])).batch(2).repeat(5)


class ScorerModel(tf.keras.Model):
    """The Estimator model_fn `scorer_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        score = self.dense(features)
        return score

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


def make_scorer_model():
    model = ScorerModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


scorer = make_scorer_model()
scorer.fit(input_fn())
