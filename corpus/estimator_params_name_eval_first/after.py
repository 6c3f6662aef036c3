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
