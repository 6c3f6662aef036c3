"""params bound to a name; the EVAL branch comes before TRAIN through elif; one-hot softmax loss."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

HPARAMS = {"hidden": 8, "classes": 3, "rate": 0.1}
X = np.random.RandomState(1).rand(12, 5, 5, 2).astype("float32")
Y = np.arange(12, dtype="int32") % 3


def train_input():
    return tf.data.Dataset.from_tensor_slices((X, Y)).shuffle(12, seed=3).repeat().batch(4)


def eval_input():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(6)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.average_pooling2d = tf2.keras.layers.AveragePooling2D(pool_size=2, strides=1)
        self.flatten = tf2.keras.layers.Flatten()
        self.dense = tf2.keras.layers.Dense(units=params["hidden"], activation="tanh")
        self.dense_1 = tf2.keras.layers.Dense(units=params["classes"])

    def call(self, features, training=False):
        net = self.average_pooling2d(features)
        net = self.flatten(net)
        net = self.dense(net)
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

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        return {"probabilities": tf.nn.softmax(logits)}


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=tf2.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=params["rate"], decay_steps=10, decay_rate=0.9, staircase=True)),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="acc")],
    )
    return model


classifier = make_keras_model(HPARAMS)
classifier.fit(train_input(), steps_per_epoch=6)
results = {**classifier.evaluate(eval_input(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()}
print("acc", results["acc"], "loss", results["loss"])
