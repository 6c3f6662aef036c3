"""A model_fn that builds its layers through helpers: one called twice, one calling another."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(7)
POINTS = RNG.randn(32, 4).astype("float32")
LABELS = (POINTS[:, 0] - POINTS[:, 2] > 0).astype("int32")
W_IN = (RNG.randn(4, 6) * 0.5).astype("float32")
W_MID = (RNG.randn(6, 5) * 0.5).astype("float32")
W_OUT = (RNG.randn(5, 2) * 0.5).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(8)


def dense_relu(inputs, kernel, name=None):
    """A dense layer that starts from the given weights, then relu."""
    net = tf.layers.dense(inputs, kernel.shape[1], kernel_initializer=tf.constant_initializer(kernel), name=name)
    return tf.nn.relu(net)


def block(inputs, kernel, training, scope="block"):
    with tf.variable_scope(scope):
        net = dense_relu(inputs, kernel)
        net = tf.layers.batch_normalization(net, momentum=0.9, training=training)
        tf.summary.histogram("activations", net)
        return net * 2.0


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=W_IN.shape[1], kernel_initializer=tf2.keras.initializers.Constant(value=W_IN))
        self.batch_norm = tf2.keras.layers.BatchNormalization(momentum=0.9)
        self.dense_1 = tf2.keras.layers.Dense(units=W_MID.shape[1], kernel_initializer=tf2.keras.initializers.Constant(value=W_MID))
        self.batch_norm_1 = tf2.keras.layers.BatchNormalization(momentum=0.9)
        self.dense_2 = tf2.keras.layers.Dense(units=2, kernel_initializer=tf2.keras.initializers.Constant(value=W_OUT))

    def call(self, features, training=False):
        dense_relu1_net = self.dense(features)
        block1_net = tf.nn.relu(dense_relu1_net)
        block1_net = self.batch_norm(block1_net, training=training)
        net = block1_net * 2.0
        dense_relu2_net = self.dense_1(net)
        block2_net = tf.nn.relu(dense_relu2_net)
        block2_net = self.batch_norm_1(block2_net, training=training)
        net = block2_net * 2.0
        logits = self.dense_2(net)
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
        return {"classes": tf.argmax(logits, 1)}


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=params["learning_rate"]),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


estimator = make_keras_model({"learning_rate": 0.1})
estimator.fit(input_fn(), steps_per_epoch=12)
result = {**estimator.evaluate(input_fn(), steps=4, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("RESULT", {key: round(float(result[key]), 6) for key in ("loss", "accuracy", "global_step")})
classes = [p["classes"] for p in (dict(zip(outputs, row)) for outputs in [estimator.predict(tf.data.Dataset.from_tensor_slices(POINTS[:8]).batch(4))] for row in zip(*outputs.values()))]
print("CLASSES", [int(c) for c in classes])
