"""A regressor kept as an object: its width and learning rate live on the instance,
and its model_fn is a method that reads them."""
import tensorflow.compat.v1 as tf
import tensorflow as tf2

POINTS = [[i / 16.0, (i % 5) / 5.0] for i in range(32)]
TARGETS = [[2.0 + 1.5 * p[0] - p[1]] for p in POINTS]


def make_dataset(points, targets, batch_size, epochs=1):
    return tf.data.Dataset.from_tensor_slices((points, targets)).repeat(epochs).batch(batch_size)


class TwoLayerRegressor(object):
    """Holds the hyperparameters; the Estimator calls model_fn once per graph."""

    def __init__(self, width, learning_rate=0.05):
        self.width = width
        self.learning_rate = learning_rate


def make_two_layer_regressor_model_for(two_layer_regressor):
    class KerasModel(tf2.keras.Model):
        """The Estimator model_fn `model_fn` as a Keras model."""

        def __init__(self):
            super().__init__()
            self.dense = tf2.keras.layers.Dense(units=two_layer_regressor.width, activation="relu")
            self.dense_1 = tf2.keras.layers.Dense(units=1)

        def call(self, features, training=False):
            hidden = self.dense(features)
            output = self.dense_1(hidden)
            return output

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

        def fit(self, *args, **kwargs):
            # Keras counts one optimizer iteration more when a dataset runs out under a strategy or
            # is of unknown length (no weight changes); Estimator's global_step counted real steps.
            last = {}
            record = tf2.keras.callbacks.LambdaCallback(
                on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
            history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
            if "step" in last:
                self.optimizer.iterations.assign(last["step"])
            return history


    def make_keras_model():
        model = KerasModel()
        model.compile(
            optimizer=tf2.keras.optimizers.SGD(learning_rate=two_layer_regressor.learning_rate),
            loss=tf2.keras.losses.MeanSquaredError(),
        )
        return model

    return make_keras_model


regressor = TwoLayerRegressor(width=8, learning_rate=0.05)
strategy = tf2.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    estimator = make_two_layer_regressor_model_for(regressor)()
estimator.fit(strategy.distribute_datasets_from_function(lambda _: make_dataset(POINTS, TARGETS, 4, epochs=4)))
metrics = {**estimator.evaluate(strategy.distribute_datasets_from_function(lambda _: make_dataset(POINTS[:16], TARGETS[:16], 4)), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("evaluation loss:", metrics["loss"])
