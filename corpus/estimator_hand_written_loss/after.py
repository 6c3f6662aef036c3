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
