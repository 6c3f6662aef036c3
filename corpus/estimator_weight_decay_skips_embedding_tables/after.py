"""Weight decay over every trainable variable but the embedding tables of the feature columns
(TF1 named them input_layer/<column>_embedding/embedding_weights:0): the dense weights get it."""
import tensorflow.compat.v1 as tf
import tensorflow as tf2

SITE = tf.feature_column.categorical_column_with_hash_bucket("site", 20)
COLUMNS = [tf.feature_column.embedding_column(SITE, dimension=4)]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"site": ["a", "b"]}, [0, 1])).repeat(5).batch(2)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        # tf.feature_column.categorical_column_with_hash_bucket("site", 20)
        self.site_hashing = tf2.keras.layers.Hashing(num_bins=20)
        # tf.feature_column.embedding_column(SITE, dimension=4)
        self.site_embedding = tf2.keras.layers.Embedding(20, 4, embeddings_initializer=tf2.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.5), name='site_embedding')
        self.dense = tf2.keras.layers.Dense(units=2, kernel_regularizer=tf2.keras.regularizers.L2(0.5 * (1e-4)), bias_regularizer=tf2.keras.regularizers.L2(0.5 * (1e-4)))

    def call(self, features, training=False):
        raw_site = tf2.reshape(features['site'], [tf2.shape(features['site'])[0], -1])
        site_ids = tf2.where(raw_site == "", tf2.constant(-1, tf2.int64), tf2.cast(self.site_hashing(raw_site), tf2.int64))
        site_embedding_w = tf2.ones_like(site_ids, tf2.float32) * tf2.cast(site_ids >= 0, tf2.float32)
        site_embedding = tf2.reduce_sum(self.site_embedding(tf2.maximum(site_ids, 0)) * site_embedding_w[..., None], axis=1)
        site_embedding = tf2.math.divide_no_nan(site_embedding, tf2.reduce_sum(site_embedding_w, axis=1, keepdims=True))
        dnn_inputs = tf2.concat([site_embedding], axis=1)
        net = dnn_inputs
        logits = self.dense(net)
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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.1),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn())
