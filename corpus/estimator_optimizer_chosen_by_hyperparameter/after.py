"""Two runs of one model_fn: a helper picks the optimizer and its rate from the
hyperparameters, and runs the step after the batch-norm updates."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(3)
READINGS = rng.normal(size=(64, 3)).astype(np.float32)
LEVELS = (READINGS @ np.array([[0.8], [-0.5], [0.3]], dtype=np.float32) + 0.2).astype(np.float32)
HIDDEN_INIT = np.linspace(-0.5, 0.5, 24).reshape(3, 8).astype(np.float32)
OUTPUT_INIT = np.sin(np.arange(8)).reshape(8, 1).astype(np.float32) * 0.3


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, LEVELS)).repeat(3).batch(16)


def get_train_op(loss, params):
    global_step = tf.train.get_or_create_global_step()
    if params["optimizer"] == "adam":
        optimizer = tf.train.AdamOptimizer(params["learning_rate"])
    elif params["optimizer"] == "momentum":
        optimizer = tf.train.MomentumOptimizer(params["learning_rate"], momentum=0.9)
    else:
        optimizer = tf.train.GradientDescentOptimizer(params["learning_rate"])
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_op = optimizer.minimize(loss, global_step=global_step)
    return train_op


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=8, use_bias=False, kernel_initializer=tf2.keras.initializers.Constant(value=HIDDEN_INIT))
        self.batch_norm = tf2.keras.layers.BatchNormalization()
        self.dense_1 = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=OUTPUT_INIT))

    def call(self, features, training=False):
        net = self.dense(features["readings"])
        net = self.batch_norm(net, training=training)
        net = tf.nn.relu(net)
        level = self.dense_1(net)
        return level

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
    model = KerasModel(params)
    model.compile(
        optimizer=(tf2.keras.optimizers.Adam(learning_rate=params["learning_rate"], epsilon=1e-08) if params["optimizer"] == "adam" else (tf2.keras.optimizers.SGD(learning_rate=params["learning_rate"], momentum=0.9) if params["optimizer"] == "momentum" else tf2.keras.optimizers.SGD(learning_rate=params["learning_rate"]))),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


for choice in [{"optimizer": "adam", "learning_rate": 0.01},
               {"optimizer": "momentum", "learning_rate": 0.02}]:
    regressor = make_keras_model(choice)
    regressor.fit(input_fn())
    print(choice["optimizer"], {**regressor.evaluate(input_fn(), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
