"""A metric that averages a value computed from the logits: the mean top-class probability."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(2).rand(40, 3).astype("float32")
Y = (X.sum(axis=1) > 1.5).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat(3).batch(5)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=8, activation="tanh")
        self.dense_1 = tf.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        net = self.dense(features["x"])
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
        probabilities = tf.nn.softmax(logits)
        predicted = tf.argmax(logits, 1)
        return {"class_ids": predicted, "probabilities": probabilities}


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adagrad(learning_rate=params["learning_rate"], epsilon=0.0),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy"), tf.keras.metrics.MeanMetricWrapper(lambda y_true, y_pred: tf.reduce_max((tf.nn.softmax(y_pred)), axis=1), name="confidence")],
    )
    return model


estimator = make_keras_model({"learning_rate": 0.1})
estimator.fit(input_fn())
scores = {**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("confidence", scores["confidence"], "accuracy", scores["accuracy"])
