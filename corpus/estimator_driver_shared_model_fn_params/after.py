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
