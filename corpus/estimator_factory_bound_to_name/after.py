"""A model_fn made by a builder and bound to a name before the Estimator takes it, the way
many fine-tuning scripts write `model_fn = model_fn_builder(...)`."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(23)
VECTORS = rng.normal(size=(72, 5)).astype(np.float32)
TOPICS = (VECTORS[:, 0] + VECTORS[:, 1] > 0).astype(np.int64) + (VECTORS[:, 2] > 1).astype(np.int64)
HIDDEN_INIT = np.linspace(-0.4, 0.4, 35).reshape(5, 7).astype(np.float32)
LOGIT_INIT = np.sin(np.arange(21)).reshape(7, 3).astype(np.float32) * 0.3


def model_fn_builder(num_labels, learning_rate):
    """The model_fn closure the Estimator gets."""

    class KerasModel(tf2.keras.Model):
        """The Estimator model_fn `model_fn` as a Keras model."""

        def __init__(self):
            super().__init__()
            self.dense = tf2.keras.layers.Dense(units=7, activation="relu", kernel_initializer=tf2.keras.initializers.Constant(value=HIDDEN_INIT))
            self.dense_1 = tf2.keras.layers.Dense(units=num_labels, kernel_initializer=tf2.keras.initializers.Constant(value=LOGIT_INIT))

        def call(self, features, training=False):
            hidden = self.dense(features["vectors"])
            logits = self.dense_1(hidden)
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
            return {"label": tf.argmax(logits, axis=-1)}


    def make_keras_model(params):
        model = KerasModel()
        model.compile(
            optimizer=tf2.keras.optimizers.Adam(learning_rate=learning_rate, epsilon=1e-08),
            loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
        )
        return model

    return make_keras_model


def input_fn(params):
    return tf.data.Dataset.from_tensor_slices(({"vectors": VECTORS}, TOPICS)).repeat(2).batch(params["batch_size"])


estimator = model_fn_builder(num_labels=3, learning_rate=0.02)({"batch_size": 12})
estimator.fit(input_fn(params={"batch_size": 12}))
print("eval", {**estimator.evaluate(input_fn(params={"batch_size": 12}), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
