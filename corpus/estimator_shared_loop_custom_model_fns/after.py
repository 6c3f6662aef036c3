"""Two learning rates of one model_fn compared in a loop over (name, Estimator) pairs, then
both asked for the same predictions in a second loop."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(21)
X = RNG.rand(48, 2).astype("float32")
Y = (X[:, 0] > X[:, 1]).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(8)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=2, kernel_initializer="zeros")

    def call(self, features, training=False):
        logits = self.dense(features["x"])
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
        return {"class": tf.argmax(logits, 1)}


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=params["rate"]),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


def main():
    slow = make_keras_model({"rate": 0.1})
    fast = make_keras_model({"rate": 1.0})
    for name, estimator in [("slow", slow), ("fast", fast)]:
        estimator.fit(input_fn(), steps_per_epoch=4)
        estimator.fit(input_fn())
        print(name, {**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
    for estimator in (slow, fast):
        print("classes", [int(p["class"]) for p in (dict(zip(outputs, row)) for outputs in [estimator.predict(input_fn())] for row in zip(*outputs.values()))][:8])


main()
