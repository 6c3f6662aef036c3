"""Constructor values spelled through names: a hyperparameter dict, len() of the labels, a
vocabulary built by +, columns from a helper that takes the data, a normalizer factory."""
import numpy as np
import tensorflow as tf

HP = {"hidden": [16, 8], "steps": 200, "lr": 0.01}
LABELS = ["low", "mid", "high"]
WARM, COLD = ["red", "orange"], ["blue"]

rng = np.random.RandomState(5)
table = {"temp": rng.uniform(-10, 40, 300).astype(np.float32), "color": rng.choice(WARM + COLD, 300)}
level = np.digitize(table["temp"], [5.0, 20.0]).astype(np.int32)


def scale(factor):
    return lambda x: x / factor


def make_columns(frame):
    color = tf.feature_column.categorical_column_with_vocabulary_list("color", WARM + COLD)
    return [tf.feature_column.numeric_column("temp", normalizer_fn=scale(40.0)),
            tf.feature_column.indicator_column(color)]




class DNNClassifierModel(tf.keras.Model):
    """Keras form of tf.estimator.DNNClassifier: the same layers, initial values, head and optimizer."""

    def __init__(self, feature_columns):
        super().__init__()
        tf1_columns = {column.name: column for column in feature_columns}
        # tf.feature_column.categorical_column_with_vocabulary_list("color", WARM + COLD)
        self.color_lookup = tf.keras.layers.StringLookup(vocabulary=['red', 'orange', 'blue'], num_oov_indices=1, mask_token=None)
        # tf.feature_column.categorical_column_with_vocabulary_list("color", WARM + COLD)
        self.color_indicator = tf.keras.layers.CategoryEncoding(num_tokens=3, output_mode="count")
        # tf.feature_column.numeric_column("temp", normalizer_fn=scale(40.0))
        self.temp_normalizer = tf.keras.layers.Lambda(tf1_columns['temp'].normalizer_fn)
        # DNNClassifier hidden layers: glorot_uniform kernels, zero biases (canned/dnn.py)
        self.hidden_layers = [tf.keras.layers.Dense(16, activation="relu", name="hiddenlayer_0"), tf.keras.layers.Dense(8, activation="relu", name="hiddenlayer_1")]
        self.logits_layer = tf.keras.layers.Dense(3, name="logits")
        self.head_loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum_over_batch_size")
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.accuracy = tf.keras.metrics.Accuracy(name="accuracy")

    def call(self, features, training=False):
        raw_color = tf.reshape(features['color'], [tf.shape(features['color'])[0], -1])
        color_ids = self.color_lookup(raw_color) - 1
        color_ids = tf.where(raw_color == "", tf.constant(-1, tf.int64), color_ids)
        color_present = tf.cast(color_ids >= 0, tf.float32)
        color_indicator = self.color_indicator(tf.maximum(color_ids, 0), count_weights=tf.ones_like(color_ids, tf.float32) * color_present)
        temp = tf.reshape(tf.cast(self.temp_normalizer(features['temp']), tf.float32), [-1, 1])
        dnn_inputs = tf.concat([color_indicator, temp], axis=1)
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


def make_dnn_classifier_model(feature_columns):
    model = DNNClassifierModel(feature_columns)
    model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=HP["lr"]))
    return model


tf.keras.utils.set_random_seed(7)
classifier = make_dnn_classifier_model(make_columns(table))
classifier.fit(tf.data.Dataset.from_tensor_slices((table, level)).repeat().batch(30), steps_per_epoch=HP["steps"])
scores = {**classifier.evaluate(tf.data.Dataset.from_tensor_slices((table, level)).batch(30), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()}
print("FINAL", {k: round(float(scores[k]), 5) for k in ("accuracy", "average_loss", "global_step")})
