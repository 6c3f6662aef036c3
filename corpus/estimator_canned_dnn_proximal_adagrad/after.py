"""Loan grades from a DNNClassifier: a hashed branch code seen through an embedding, the
region as an indicator, and proximal Adagrad with an L1 strength as the optimizer."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(2)
BRANCHES = np.array(["b%03d" % i for i in rng.randint(0, 40, size=300)])
REGIONS = rng.choice(["north", "south", "east"], size=300)
INCOME = rng.gamma(2.0, 20.0, size=300).astype(np.float32)
GRADES = ((INCOME > 40) + (REGIONS == "east")).astype(np.int64)

branch = tf.feature_column.categorical_column_with_hash_bucket("branch", 64)
region = tf.feature_column.categorical_column_with_vocabulary_list("region", ["north", "south", "east"])
columns = [
    tf.feature_column.embedding_column(branch, dimension=4),
    tf.feature_column.indicator_column(region),
    tf.feature_column.numeric_column("income", normalizer_fn=lambda x: x / 50.0),
]


def train_input():
    data = tf.data.Dataset.from_tensor_slices(({"branch": BRANCHES, "region": REGIONS, "income": INCOME}, GRADES))
    return data.shuffle(300, seed=3).repeat().batch(30)


def eval_input():
    data = tf.data.Dataset.from_tensor_slices(({"branch": BRANCHES, "region": REGIONS, "income": INCOME}, GRADES))
    return data.batch(60)




class DNNClassifierModel(tf.keras.Model):
    """Keras form of tf.compat.v1.estimator.DNNClassifier: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        # tf.feature_column.categorical_column_with_hash_bucket("branch", 64)
        self.branch_hashing = tf.keras.layers.Hashing(num_bins=64)
        # tf.feature_column.embedding_column(branch, dimension=4)
        self.branch_embedding = tf.keras.layers.Embedding(64, 4, embeddings_initializer=tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.5), name='branch_embedding')
        # tf.feature_column.numeric_column("income", normalizer_fn=lambda x: x / 50.0)
        self.income_normalizer = tf.keras.layers.Lambda(lambda x: x / 50.0)
        # tf.feature_column.categorical_column_with_vocabulary_list("region", ["north", "south", "east"])
        self.region_lookup = tf.keras.layers.StringLookup(vocabulary=['north', 'south', 'east'], num_oov_indices=1, mask_token=None)
        # tf.feature_column.categorical_column_with_vocabulary_list("region", ["north", "south", "east"])
        self.region_indicator = tf.keras.layers.CategoryEncoding(num_tokens=3, output_mode="count")
        # DNNClassifier hidden layers: glorot_uniform kernels, zero biases (canned/dnn.py)
        self.hidden_layers = [tf.keras.layers.Dense(16, activation="relu", name="hiddenlayer_0"), tf.keras.layers.Dense(8, activation="relu", name="hiddenlayer_1")]
        self.logits_layer = tf.keras.layers.Dense(3, name="logits")
        self.head_loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum")
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.accuracy = tf.keras.metrics.Accuracy(name="accuracy")

    def call(self, features, training=False):
        raw_branch = tf.reshape(features['branch'], [tf.shape(features['branch'])[0], -1])
        branch_ids = tf.where(raw_branch == "", tf.constant(-1, tf.int64), tf.cast(self.branch_hashing(raw_branch), tf.int64))
        branch_embedding_w = tf.ones_like(branch_ids, tf.float32) * tf.cast(branch_ids >= 0, tf.float32)
        branch_embedding = tf.reduce_sum(self.branch_embedding(tf.maximum(branch_ids, 0)) * branch_embedding_w[..., None], axis=1)
        branch_embedding = tf.math.divide_no_nan(branch_embedding, tf.reduce_sum(branch_embedding_w, axis=1, keepdims=True))
        income = tf.reshape(tf.cast(self.income_normalizer(features['income']), tf.float32), [-1, 1])
        raw_region = tf.reshape(features['region'], [tf.shape(features['region'])[0], -1])
        region_ids = self.region_lookup(raw_region) - 1
        region_ids = tf.where(raw_region == "", tf.constant(-1, tf.int64), region_ids)
        region_present = tf.cast(region_ids >= 0, tf.float32)
        region_indicator = self.region_indicator(tf.maximum(region_ids, 0), count_weights=tf.ones_like(region_ids, tf.float32) * region_present)
        dnn_inputs = tf.concat([branch_embedding, income, region_indicator], axis=1)
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
        # loss_reduction SUM (V1 default); example weights from weight_column
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
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))
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


class DNNClassifierModelProximalAdagrad(tf.keras.optimizers.Adagrad):
    """TF1's ProximalAdagradOptimizer: Adagrad's accumulator, then the proximal step of the L1
    and L2 strengths. A sparse gradient updates only the rows it holds, as TF1's did."""

    def __init__(self, learning_rate, initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, **kwargs):
        super().__init__(learning_rate, initial_accumulator_value=initial_accumulator_value, epsilon=0.0, **kwargs)
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength

    def proximal(self, value, gradient, accumulator, learning_rate):
        rate = learning_rate * tf.math.rsqrt(accumulator)
        value = value - rate * gradient
        if self.l1_regularization_strength > 0:
            value = tf.sign(value) * tf.maximum(tf.abs(value) - rate * self.l1_regularization_strength, 0.0)
        return value / (1.0 + rate * self.l2_regularization_strength)

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = tf.cast(learning_rate, variable.dtype)
        accumulator = self._accumulators[self._get_variable_index(variable)]
        if isinstance(gradient, tf.IndexedSlices):
            rows, position = tf.unique(gradient.indices)
            values = tf.math.unsorted_segment_sum(tf.cast(gradient.values, variable.dtype), position,
                                                   tf.shape(rows)[0])
            accumulated = tf.gather(accumulator, rows) + values * values
            self.assign(accumulator, tf.IndexedSlices(accumulated, rows))
            updated = self.proximal(tf.gather(variable, rows), values, accumulated, learning_rate)
            self.assign(variable, tf.IndexedSlices(updated, rows))
        else:
            gradient = tf.cast(gradient, variable.dtype)
            self.assign_add(accumulator, gradient * gradient)
            self.assign(variable, self.proximal(variable, gradient, accumulator, learning_rate))

    def get_config(self):
        config = super().get_config()
        config.update(l1_regularization_strength=self.l1_regularization_strength,
                      l2_regularization_strength=self.l2_regularization_strength)
        return config


def make_dnn_classifier_model():
    model = DNNClassifierModel()
    model.compile(optimizer=DNNClassifierModelProximalAdagrad(learning_rate=0.1, l1_regularization_strength=0.001))
    return model


tf.keras.utils.set_random_seed(5)
classifier = make_dnn_classifier_model()
classifier.fit(train_input(), steps_per_epoch=200)
print({**classifier.evaluate(eval_input(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
