"""The official models' mnist layout: a helper returns a tf.keras.Sequential, the model_fn
makes it once and calls it in each mode branch with that mode's training flag, after an
isinstance check that accepts dict features too."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(6)
IMAGES = rng.uniform(size=(48, 36)).astype(np.float32)
DIGITS = (IMAGES[:, :4].argmax(axis=1)).astype(np.int32)
CONV = np.linspace(-0.3, 0.3, 36).reshape(3, 3, 1, 4).astype(np.float32)
HIDDEN = np.cos(np.arange(36 * 8)).reshape(36, 8).astype(np.float32) * 0.2
OUT = np.sin(np.arange(8 * 4)).reshape(8, 4).astype(np.float32) * 0.3


def create_model(data_format):
    l = tf.keras.layers
    return tf.keras.Sequential([
        l.Reshape(target_shape=(6, 6, 1), input_shape=(36,)),
        l.Conv2D(4, 3, padding="same", data_format=data_format, activation=tf.nn.relu,
                 kernel_initializer=tf.keras.initializers.Constant(CONV)),
        l.MaxPooling2D((2, 2), (2, 2), padding="same", data_format=data_format),
        l.Flatten(),
        l.Dense(8, activation=tf.nn.relu, kernel_initializer=tf.keras.initializers.Constant(HIDDEN)),
        l.Dense(4, kernel_initializer=tf.keras.initializers.Constant(OUT)),
    ])


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.model = create_model(params["data_format"])

    def call(self, features, training=False):
        model = self.model
        image = features
        if isinstance(image, dict):
            image = features["image"]
        logits = model(image, training=training)
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
        predictions = {"classes": tf.argmax(logits, axis=1), "probabilities": tf.nn.softmax(logits)}
        return predictions


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, DIGITS)).batch(8).repeat(3)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((IMAGES, DIGITS)).batch(16)


classifier = make_keras_model({"data_format": "channels_last"})
classifier.fit(train_input_fn())
print("eval", {**classifier.evaluate(eval_input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
print("keys", sorted(next((dict(zip(outputs, row)) for outputs in [classifier.predict(eval_input_fn())] for row in zip(*outputs.values())))))
