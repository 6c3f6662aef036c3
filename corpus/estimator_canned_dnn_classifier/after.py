"""Soil samples sorted into three drainage classes by a premade DNN."""
import numpy as np
import tensorflow as tf

MEASUREMENTS = ["clay", "silt", "sand", "organic"]


def soil_table(n, seed):
    rng = np.random.RandomState(seed)
    table = {name: rng.uniform(0.0, 1.0, n).astype(np.float32) for name in MEASUREMENTS}
    drainage = (table["sand"] * 2.0 + table["organic"] - table["clay"] > 0.9).astype(np.int32)
    drainage += (table["sand"] > 0.8).astype(np.int32)
    return table, drainage


def batches(table, drainage, repeat):
    samples = tf.data.Dataset.from_tensor_slices((table, drainage))
    return (samples.shuffle(256).repeat() if repeat else samples).batch(32)


columns = [tf.feature_column.numeric_column(name) for name in MEASUREMENTS]


class DNNClassifierModel(tf.keras.Model):
    """Keras form of tf.estimator.DNNClassifier: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        # DNNClassifier hidden layers: glorot_uniform kernels, zero biases (canned/dnn.py)
        self.hidden_layers = [tf.keras.layers.Dense(12, activation="relu", name="hiddenlayer_0"), tf.keras.layers.Dense(6, activation="relu", name="hiddenlayer_1")]
        self.logits_layer = tf.keras.layers.Dense(3, name="logits")
        self.head_loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum_over_batch_size")
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.accuracy = tf.keras.metrics.Accuracy(name="accuracy")

    def call(self, features, training=False):
        clay = tf.reshape(tf.cast(features['clay'], tf.float32), [-1, 1])
        organic = tf.reshape(tf.cast(features['organic'], tf.float32), [-1, 1])
        sand = tf.reshape(tf.cast(features['sand'], tf.float32), [-1, 1])
        silt = tf.reshape(tf.cast(features['silt'], tf.float32), [-1, 1])
        dnn_inputs = tf.concat([clay, organic, sand, silt], axis=1)
        net = dnn_inputs
        for i, layer in enumerate(self.hidden_layers):
            net = layer(net)
        dnn_logits = self.logits_layer(net)
        return dnn_logits

    def labels_of(self, y):
        return tf.reshape(tf.cast(y, tf.int64), [-1, 1])

    def example_weights(self, features):
        return None

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # loss_reduction SUM_OVER_BATCH_SIZE (V2 default); example weights from weight_column
        return self.head_loss(self.labels_of(y), y_pred, sample_weight=self.example_weights(x))

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        labels, weights = self.labels_of(y), self.example_weights(x)
        self.average_loss.update_state(tf.keras.losses.sparse_categorical_crossentropy(labels, y_pred, from_logits=True), sample_weight=weights)
        class_ids = tf.argmax(y_pred, axis=-1)[:, None]
        self.accuracy.update_state(labels, class_ids, sample_weight=weights)
        return self.get_metrics_result()

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        probabilities = tf.nn.softmax(logits)
        class_ids = tf.argmax(logits, axis=-1)[:, None]
        batch = tf.shape(logits)[0]
        return {
            "logits": logits,
            "probabilities": probabilities,
            "class_ids": class_ids,
            "classes": tf.strings.as_string(class_ids),
            "all_class_ids": tf.tile(tf.range(3)[None, :], [batch, 1]),
            "all_classes": tf.tile(tf.constant([[b'0', b'1', b'2']]), [batch, 1]),
        }

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


def make_dnn_classifier_model():
    model = DNNClassifierModel()
    model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.001))
    return model


classifier = make_dnn_classifier_model()
train_table, train_drainage = soil_table(600, seed=3)
classifier.fit(batches(train_table, train_drainage, repeat=True), steps_per_epoch=200)
scores = {**classifier.evaluate(batches(*soil_table(200, seed=4), repeat=False), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()}
print("accuracy", scores["accuracy"], "at step", scores["global_step"])
for row in (dict(zip(outputs, row)) for outputs in [classifier.predict(batches(*soil_table(3, seed=5), repeat=False))] for row in zip(*outputs.values())):
    print(row["class_ids"], row["probabilities"])
