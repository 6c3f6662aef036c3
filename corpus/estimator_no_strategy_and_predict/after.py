import tensorflow.compat.v1 as tf
import tensorflow as tf2


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0], [2.0]], [[2.0], [4.0]])).batch(1)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        output = self.dense(features)
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

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        output = self(features, training=False)
        return output


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


class PredictingModel(tf2.keras.Model):
    """The Estimator model_fn `predicting_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        output = self.dense(features)
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

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        output = self(features, training=False)
        return output

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


def make_predicting_model():
    model = PredictingModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


single = make_keras_model()
single.fit(input_fn(), steps_per_epoch=5)

strategy = tf2.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    predicting = make_predicting_model()
predicting.fit(strategy.distribute_datasets_from_function(lambda _: input_fn()), steps_per_epoch=5)
print(list(iter(predicting.predict(input_fn()))))
