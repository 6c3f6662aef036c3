"""A trainer object builds its Estimator in a method, from its own model_fn method; the
hidden sizes and learning rate are attributes set in __init__."""
import numpy as np
import tensorflow as tf


class Trainer(object):
    def __init__(self, hidden_units, learning_rate, model_dir=None):
        self.hidden_units = hidden_units
        self.learning_rate = learning_rate
        self.model_dir = model_dir

    def input_fn(self, images, labels):
        return tf.data.Dataset.from_tensor_slices(({"pixels": images}, labels)).batch(16)

    def run(self, images, labels, steps):
        classifier = make_trainer_model_for(self)({"n_classes": 3})
        classifier.fit(self.input_fn(images, labels), steps_per_epoch=steps)
        return {**classifier.evaluate(self.input_fn(images, labels), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()}


def make_trainer_model_for(trainer):
    class KerasModel(tf.keras.Model):
        """The Estimator model_fn `model_fn` as a Keras model."""

        def __init__(self, params):
            super().__init__()
            self.params = params
            self.dense = []
            for units in trainer.hidden_units:
                self.dense.append(tf.keras.layers.Dense(units=units, activation="relu"))
            self.dense_1 = tf.keras.layers.Dense(units=params["n_classes"])

        def call(self, features, training=False):
            net = features["pixels"]
            for units, dense_layer in zip(trainer.hidden_units, self.dense):
                net = dense_layer(net)
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
            predicted = tf.argmax(logits, axis=1)
            return {"class": predicted}


    def make_keras_model(params):
        model = KerasModel(params)
        model.compile(
            optimizer=tf.keras.optimizers.Adam(learning_rate=trainer.learning_rate, epsilon=1e-08),
            loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
        )
        return model

    return make_keras_model


if __name__ == "__main__":
    rng = np.random.RandomState(3)
    images = rng.rand(96, 12).astype("float32")
    labels = (images[:, 0] * 3).astype("int64")
    print(Trainer([24, 12], 0.01).run(images, labels, steps=40))
