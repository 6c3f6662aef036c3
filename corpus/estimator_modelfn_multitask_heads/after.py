"""Two heads on dict labels, their losses added with a weight from params: one Keras output
per head, the loss and every metric on its head."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

RNG = np.random.RandomState(62)
POINTS = RNG.randn(36, 4).astype("float32")
LABELS = {"kind": (POINTS[:, 0] > 0).astype("int32"), "size": (POINTS[:, 1] * 2.0).astype("float32")}
W_TRUNK = (RNG.randn(4, 8) * 0.4).astype("float32")
W_KIND = (RNG.randn(8, 2) * 0.4).astype("float32")
W_SIZE = (RNG.randn(8, 1) * 0.4).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(9)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.metric_accuracy = tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")
        self.metric_rmse = tf2.keras.metrics.RootMeanSquaredError(name="rmse")
        self.metric_kind_loss = tf2.keras.metrics.MeanMetricWrapper(tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None), name="kind_loss")
        self.dense = tf2.keras.layers.Dense(units=8, activation="relu", kernel_initializer=tf2.keras.initializers.Constant(value=W_TRUNK))
        self.dense_1 = tf2.keras.layers.Dense(units=2, kernel_initializer=tf2.keras.initializers.Constant(value=W_KIND))
        self.dense_2 = tf2.keras.layers.Dense(units=1, kernel_initializer=tf2.keras.initializers.Constant(value=W_SIZE))

    def call(self, features, training=False, with_inner=False):
        trunk = self.dense(features)
        kind_logits = self.dense_1(trunk)
        size = tf.squeeze(self.dense_2(trunk), axis=1)
        if with_inner:  # predict_step reads inner tensors of the model too
            return {"kind_logits": kind_logits, "size": tf2.expand_dims(size, -1)}, {"kind_logits": kind_logits, "size": size}
        return {"kind_logits": kind_logits, "size": tf2.expand_dims(size, -1)}

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # The model_fn's loss: its heads' losses, weighted as it added them up (Keras's
        # losses already scale themselves for the replicas).
        params = self.params
        return tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(y["kind"], y_pred["kind_logits"]) + params["size_weight"] * tf2.keras.losses.MeanSquaredError()(y["size"], y_pred["size"])

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        # Each metric reads its head's target and output, under the model_fn's key.
        self.metric_accuracy.update_state(y["kind"], y_pred["kind_logits"])
        self.metric_rmse.update_state(y["size"], y_pred["size"])
        self.metric_kind_loss.update_state(y["kind"], y_pred["kind_logits"])
        return self.get_metrics_result()

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
                metric.update_state(loss * replicas, sample_weight=tf2.minimum(tf2.shape(tf2.nest.flatten(y_pred)[0])[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        output, inner = self(features, training=False, with_inner=True)
        kind_logits = inner["kind_logits"]
        size = inner["size"]
        kind = tf.argmax(kind_logits, axis=1)
        return {"kind": kind, "size": size}


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.1),
    )
    return model


estimator = make_keras_model({"size_weight": 0.5})
estimator.fit(input_fn(), steps_per_epoch=10)
result = {**estimator.evaluate(input_fn(), steps=4, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
rows = (dict(zip(outputs, row)) for outputs in [estimator.predict(tf.data.Dataset.from_tensor_slices(POINTS[:3]).batch(3))] for row in zip(*outputs.values()))
print("PREDICT", [(int(row["kind"]), round(float(row["size"]), 5)) for row in rows])
