"""The model_fn calls a helper of its own that builds tf.layers, given the mode test as its
training flag: the helper is written out in the Keras model, which passes its own flag."""
import tensorflow.compat.v1 as tf
import tensorflow as tf2


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.1, 0.2], [0.3, 0.4]], [0, 1])).repeat(2).batch(2)


def dense_block(inputs, units, training):
    hidden = tf.layers.dense(inputs, units, use_bias=False)
    hidden = tf.layers.batch_normalization(hidden, training=training)
    return tf.nn.relu(hidden)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=8, use_bias=False)
        self.batch_norm = tf2.keras.layers.BatchNormalization(momentum=1.0)
        self.dense_1 = tf2.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        dense_block1_hidden = self.dense(features)
        dense_block1_hidden = self.batch_norm(dense_block1_hidden, training=training)
        net = tf.nn.relu(dense_block1_hidden)
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
        optimizer=tf2.keras.optimizers.Adam(learning_rate=0.001, epsilon=1e-08),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn())
