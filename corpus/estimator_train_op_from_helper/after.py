"""The train_op comes from a helper of the module, called inside the EstimatorSpec: it makes
the optimizer and runs minimize under the batch-norm update ops."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(3)
READINGS = rng.normal(size=(64, 3)).astype(np.float32)
STATES = (READINGS @ np.array([1.0, -0.5, 0.25], np.float32) > 0.1).astype(np.int32)
FIRST_KERNEL = np.sin(np.arange(18)).reshape(3, 6).astype(np.float32) * 0.5
LAST_KERNEL = np.cos(np.arange(12)).reshape(6, 2).astype(np.float32) * 0.5


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, STATES)).repeat(3).batch(8)


def _train_op_fn(loss, learning_rate):
    optimizer = tf.train.MomentumOptimizer(learning_rate, momentum=0.9)
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        return optimizer.minimize(loss, global_step=tf.train.get_global_step())


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=6, use_bias=False, kernel_initializer=tf2.keras.initializers.Constant(value=FIRST_KERNEL))
        self.batch_norm = tf2.keras.layers.BatchNormalization()
        self.dense_1 = tf2.keras.layers.Dense(units=2, kernel_initializer=tf2.keras.initializers.Constant(value=LAST_KERNEL))

    def call(self, features, training=False):
        net = self.dense(features["readings"])
        net = tf.nn.relu(self.batch_norm(net, training=training))
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


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=params["learning_rate"], momentum=0.9),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


classifier = make_keras_model({"learning_rate": 0.05})
classifier.fit(input_fn())
print("eval", {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
