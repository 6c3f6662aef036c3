"""Tile patterns classified by a small network written once as a helper and built twice
in the model_fn: a training copy and an inference copy sharing its weights (reuse=True),
the layout of many Estimator examples. The loss reads the training copy, the metrics and
predictions the inference copy."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(21)
TILES = rng.uniform(size=(160, 36)).astype(np.float32)
KINDS = (TILES[:, :18].mean(axis=1) > TILES[:, 18:].mean(axis=1)).astype(np.int32)
FILTERS_INIT = np.cos(np.arange(36)).reshape(3, 3, 1, 4).astype(np.float32) * 0.3
DENSE_INIT = np.sin(np.arange(64 * 2)).reshape(64, 2).astype(np.float32) * 0.1

learning_rate = 0.02
drop_rate = 0.0  # no dropout: the numbers can be compared exactly


def tile_net(x_dict, n_classes, dropout, reuse, is_training):
    with tf.compat.v1.variable_scope("TileNet", reuse=reuse):
        x = tf.reshape(x_dict["tiles"], shape=[-1, 6, 6, 1])
        conv = tf.compat.v1.layers.conv2d(x, 4, 3, activation=tf.nn.relu,
                                          kernel_initializer=tf.constant_initializer(FILTERS_INIT))
        flat = tf.compat.v1.layers.flatten(conv)
        flat = tf.compat.v1.layers.dropout(flat, rate=dropout, training=is_training)
        out = tf.compat.v1.layers.dense(flat, n_classes, kernel_initializer=tf.constant_initializer(DENSE_INIT))
    return out


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.conv2d = tf.keras.layers.Conv2D(filters=4, kernel_size=3, activation="relu", kernel_initializer=tf.keras.initializers.Constant(value=FILTERS_INIT))
        self.flatten = tf.keras.layers.Flatten()
        self.dropout = tf.keras.layers.Dropout(rate=drop_rate)
        self.dense = tf.keras.layers.Dense(units=2, kernel_initializer=tf.keras.initializers.Constant(value=DENSE_INIT))

    def call(self, features, training=False):
        tile_net1_x = tf.reshape(features["tiles"], shape=[-1, 6, 6, 1])
        tile_net1_conv = self.conv2d(tile_net1_x)
        tile_net1_flat = self.flatten(tile_net1_conv)
        tile_net1_flat = self.dropout(tile_net1_flat, training=training)
        tile_net1_out = self.dense(tile_net1_flat)
        logits_train = tile_net1_out
        return logits_train

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        # TF1's EVAL loss read the network's training copy (dropout on), its metrics the
        # inference copy: the same weights (reuse=True), run as each was.
        loss = self.compute_loss(x, y, self(x, training=True), sample_weight, training=False)
        replicas = tf.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits_train = self(features, training=False)
        pred_classes = tf.argmax(logits_train, axis=1)
        return pred_classes


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=learning_rate, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


model = make_keras_model()
model.fit(tf.data.Dataset.from_tensor_slices(({"tiles": TILES}, KINDS)).repeat(3).batch(16))
print("eval", {**model.evaluate(tf.data.Dataset.from_tensor_slices(({"tiles": TILES}, KINDS)).batch(40), return_dict=True), "global_step": model.optimizer.iterations.numpy()})
print("classes", list(iter(model.predict(tf.data.Dataset.from_tensor_slices(({"tiles": TILES}, KINDS)).batch(40))))[:8])
