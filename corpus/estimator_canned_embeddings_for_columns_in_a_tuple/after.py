"""Flight delays: both airports get an embedding, written as a comprehension over the columns."""
import numpy as np
import tensorflow as tf

AIRPORTS = ["ATL", "ORD", "DFW", "DEN", "LAX"]
RNG = np.random.RandomState(12)
ORIGIN = RNG.choice(AIRPORTS, size=200)
DEST = RNG.choice(AIRPORTS, size=200)
DELAYED = ((ORIGIN == "ORD") | (DEST == "DEN")).astype("int32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"origin": ORIGIN, "dest": DEST}, DELAYED)).batch(20).repeat(epochs)


def create_feature_columns():
    origin = tf.feature_column.categorical_column_with_vocabulary_list("origin", AIRPORTS)
    dest = tf.feature_column.categorical_column_with_vocabulary_list("dest", AIRPORTS)
    return [tf.feature_column.embedding_column(c, dimension=3) for c in (origin, dest)]




class DNNClassifierModel(tf.keras.Model):
    """Keras form of tf.estimator.DNNClassifier: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        # tf.feature_column.categorical_column_with_vocabulary_list("dest", AIRPORTS)
        self.dest_lookup = tf.keras.layers.StringLookup(vocabulary=['ATL', 'ORD', 'DFW', 'DEN', 'LAX'], num_oov_indices=1, mask_token=None)
        # tf.feature_column.embedding_column(c, dimension=3)
        self.dest_embedding = tf.keras.layers.Embedding(5, 3, embeddings_initializer=tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.5773502691896258), name='dest_embedding')
        # tf.feature_column.categorical_column_with_vocabulary_list("origin", AIRPORTS)
        self.origin_lookup = tf.keras.layers.StringLookup(vocabulary=['ATL', 'ORD', 'DFW', 'DEN', 'LAX'], num_oov_indices=1, mask_token=None)
        # tf.feature_column.embedding_column(c, dimension=3)
        self.origin_embedding = tf.keras.layers.Embedding(5, 3, embeddings_initializer=tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.5773502691896258), name='origin_embedding')
        # DNNClassifier hidden layers: glorot_uniform kernels, zero biases (canned/dnn.py)
        self.hidden_layers = [tf.keras.layers.Dense(8, activation="relu", name="hiddenlayer_0")]
        self.logits_layer = tf.keras.layers.Dense(1, name="logits")
        self.head_loss = tf.keras.losses.BinaryCrossentropy(from_logits=True, reduction="sum_over_batch_size")
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.accuracy = tf.keras.metrics.Accuracy(name="accuracy")
        self.precision = tf.keras.metrics.Precision(name="precision")
        self.recall = tf.keras.metrics.Recall(name="recall")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.auc = tf.keras.metrics.AUC(name="auc")
        self.auc_pr = tf.keras.metrics.AUC(curve="PR", name="auc_precision_recall")

    def call(self, features, training=False):
        raw_dest = tf.reshape(features['dest'], [tf.shape(features['dest'])[0], -1])
        dest_ids = self.dest_lookup(raw_dest) - 1
        dest_ids = tf.where(raw_dest == "", tf.constant(-1, tf.int64), dest_ids)
        dest_embedding_w = tf.ones_like(dest_ids, tf.float32) * tf.cast(dest_ids >= 0, tf.float32)
        dest_embedding = tf.reduce_sum(self.dest_embedding(tf.maximum(dest_ids, 0)) * dest_embedding_w[..., None], axis=1)
        dest_embedding = tf.math.divide_no_nan(dest_embedding, tf.reduce_sum(dest_embedding_w, axis=1, keepdims=True))
        raw_origin = tf.reshape(features['origin'], [tf.shape(features['origin'])[0], -1])
        origin_ids = self.origin_lookup(raw_origin) - 1
        origin_ids = tf.where(raw_origin == "", tf.constant(-1, tf.int64), origin_ids)
        origin_embedding_w = tf.ones_like(origin_ids, tf.float32) * tf.cast(origin_ids >= 0, tf.float32)
        origin_embedding = tf.reduce_sum(self.origin_embedding(tf.maximum(origin_ids, 0)) * origin_embedding_w[..., None], axis=1)
        origin_embedding = tf.math.divide_no_nan(origin_embedding, tf.reduce_sum(origin_embedding_w, axis=1, keepdims=True))
        dnn_inputs = tf.concat([dest_embedding, origin_embedding], axis=1)
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
        class_ids = tf.cast(y_pred > 0, tf.float32)  # argmax([0, logit])
        logistic = tf.sigmoid(y_pred)
        self.average_loss.update_state(tf.keras.losses.binary_crossentropy(labels, y_pred, from_logits=True), sample_weight=weights)
        for metric in (self.accuracy, self.precision, self.recall):
            metric.update_state(labels, class_ids, sample_weight=weights)
        self.prediction_mean.update_state(logistic, sample_weight=weights)
        self.label_mean.update_state(labels, sample_weight=weights)
        self.auc.update_state(labels, logistic, sample_weight=weights)
        self.auc_pr.update_state(labels, logistic, sample_weight=weights)
        results = self.get_metrics_result()
        # the head's accuracy of always predicting the majority label
        results["accuracy_baseline"] = tf.maximum(results["label/mean"], 1 - results["label/mean"])
        return results

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        two_class_logits = tf.concat([tf.zeros_like(logits), logits], axis=-1)
        probabilities = tf.nn.softmax(two_class_logits)
        class_ids = tf.argmax(two_class_logits, axis=-1)[:, None]
        batch = tf.shape(logits)[0]
        return {
            "logits": logits,
            "logistic": tf.sigmoid(logits),
            "probabilities": probabilities,
            "class_ids": class_ids,
            "classes": tf.strings.as_string(class_ids),
            "all_class_ids": tf.tile(tf.range(2)[None, :], [batch, 1]),
            "all_classes": tf.tile(tf.constant([[b'0', b'1']]), [batch, 1]),
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


class DNNClassifierModelAdam(tf.keras.optimizers.Adam):
    """Keras's Adam, given the rows of a sparse gradient summed by index, as TF1's optimizers
    were: an embedding lookup's gradient holds a row per lookup, and Keras 3 would update
    once per row where an index repeats in a batch."""

    def apply(self, grads, trainable_variables=None):
        # TF1 summed the rows of a sparse gradient that share an index, then updated
        grads = [self.summed_rows(g) if isinstance(g, tf.IndexedSlices) else g for g in grads]
        return super().apply(grads, trainable_variables)

    @staticmethod
    def summed_rows(gradient):
        rows, position = tf.unique(gradient.indices)
        values = tf.math.unsorted_segment_sum(gradient.values, position, tf.shape(rows)[0])
        return tf.IndexedSlices(values, rows, gradient.dense_shape)


def make_dnn_classifier_model():
    model = DNNClassifierModel()
    model.compile(optimizer=DNNClassifierModelAdam(learning_rate=0.001))
    return model


tf.keras.utils.set_random_seed(2)
model = make_dnn_classifier_model()
model.fit(input_fn(10))
print({**model.evaluate(input_fn(1), return_dict=True), "global_step": model.optimizer.iterations.numpy()})
