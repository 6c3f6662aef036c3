"""Wide & deep on one raw age: coarse buckets for the wide part, fine ones for the deep part."""
import numpy as np
import tensorflow as tf

AGES = np.random.RandomState(5).uniform(18, 80, size=(80,)).astype("float32")
HOURS = np.random.RandomState(6).uniform(10, 60, size=(80,)).astype("float32")
EARNS_MORE = ((AGES > 35) & (HOURS > 30)).astype("int32")


def input_fn(epochs):
    data = ({"age": AGES, "hours": HOURS}, EARNS_MORE)
    return tf.data.Dataset.from_tensor_slices(data).shuffle(80, seed=2).batch(16).repeat(epochs)


age = tf.feature_column.numeric_column("age")
hours = tf.feature_column.numeric_column("hours", normalizer_fn=lambda x: (x - 35.0) / 15.0)
wide_columns = [tf.feature_column.bucketized_column(age, boundaries=[30, 50]), hours]
deep_columns = [tf.feature_column.indicator_column(tf.feature_column.bucketized_column(
    age, boundaries=[25, 30, 35, 40, 45, 50, 60])), hours]



class DNNLinearCombinedClassifierModel(tf.keras.Model):
    """Keras form of tf.estimator.DNNLinearCombinedClassifier: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        # tf.feature_column.bucketized_column( age, boundaries=[25, 30, 35, 40, 45, 50, 60])
        self.age_bucketized = tf.keras.layers.Discretization(bin_boundaries=[25.0, 30.0, 35.0, 40.0, 45.0, 50.0, 60.0])
        # tf.feature_column.bucketized_column( age, boundaries=[25, 30, 35, 40, 45, 50, 60])
        self.age_bucketized_indicator = tf.keras.layers.CategoryEncoding(num_tokens=8, output_mode="count")
        # tf.feature_column.numeric_column("hours", normalizer_fn=lambda x: (x - 35.0) / 15.0)
        self.hours_normalizer = tf.keras.layers.Lambda(lambda x: (x - 35.0) / 15.0)
        # tf.feature_column.bucketized_column(age, boundaries=[30, 50])
        self.age_bucketized_2 = tf.keras.layers.Discretization(bin_boundaries=[30.0, 50.0])
        # tf.feature_column.bucketized_column(age, boundaries=[30, 50])
        self.age_bucketized_2_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=3, output_mode="count")
        # DNNLinearCombinedClassifier hidden layers: glorot_uniform kernels, zero biases (canned/dnn.py)
        self.hidden_layers = [tf.keras.layers.Dense(8, activation="relu", name="hiddenlayer_0"), tf.keras.layers.Dense(4, activation="relu", name="hiddenlayer_1")]
        self.logits_layer = tf.keras.layers.Dense(1, name="logits")
        self.linear_model = tf.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
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
        age = tf.reshape(tf.cast(features['age'], tf.float32), [-1, 1])
        age_bucketized_ids = tf.cast(self.age_bucketized(age), tf.int64)
        age_bucketized_present = tf.cast(age_bucketized_ids >= 0, tf.float32)
        age_bucketized_indicator = self.age_bucketized_indicator(tf.maximum(age_bucketized_ids, 0), count_weights=tf.ones_like(age_bucketized_ids, tf.float32) * age_bucketized_present)
        hours = tf.reshape(tf.cast(self.hours_normalizer(features['hours']), tf.float32), [-1, 1])
        dnn_inputs = tf.concat([age_bucketized_indicator, hours], axis=1)
        age_bucketized_2_ids = tf.cast(self.age_bucketized_2(age), tf.int64)
        age_bucketized_2_present = tf.cast(age_bucketized_2_ids >= 0, tf.float32)
        age_bucketized_2_linear_counts = self.age_bucketized_2_linear_counts(tf.maximum(age_bucketized_2_ids, 0), count_weights=tf.ones_like(age_bucketized_2_ids, tf.float32) * age_bucketized_2_present)
        linear_inputs = tf.concat([age_bucketized_2_linear_counts, hours], axis=1)
        net = dnn_inputs
        for i, layer in enumerate(self.hidden_layers):
            net = layer(net)
        dnn_logits = self.logits_layer(net)
        linear_logits = self.linear_model(linear_inputs)
        return dnn_logits + linear_logits

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
    def train_step(self, data):
        # Two optimizers, as DNNLinearCombined had: one tape, each optimizer applies its
        # own variables; model.optimizer (the DNN's) counts the global step.
        x, y, sample_weight = tf.keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)  # without a strategy the first trace makes the variables here
            loss = self.compute_loss(x, y, y_pred, sample_weight, training=True)
        self.build_optimizers()
        dnn, linear = self.dnn_and_linear_variables()
        dnn_grads, linear_grads = tape.gradient(loss, [dnn, linear])
        self.optimizer.apply(dnn_grads, dnn)
        self.linear_optimizer.apply(linear_grads, linear)
        replicas = tf.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf.shape(y_pred)[0])
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def dnn_and_linear_variables(self):
        linear = list(self.linear_model.trainable_variables)
        linear_ids = set(id(v) for v in linear)
        return [v for v in self.trainable_variables if id(v) not in linear_ids], linear

    def build_optimizers(self):
        # Both optimizers make their variables once, before their first apply and outside the
        # traced step (tf.init_scope): tf.function allows new variables only on its first trace,
        # and apply() would otherwise build an optimizer on a later one. model.optimizer covers
        # all trainable variables, as Keras builds it itself (fit under a strategy, load_model).
        with tf.init_scope():
            if not self.optimizer.built:
                self.optimizer.build(self.trainable_variables)
            if not self.linear_optimizer.built:
                self.linear_optimizer.build(self.linear_model.trainable_variables)

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
        if self._distribute_strategy is not None:
            # Keras built the model and model.optimizer above; the linear optimizer too, in
            # the strategy's scope (not per replica inside the step)
            with self.distribute_strategy.scope():
                self.build_optimizers()


def make_dnn_linear_combined_classifier_model():
    model = DNNLinearCombinedClassifierModel()
    model.linear_optimizer = tf.keras.optimizers.Ftrl(learning_rate=0.005)
    model.compile(optimizer=tf.keras.optimizers.Adagrad(learning_rate=0.001))
    return model


tf.keras.utils.set_random_seed(1)
model = make_dnn_linear_combined_classifier_model()
model.fit(input_fn(20))
print({**model.evaluate(input_fn(1), return_dict=True), "global_step": model.optimizer.iterations.numpy()})
