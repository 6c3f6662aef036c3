"""A slim model_fn (`slim = tf.contrib.slim`): a helper makes the convolution and an average
pool of stride 1 under `variable_scope(scope, default_name, values)`, dropout keeps a share
from params while training, the hidden layer has no bias, and optimize_loss takes the
optimizer named "Momentum" (momentum 0.9 there) with the gradients clipped to a global norm.
Fixed initial weights; the dropout keeps everything."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(5)
IMAGES = RNG.rand(40, 6, 6, 1).astype(np.float32)
LABELS = (IMAGES[:, :, :3].sum(axis=(1, 2, 3)) > IMAGES[:, :, 3:].sum(axis=(1, 2, 3))).astype(np.int64)
FILTERS = RNG.normal(0.0, 0.4, (3, 3, 1, 3)).astype(np.float32)
HIDDEN = RNG.normal(0.0, 0.2, (108, 6)).astype(np.float32)
OUTPUT = RNG.normal(0.0, 0.4, (6, 2)).astype(np.float32)


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"pixels": IMAGES}, LABELS)).repeat().batch(10)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"pixels": IMAGES}, LABELS)).batch(10)


def convolutions(images, scope="convolutions"):
    with tf.compat.v1.variable_scope(scope, "convolutions", [images]):
        net = slim.conv2d(images, 3, [3, 3], scope="conv1",
                          weights_initializer=tf.compat.v1.constant_initializer(FILTERS))
        net = slim.avg_pool2d(net, [2, 2], stride=1, padding="SAME")
    return net


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.conv2d = tf.keras.layers.Conv2D(filters=3, kernel_size=[3, 3], kernel_initializer=tf.keras.initializers.Constant(value=FILTERS), padding="same", activation="relu")
        self.average_pooling2d = tf.keras.layers.AveragePooling2D(pool_size=[2, 2], strides=1, padding="SAME")
        self.flatten = tf.keras.layers.Flatten()
        self.dense = tf.keras.layers.Dense(units=6, use_bias=False, kernel_initializer=tf.keras.initializers.Constant(value=HIDDEN), activation="relu")
        self.dropout = tf.keras.layers.Dropout(rate=1 - params["keep_prob"])
        self.dense_1 = tf.keras.layers.Dense(units=2, kernel_initializer=tf.keras.initializers.Constant(value=OUTPUT))

    def call(self, features, training=False):
        convolutions1_net = self.conv2d(features["pixels"])
        convolutions1_net = self.average_pooling2d(convolutions1_net)
        net = convolutions1_net
        net = self.flatten(net)
        net = self.dense(net)
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

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        classes = tf.argmax(logits, axis=1)
        return {"classes": classes, "logits": logits}


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9, global_clipnorm=0.5),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


estimator = make_keras_model({"keep_prob": 1.0})
estimator.fit(train_input_fn(), steps_per_epoch=12)
print("eval", {**estimator.evaluate(eval_input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
print("classes", [int(p["classes"]) for p in (dict(zip(outputs, row)) for outputs in [estimator.predict(eval_input_fn())] for row in zip(*outputs.values()))][:10])
