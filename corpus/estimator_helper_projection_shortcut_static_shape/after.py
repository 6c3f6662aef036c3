"""Residual blocks from a helper, as CIFAR ResNet repositories wrote them: the shortcut is
projected by a 1x1 convolution only where the block changes the stride or the number of
channels, a test of the input's static shape. The first block keeps its shape, the second
doubles the channels. Weight decay over the kernels, under each block's variable scope."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(8)
IMAGES = (RNG.rand(32, 6, 6, 2) * RNG.rand(32, 1, 1, 1)).astype(np.float32)  # brightness varies
LABELS = (IMAGES.mean(axis=(1, 2, 3)) > np.median(IMAGES.mean(axis=(1, 2, 3)))).astype(np.int64)
INIT = tf.compat.v1.constant_initializer(0.05)


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).repeat().batch(8)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).batch(8)


def residual_block(inputs, filters, strides, name):
    with tf.compat.v1.variable_scope(name):
        shortcut = inputs
        if strides != 1 or inputs.shape[-1] != filters:
            shortcut = tf.compat.v1.layers.conv2d(inputs, filters, 1, strides=strides, padding="same",
                                                  kernel_initializer=INIT, name="projection")
        net = tf.compat.v1.layers.conv2d(inputs, filters, 3, strides=strides, padding="same",
                                         activation=tf.nn.relu, kernel_initializer=INIT, name="conv1")
        net = tf.compat.v1.layers.conv2d(net, filters, 3, padding="same", kernel_initializer=INIT,
                                         name="conv2")
        return tf.nn.relu(net + shortcut)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        residual_block2_filters = params["filters"] * 2
        self.conv2d = tf.keras.layers.Conv2D(filters=params["filters"], kernel_size=3, padding="same", kernel_initializer=tf.keras.initializers.Constant(value=0.05), kernel_regularizer=tf.keras.regularizers.L2(0.5 * (1e-3)))
        self.conv2d_1 = tf.keras.layers.Conv2D(filters=params["filters"], kernel_size=1, strides=1, padding="same", kernel_initializer=tf.keras.initializers.Constant(value=0.05), kernel_regularizer=tf.keras.regularizers.L2(0.5 * (1e-3)))
        self.conv2d_2 = tf.keras.layers.Conv2D(filters=params["filters"], kernel_size=3, strides=1, padding="same", activation="relu", kernel_initializer=tf.keras.initializers.Constant(value=0.05), kernel_regularizer=tf.keras.regularizers.L2(0.5 * (1e-3)))
        self.conv2d_3 = tf.keras.layers.Conv2D(filters=params["filters"], kernel_size=3, padding="same", kernel_initializer=tf.keras.initializers.Constant(value=0.05), kernel_regularizer=tf.keras.regularizers.L2(0.5 * (1e-3)))
        self.conv2d_4 = tf.keras.layers.Conv2D(filters=residual_block2_filters, kernel_size=1, strides=2, padding="same", kernel_initializer=tf.keras.initializers.Constant(value=0.05), kernel_regularizer=tf.keras.regularizers.L2(0.5 * (1e-3)))
        self.conv2d_5 = tf.keras.layers.Conv2D(filters=residual_block2_filters, kernel_size=3, strides=2, padding="same", activation="relu", kernel_initializer=tf.keras.initializers.Constant(value=0.05), kernel_regularizer=tf.keras.regularizers.L2(0.5 * (1e-3)))
        self.conv2d_6 = tf.keras.layers.Conv2D(filters=residual_block2_filters, kernel_size=3, padding="same", kernel_initializer=tf.keras.initializers.Constant(value=0.05), kernel_regularizer=tf.keras.regularizers.L2(0.5 * (1e-3)))
        self.dense = tf.keras.layers.Dense(units=2, kernel_initializer=tf.keras.initializers.Constant(value=[[-0.3, 0.3]] * 8), kernel_regularizer=tf.keras.regularizers.L2(0.5 * (1e-3)))

    def call(self, features, training=False):
        params = self.params
        net = self.conv2d(features["image"])
        residual_block1_shortcut = net
        if 1 != 1 or net.shape[-1] != params["filters"]:
            residual_block1_shortcut = self.conv2d_1(net)
        residual_block1_net = self.conv2d_2(net)
        residual_block1_net = self.conv2d_3(residual_block1_net)
        net = tf.nn.relu(residual_block1_net + residual_block1_shortcut)
        residual_block2_filters = params["filters"] * 2
        residual_block2_shortcut = net
        if 2 != 1 or net.shape[-1] != residual_block2_filters:
            residual_block2_shortcut = self.conv2d_4(net)
        residual_block2_net = self.conv2d_5(net)
        residual_block2_net = self.conv2d_6(residual_block2_net)
        net = tf.nn.relu(residual_block2_net + residual_block2_shortcut)
        logits = self.dense(tf.reduce_mean(net, axis=[1, 2]))
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
        return {"classes": tf.argmax(logits, axis=1)}


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.02, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


classifier = make_keras_model({"filters": 4})
classifier.fit(train_input_fn(), steps_per_epoch=16)
print("eval", {**classifier.evaluate(eval_input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
print("classes", [int(p["classes"]) for p in (dict(zip(outputs, row)) for outputs in [classifier.predict(eval_input_fn())] for row in zip(*outputs.values()))][:8])
