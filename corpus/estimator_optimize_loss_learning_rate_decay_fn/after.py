"""optimize_loss with a learning_rate_decay_fn, a lambda of its rate and the global step that
returns an exponential decay of them, as training labs wrote it: optimize_loss called it
with its rate and the step, so the Keras optimizer takes the same decay as a schedule."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(11)
IMAGES = RNG.rand(48, 6, 6, 1).astype(np.float32)
LABELS = (IMAGES.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
FILTERS = RNG.normal(0.0, 0.3, (3, 3, 1, 4)).astype(np.float32)
HIDDEN = RNG.normal(0.0, 0.3, (36, 8)).astype(np.float32)
OUTPUT = RNG.normal(0.0, 0.3, (8, 2)).astype(np.float32)


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).repeat().batch(16)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).batch(16)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.conv2d = tf.keras.layers.Conv2D(filters=4, kernel_size=3, kernel_initializer=tf.keras.initializers.Constant(value=FILTERS), padding="same", activation="relu")
        self.max_pooling2d = tf.keras.layers.MaxPooling2D(pool_size=2, strides=2)
        self.flatten = tf.keras.layers.Flatten()
        self.dense = tf.keras.layers.Dense(units=8, kernel_initializer=tf.keras.initializers.Constant(value=HIDDEN), activation="relu")
        self.dense_1 = tf.keras.layers.Dense(units=2, kernel_initializer=tf.keras.initializers.Constant(value=OUTPUT))

    def call(self, features, training=False):
        net = self.conv2d(features["image"])
        net = self.max_pooling2d(net)
        net = self.flatten(net)
        net = self.dense(net)
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
        predicted = tf.argmax(logits, 1)
        return {"class_ids": predicted}


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=tf.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=params["learning_rate"], decay_steps=10, decay_rate=0.5), epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


classifier = make_keras_model({"learning_rate": 0.05})
classifier.fit(train_input_fn(), steps_per_epoch=15)
print("eval", {**classifier.evaluate(eval_input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
print("classes", [int(p["class_ids"]) for p in (dict(zip(outputs, row)) for outputs in [classifier.predict(eval_input_fn())] for row in zip(*outputs.values()))][:8])
