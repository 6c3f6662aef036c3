"""One model_fn, two Estimators with their own params: a quick trial with a large
learning rate, then the real run with a smaller one, each evaluated and the second one
used for predictions."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(4)
FEATURES = RNG.rand(40, 4).astype("float32")
LABELS = (FEATURES[:, 0] + FEATURES[:, 1] > FEATURES[:, 2] + FEATURES[:, 3]).astype("int32")


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, LABELS)).repeat().batch(10)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, LABELS)).batch(10)


class ClassifierModel(tf.keras.Model):
    """The Estimator model_fn `classifier_fn` as a Keras model."""

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
        classes = tf.argmax(logits, 1)
        return {"class": classes, "logits": logits}


def make_classifier_model(params):
    model = ClassifierModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=params["learning_rate"]),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


trial = make_classifier_model({"learning_rate": 1.0})
trial.fit(train_input_fn(), steps_per_epoch=6)
print("trial", {**trial.evaluate(eval_input_fn(), return_dict=True), "global_step": trial.optimizer.iterations.numpy()})

tuned = make_classifier_model({"learning_rate": 0.3})
tuned.fit(train_input_fn(), steps_per_epoch=12)
print("tuned", {**tuned.evaluate(eval_input_fn(), return_dict=True), "global_step": tuned.optimizer.iterations.numpy()})
predictions = list((dict(zip(outputs, row)) for outputs in [tuned.predict(eval_input_fn())] for row in zip(*outputs.values())))
print("predictions", len(predictions), sorted(predictions[0]), [int(p["class"]) for p in predictions[:8]])
