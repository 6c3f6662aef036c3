"""A three-class head made in the model_fn, given the logits and a train_op_fn: evaluate()
keeps the head's accuracy, average_loss and loss, predict() its keys."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(21)
MEASURES = rng.normal(size=(90, 3)).astype(np.float32)
KINDS = np.digitize(MEASURES[:, 0] + 0.5 * MEASURES[:, 1], [-0.6, 0.6]).astype(np.int32)
KERNEL = np.sin(np.arange(9)).reshape(3, 3).astype(np.float32) * 0.4


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=3, kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL))
        self.head_loss = tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum_over_batch_size")
        self.average_loss = tf2.keras.metrics.Mean(name="average_loss")
        self.accuracy = tf2.keras.metrics.Accuracy(name="accuracy")

    def call(self, features, training=False):
        logits = self.dense(features["measures"])
        return logits

    def labels_of(self, y):
        return tf2.reshape(tf2.cast(y, tf2.int64), [-1, 1])

    def example_weights(self, features):
        return None

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # loss_reduction SUM_OVER_BATCH_SIZE (V2 default); example weights from weight_column
        return self.head_loss(self.labels_of(y), y_pred, sample_weight=self.example_weights(x))

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        labels, weights = self.labels_of(y), self.example_weights(x)
        self.average_loss.update_state(tf2.keras.losses.sparse_categorical_crossentropy(labels, y_pred, from_logits=True), sample_weight=weights)
        class_ids = tf2.argmax(y_pred, axis=-1)[:, None]
        self.accuracy.update_state(labels, class_ids, sample_weight=weights)
        return self.get_metrics_result()

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        probabilities = tf2.nn.softmax(logits)
        class_ids = tf2.argmax(logits, axis=-1)[:, None]
        batch = tf2.shape(logits)[0]
        return {
            "logits": logits,
            "probabilities": probabilities,
            "class_ids": class_ids,
            "classes": tf2.strings.as_string(class_ids),
            "all_class_ids": tf2.tile(tf2.range(3)[None, :], [batch, 1]),
            "all_classes": tf2.tile(tf2.constant([[b'0', b'1', b'2']]), [batch, 1]),
        }

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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.3),
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"measures": MEASURES}, KINDS)).repeat(3).batch(10)


estimator = make_keras_model()
estimator.fit(input_fn())
print("eval", {key: round(float(value), 5) for key, value in sorted({**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}.items())})
print("keys", sorted(next((dict(zip(outputs, row)) for outputs in [estimator.predict(input_fn())] for row in zip(*outputs.values())))))
