"""Clicks predicted from a page id (through a small embedding) and two numbers, trained with
proximal Adagrad: an L1 strength that pushes unused weights to zero, and a decaying rate."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(4)
PAGES = rng.randint(0, 6, size=(120,)).astype(np.int64)
NUMBERS = rng.normal(size=(120, 2)).astype(np.float32)
CLICKS = ((PAGES % 3 == 0) ^ (NUMBERS[:, 0] > 0.5)).astype(np.int64)
TABLE_INIT = np.linspace(-0.3, 0.3, 24).reshape(8, 3).astype(np.float32)
HIDDEN_INIT = np.sin(np.arange(25)).reshape(5, 5).astype(np.float32) * 0.3
OUTPUT_INIT = np.cos(np.arange(10)).reshape(5, 2).astype(np.float32) * 0.3

page = tf.feature_column.categorical_column_with_identity("page", num_buckets=8)
COLUMNS = [
    tf.feature_column.embedding_column(page, 3, initializer=tf.constant_initializer(TABLE_INIT)),
    tf.feature_column.numeric_column("numbers", shape=(2,)),
]


def input_fn():
    features = {"page": PAGES, "numbers": NUMBERS}
    return tf.data.Dataset.from_tensor_slices((features, CLICKS)).repeat(3).batch(12)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        # tf.feature_column.embedding_column(page, 3, initializer=tf.constant_initializer(TABLE_INIT))
        self.page_embedding = tf2.keras.layers.Embedding(8, 3, embeddings_initializer=tf2.keras.initializers.Constant(TABLE_INIT), name='page_embedding')
        self.dense = tf2.keras.layers.Dense(units=5, activation="relu", kernel_initializer=tf2.keras.initializers.Constant(value=HIDDEN_INIT))
        self.dense_1 = tf2.keras.layers.Dense(units=2, kernel_initializer=tf2.keras.initializers.Constant(value=OUTPUT_INIT))

    def call(self, features, training=False):
        numbers = tf2.reshape(tf2.cast(features['numbers'], tf2.float32), [-1, 2])
        raw_page = tf2.reshape(features['page'], [tf2.shape(features['page'])[0], -1])
        page_ids = tf2.cast(raw_page, tf2.int64)
        page_embedding_w = tf2.ones_like(page_ids, tf2.float32) * tf2.cast(page_ids >= 0, tf2.float32)
        page_embedding = tf2.reduce_sum(self.page_embedding(tf2.maximum(page_ids, 0)) * page_embedding_w[..., None], axis=1)
        page_embedding = tf2.math.divide_no_nan(page_embedding, tf2.reduce_sum(page_embedding_w, axis=1, keepdims=True))
        dnn_inputs = tf2.concat([numbers, page_embedding], axis=1)
        inputs = dnn_inputs
        hidden = self.dense(inputs)
        logits = self.dense_1(hidden)
        return logits

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
        logits = self(features, training=False)
        predictions = {"class": tf.argmax(logits, axis=1), "probabilities": tf.nn.softmax(logits)}
        return predictions


class KerasModelProximalAdagrad(tf2.keras.optimizers.Adagrad):
    """TF1's ProximalAdagradOptimizer: Adagrad's accumulator, then the proximal step of the L1
    and L2 strengths. A sparse gradient updates only the rows it holds, as TF1's did."""

    def __init__(self, learning_rate, initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, **kwargs):
        super().__init__(learning_rate, initial_accumulator_value=initial_accumulator_value, epsilon=0.0, **kwargs)
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength

    def proximal(self, value, gradient, accumulator, learning_rate):
        rate = learning_rate * tf2.math.rsqrt(accumulator)
        value = value - rate * gradient
        if self.l1_regularization_strength > 0:
            value = tf2.sign(value) * tf2.maximum(tf2.abs(value) - rate * self.l1_regularization_strength, 0.0)
        return value / (1.0 + rate * self.l2_regularization_strength)

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = tf2.cast(learning_rate, variable.dtype)
        accumulator = self._accumulators[self._get_variable_index(variable)]
        if isinstance(gradient, tf2.IndexedSlices):
            rows, position = tf2.unique(gradient.indices)
            values = tf2.math.unsorted_segment_sum(tf2.cast(gradient.values, variable.dtype), position,
                                                   tf2.shape(rows)[0])
            accumulated = tf2.gather(accumulator, rows) + values * values
            self.assign(accumulator, tf2.IndexedSlices(accumulated, rows))
            updated = self.proximal(tf2.gather(variable, rows), values, accumulated, learning_rate)
            self.assign(variable, tf2.IndexedSlices(updated, rows))
        else:
            gradient = tf2.cast(gradient, variable.dtype)
            self.assign_add(accumulator, gradient * gradient)
            self.assign(variable, self.proximal(variable, gradient, accumulator, learning_rate))

    def get_config(self):
        config = super().get_config()
        config.update(l1_regularization_strength=self.l1_regularization_strength,
                      l2_regularization_strength=self.l2_regularization_strength)
        return config


def make_keras_model(params):
    model = KerasModel()
    model.compile(
        optimizer=KerasModelProximalAdagrad(learning_rate=tf2.keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=params["rate"], decay_steps=10, decay_rate=0.8), l1_regularization_strength=params["l1"], l2_regularization_strength=0.01),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


clicks = make_keras_model({"rate": 0.3, "l1": 0.002})
clicks.fit(input_fn())
print("eval", {**clicks.evaluate(input_fn(), steps=5, return_dict=True), "global_step": clicks.optimizer.iterations.numpy()})
print("first", next((dict(zip(outputs, row)) for outputs in [clicks.predict(input_fn())] for row in zip(*outputs.values())))["probabilities"])
