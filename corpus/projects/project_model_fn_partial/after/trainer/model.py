"""The network and its training step; task.py binds the layer sizes."""
import tensorflow as tf


def make_regression_model_for(layer_sizes=(16,), learning_rate=0.05):
    class RegressionModel(tf.keras.Model):
        """The Estimator model_fn `regression_fn` as a Keras model."""

        def __init__(self):
            super().__init__()
            self.dense = []
            for size in layer_sizes:
                self.dense.append(tf.keras.layers.Dense(units=size, activation="relu"))
            self.dense_1 = tf.keras.layers.Dense(units=1)

        def call(self, features, training=False):
            net = features["inputs"]
            for size, dense_layer in zip(layer_sizes, self.dense):
                net = dense_layer(net)
            output = self.dense_1(net)
            return output

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
            return {"value": output}


    def make_regression_model():
        model = RegressionModel()
        model.compile(
            optimizer=tf.keras.optimizers.SGD(learning_rate=learning_rate),
            loss=tf.keras.losses.MeanSquaredError(),
        )
        return model

    return make_regression_model
