"""Two Estimators (a small and a larger model) read the same numpy_input_fns, and a third
input_fn is a function that returns what a shared helper builds."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(12)
TRAIN_X = RNG.rand(40, 2).astype("float32")
TRAIN_Y = (TRAIN_X[:, 0] > TRAIN_X[:, 1]).astype("int32")


def make_dataset(x, y, epochs):
    dataset = tf.data.Dataset.from_tensor_slices(({"x": x}, y))
    return dataset.repeat(epochs).batch(10)


class SmallModel(tf.keras.Model):
    """The Estimator model_fn `small_fn` as a Keras model."""

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


def make_small_model():
    model = SmallModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.5),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


class LargerModel(tf.keras.Model):
    """The Estimator model_fn `larger_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=4, kernel_initializer="ones")
        self.dense_1 = tf.keras.layers.Dense(units=2, kernel_initializer="zeros")

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


def make_larger_model():
    model = LargerModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


def main():

    def twice_input_fn():
        return make_dataset(TRAIN_X, TRAIN_Y, 2)

    small = make_small_model()
    small.fit(tf.data.Dataset.from_tensor_slices(({"x": TRAIN_X}, TRAIN_Y)).repeat().batch(10), steps_per_epoch=5)
    print("small", {**small.evaluate(tf.data.Dataset.from_tensor_slices(({"x": TRAIN_X}, TRAIN_Y)).batch(10), return_dict=True), "global_step": small.optimizer.iterations.numpy()})

    larger = make_larger_model()
    larger.fit(tf.data.Dataset.from_tensor_slices(({"x": TRAIN_X}, TRAIN_Y)).repeat().batch(10), steps_per_epoch=5)
    larger.fit(twice_input_fn())
    print("larger", {**larger.evaluate(tf.data.Dataset.from_tensor_slices(({"x": TRAIN_X}, TRAIN_Y)).batch(10), return_dict=True), "global_step": larger.optimizer.iterations.numpy()})


main()
