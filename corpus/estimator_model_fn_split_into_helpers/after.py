"""A model_fn split into helpers, as many repositories write it: one builds the network in a
loop over the hidden sizes, one computes the loss, one the metrics, one the train_op; the
spec's train_op and metrics are chosen by the mode in conditional expressions."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

FEATURES = ["temperature", "pressure", "humidity"]
rng = np.random.RandomState(21)
COLUMNS = {name: rng.normal(size=90).astype(np.float32) for name in FEATURES}
RAIN = (COLUMNS["humidity"] - 0.5 * COLUMNS["pressure"] > 0.2).astype(np.int32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((COLUMNS, RAIN)).repeat(2).batch(15)


def build_network(features, params, is_training):
    net = tf.stack([features[name] for name in FEATURES], axis=1)
    for units in params["hidden"]:
        net = tf.layers.dense(net, units, activation=tf.nn.tanh, kernel_initializer=tf.constant_initializer(0.2))
        net = tf.layers.dropout(net, rate=params["dropout"], training=is_training)
    return tf.layers.dense(net, 2, kernel_initializer=tf.constant_initializer(-0.1))


def get_loss(labels, logits):
    return tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)


def get_eval_metrics(labels, logits):
    return {"accuracy": tf.metrics.accuracy(labels, tf.argmax(logits, axis=1))}


def create_train_op(loss, params):
    optimizer = tf.train.AdagradOptimizer(params["learning_rate"])
    return optimizer.minimize(loss, global_step=tf.train.get_global_step())


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = []
        self.dropout = []
        for build_network1_units in params["hidden"]:
            self.dense.append(tf2.keras.layers.Dense(units=build_network1_units, activation="tanh", kernel_initializer=tf2.keras.initializers.Constant(value=0.2)))
            self.dropout.append(tf2.keras.layers.Dropout(rate=params["dropout"]))
        self.dense_1 = tf2.keras.layers.Dense(units=2, kernel_initializer=tf2.keras.initializers.Constant(value=-0.1))

    def call(self, features, training=False):
        params = self.params
        build_network1_net = tf.stack([features[name] for name in FEATURES], axis=1)
        for build_network1_units, dense_layer, dropout_layer in zip(params["hidden"], self.dense, self.dropout):
            build_network1_net = dense_layer(build_network1_net)
            build_network1_net = dropout_layer(build_network1_net, training=training)
        logits = self.dense_1(build_network1_net)
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
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.Adagrad(learning_rate=params["learning_rate"], epsilon=0.0),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


classifier = make_keras_model({"hidden": [6, 4], "dropout": 0.0, "learning_rate": 0.3})
classifier.fit(input_fn())
print("eval", {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
