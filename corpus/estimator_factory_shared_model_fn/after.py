"""One model_fn, two sizes: build_estimator returns the Estimator the model_type asks for."""
import random
import sys

import numpy as np
import tensorflow as tf

random.seed(3)
np.random.seed(3)
RNG = np.random.RandomState(3)
POINTS = RNG.normal(size=(240, 5)).astype(np.float32)
LABELS = (POINTS[:, 0] * POINTS[:, 1] + POINTS[:, 2] > 0).astype(np.int64)


def train_input_fn():
    dataset = tf.data.Dataset.from_tensor_slices(({"x": POINTS[:200]}, LABELS[:200]))
    return dataset.shuffle(200, seed=3).repeat().batch(20)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS[200:]}, LABELS[200:])).batch(20)


class MlpModel(tf.keras.Model):
    """The Estimator model_fn `mlp_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf.keras.layers.Dense(units=params["units"], activation="relu")
        self.dense_1 = tf.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        hidden = self.dense(features["x"])
        logits = self.dense_1(hidden)
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


def make_mlp_model(params):
    model = MlpModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=params["learning_rate"], epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


def build_estimator(model_type):
    if model_type == "small":
        tf.keras.utils.set_random_seed(3)
        model = make_mlp_model({"units": 8, "learning_rate": 0.02})
        return model
    tf.keras.utils.set_random_seed(3)
    model = make_mlp_model({"units": 32, "learning_rate": 0.01})
    return model


def main(model_type):
    classifier = build_estimator(model_type)
    classifier.fit(train_input_fn(), steps_per_epoch=200)
    metrics, _ = ({**classifier.evaluate(eval_input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()}, [])
    classes = list((dict(zip(outputs, row)) for outputs in [{key: value for key, value in classifier.predict(eval_input_fn()).items() if key in ["class"]}] for row in zip(*outputs.values())))
    print("FINAL", model_type, {k: round(float(v), 4) for k, v in sorted(metrics.items())})
    print("PRED", model_type, len(classes), sorted(classes[0]))


if __name__ == "__main__":
    for name in sys.argv[1:] or ["small", "large"]:
        main(name)
