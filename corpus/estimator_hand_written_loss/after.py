"""A regression model_fn whose loss is written with TF ops: the mean squared error by hand."""
import numpy as np
import tensorflow as tf

AREA = np.random.RandomState(21).rand(60, 2).astype("float32")
PRICE = (AREA @ np.array([2.0, -1.0], dtype="float32") + 0.3).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"area": AREA}, PRICE)).repeat(4).batch(10)  # in order: the same batches


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        output = self.dense(features["area"])
        return output

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds
        # up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).
        y_true = y
        return tf.reduce_mean(tf.square(((tf.reshape(y_pred, [-1])) - (tf.cast(y_true, tf.float32))))) / tf.distribute.get_strategy().num_replicas_in_sync

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
        output = self(features, training=False)
        predictions = tf.reshape(output, [-1])
        return {"price": predictions}


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.2),
        metrics=[tf.keras.metrics.RootMeanSquaredError(name="rmse")],
    )
    return model


regressor = make_keras_model()
regressor.fit(input_fn())
print({**regressor.evaluate(input_fn(), return_dict=True), "global_step": regressor.optimizer.iterations.numpy()})
