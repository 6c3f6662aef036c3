"""An Estimator subclass whose __init__ builds its params and hands a static model_fn to
tf.estimator.Estimator: to its callers it is a function that returns an Estimator."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(4)
POINTS = rng.normal(size=(48, 2)).astype(np.float32)
SIDES = (POINTS[:, 0] + 0.3 * POINTS[:, 1] > 0).astype(np.int32)
HIDDEN_INIT = np.sin(np.arange(8)).reshape(2, 4).astype(np.float32)
OUTPUT_INIT = np.cos(np.arange(8)).reshape(4, 2).astype(np.float32)


class SideClassifierModel(tf.keras.Model):
    """The Estimator model_fn `side_classifier_model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf.keras.layers.Dense(units=params["units"], activation="relu", kernel_initializer=tf.keras.initializers.Constant(value=HIDDEN_INIT))
        self.dense_1 = tf.keras.layers.Dense(units=2, kernel_initializer=tf.keras.initializers.Constant(value=OUTPUT_INIT))

    def call(self, features, training=False):
        hidden = self.dense(features)
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


def make_side_classifier_model(params):
    model = SideClassifierModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=params["learning_rate"]),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


def SideClassifier(units, learning_rate):
    params = {"units": units, "learning_rate": learning_rate}
    model = make_side_classifier_model(params)
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, SIDES)).repeat(2).batch(8)


classifier = SideClassifier(units=4, learning_rate=0.2)
classifier.fit(input_fn())
print("eval", {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
