"""A model giving probabilities, trained with tf.losses.log_loss (epsilon inside the logs)."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(21)
POINTS = RNG.randn(48, 4).astype("float32")
LABELS = (POINTS[:, 1] - POINTS[:, 3] > 0.2).astype("int64")
KERNEL = (RNG.randn(4, 1) * 2.0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(12)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL))

    def call(self, features, training=False):
        logits = self.dense(features)
        probabilities = tf.sigmoid(logits)
        return probabilities

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
        probabilities = self(features, training=False)
        classes = tf.cast(probabilities > 0.5, tf.int64)
        return {"probabilities": probabilities, "classes": classes}


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.Adagrad(learning_rate=0.3, epsilon=0.0),
        loss=lambda y_true, y_pred: (-y_true * tf2.math.log(y_pred + 1e-4) - (1.0 - y_true) * tf2.math.log(1.0 - y_pred + 1e-4)) * params["weight"],
        metrics=[tf2.keras.metrics.BinaryAccuracy(name="accuracy", threshold=0.5), tf2.keras.metrics.AUC(name="auc")],
    )
    return model


estimator = make_keras_model({"weight": 2.0})
estimator.fit(input_fn(), steps_per_epoch=8)
result = {**estimator.evaluate(input_fn(), steps=4, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
rows = (dict(zip(outputs, row)) for outputs in [estimator.predict(tf.data.Dataset.from_tensor_slices(POINTS[:4]).batch(2))] for row in zip(*outputs.values()))
print("PREDICT", [(round(float(row["probabilities"][0]), 6), int(row["classes"][0])) for row in rows])
