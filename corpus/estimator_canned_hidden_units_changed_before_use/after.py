"""hidden_units read from a dict that the program changes before the Estimator is built: the
model takes the value the Estimator was given, evaluated where it was built."""
import tensorflow as tf

HPARAMS = {"hidden_units": [32, 16]}
columns = [tf.feature_column.numeric_column("x")]


def widen():
    HPARAMS["hidden_units"] = [64, 32]


widen()


class DNNRegressorModel(tf.keras.Model):
    """Keras form of tf.estimator.DNNRegressor: the same layers, initial values, head and optimizer."""

    def __init__(self, hidden_units):
        super().__init__()
        # DNNRegressor hidden layers: glorot_uniform kernels, zero biases (canned/dnn.py)
        self.hidden_layers = [tf.keras.layers.Dense(units, activation="relu", name=f"hiddenlayer_{i}") for i, units in enumerate(hidden_units)]
        self.logits_layer = tf.keras.layers.Dense(1, name="logits")
        self.head_loss = tf.keras.losses.MeanSquaredError(reduction="sum_over_batch_size")
        self.squared_errors = tf.keras.losses.MeanSquaredError(reduction=None)
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")

    def call(self, features, training=False):
        x = tf.reshape(tf.cast(features['x'], tf.float32), [-1, 1])
        dnn_inputs = tf.concat([x], axis=1)
        net = dnn_inputs
        for i, layer in enumerate(self.hidden_layers):
            net = layer(net)
        dnn_logits = self.logits_layer(net)
        return dnn_logits

    def labels_of(self, y):
        return tf.reshape(tf.cast(y, tf.float32), [-1, 1])

    def example_weights(self, features):
        return None

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # loss_reduction SUM_OVER_BATCH_SIZE (V2 default); example weights from weight_column
        return self.head_loss(self.labels_of(y), y_pred, sample_weight=self.example_weights(x))

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        labels, weights = self.labels_of(y), self.example_weights(x)
        self.average_loss.update_state(self.squared_errors(labels, y_pred), sample_weight=weights)
        self.label_mean.update_state(labels, sample_weight=weights)
        self.prediction_mean.update_state(y_pred, sample_weight=weights)
        return self.get_metrics_result()

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        return {"predictions": logits}

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

    def _maybe_symbolic_build(self, iterator=None, data_batch=None):
        # A private Keras 3 hook, overridden because no public one runs before it: under a
        # tf.distribute strategy fit() builds the model from the MEAN of the first distributed
        # batch, which fails on string features or labels (AddN of strings). One replica's
        # batch has the same structure, shapes and dtypes; the rest is Keras's own build.
        if iterator is not None and self._distribute_strategy is not None:
            for _, _, it in iterator:
                first = next(it)
                break
            local = self.distribute_strategy.experimental_local_results
            data_batch = tf.nest.map_structure(
                lambda x: local(x)[0] if isinstance(x, tf.distribute.DistributedValues) else x, first)
            iterator = None
        super()._maybe_symbolic_build(iterator=iterator, data_batch=data_batch)


def make_dnn_regressor_model(hidden_units):
    model = DNNRegressorModel(hidden_units)
    model.compile(optimizer=tf.keras.optimizers.Adagrad(learning_rate=0.001))
    return model


model = make_dnn_regressor_model(HPARAMS["hidden_units"])
model.fit(tf.data.Dataset.from_tensor_slices(({"x": [1.0, 2.0]}, [2.0, 4.0])).repeat().batch(2), steps_per_epoch=5)
